import { loginRequest, updatePasswordRequest } from '../../../contracts/session';
import { noteCaller } from '../../plugins/app-log';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { requestHostName } from '../../plugins/tenancy';

export const authRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/login/options',
    operation: reads('登录页选项', 'Login options'),
    access: 'public',
    summary: 'what the login form shows: captcha on/off, the school of this host or the list of schools',
    handler: ({ db, services, request, lang }) =>
      db.withGlobal(async (tx) => {
        const tenantByHost = await services.tenants.findByHost(tx, requestHostName(request));
        return services.auth.loginOptions(tenantByHost, tx, lang);
      }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/captcha',
    operation: reads('获取验证码', 'Get a captcha'),
    access: 'public',
    summary: 'a new captcha image and its id (answer valid 5 minutes, once)',
    handler: ({ services }) => services.auth.createCaptcha(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/login/v3',
    operation: changes('登录', 'Log in'),
    access: 'public',
    summary: 'log in with username, password, captcha and school; answers headerName and token',
    body: loginRequest,
    handler: async ({ body, services, request, setMessage }) => {
      const data = await services.auth.login(body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        host: requestHostName(request),
        onCaller: (tenantId, userId) => noteCaller(request, tenantId, userId),
      });
      setMessage('loginSucceeded');
      return data;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/logout',
    operation: changes('退出登录', 'Log out'),
    access: 'session',
    beforePasswordChange: true,
    touchSession: false,
    summary: 'end the caller session; result true',
    handler: async ({ tx, session, services, setMessage }) => {
      await services.auth.logout(tx, session);
      setMessage('loggedOut');
      return true;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/getExpires',
    operation: reads('查询会话有效期', 'Session expiry'),
    access: 'session',
    beforePasswordChange: true,
    touchSession: false,
    summary: 'seconds before the session expires when idle; does not extend it',
    handler: async ({ session, services }) => services.auth.expiresIn(session),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/login/getPwdStrategy',
    operation: reads('查询密码规则', 'Password rule'),
    access: 'public',
    summary: 'password rule (regular expression) and its description in the caller language',
    handler: ({ withRequestTenant, services, lang }) =>
      withRequestTenant((tx, tenant) => services.auth.passwordStrategy(tx, tenant, lang)),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/security/get',
    operation: reads('获取加密公钥', 'Encryption key'),
    access: 'public',
    summary: 'RSA public key (PEM) for OAEP-SHA256 encrypted fields',
    handler: ({ services }) => services.auth.securityKey(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/saas/db/update/pwd',
    operation: changes('修改密码', 'Change password'),
    access: 'session',
    beforePasswordChange: true,
    summary: 'change own password (oldPassword, newPassword RSA-encrypted); ends other sessions',
    body: updatePasswordRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      await services.auth.updatePassword(tx, session, body);
      setMessage('passwordChanged');
      return true;
    },
  }),
];
