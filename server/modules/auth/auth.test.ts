import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../contracts/envelope';
import { DEFAULT_TOKEN_HEADER, type LoginOptions, utf8BinaryString } from '../../../contracts/session';
import {
  buildTestApp,
  call,
  createUser,
  DEMO_PASSWORD,
  encryptForServer,
  login,
  loginRaw,
  ownerQuery,
  type TestApp,
  uniqueIp,
} from '../../test/helpers';
import { hashCaptchaAnswer } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sessionOf = async (token: string) =>
  (await ownerQuery<{ id: string; revoked_at: Date | null; expires_at: Date; last_seen_at: Date }>(
    t.db,
    'SELECT id, revoked_at, expires_at, last_seen_at FROM sessions WHERE token_hash = $1',
    [sha256(token)],
  ))[0];
const failuresOf = async (accountKey: string) =>
  Number((await ownerQuery<{ count: string }>(t.db, 'SELECT count(*) FROM login_failures WHERE account_key = $1', [accountKey]))[0].count);

describe('GET /api/login/options', () => {
  it('lists the schools when the host does not identify one', async () => {
    const { body } = await call<LoginOptions>(t.app, 'GET', '/api/login/options');
    expect(body).toMatchObject({ code: 1, result: true });
    expect(body.data.captchaEnabled).toBe(false);
    expect(body.data.tenant).toBeNull();
    expect(body.data.tenants).toEqual(expect.arrayContaining([{ code: 'demo', name: '示范学校' }, { code: 'kg', name: '示范幼儿园' }]));
  });

  it('names the schools in the caller language', async () => {
    const { body } = await call<LoginOptions>(t.app, 'GET', '/api/login/options', { headers: { 'accept-language': 'en' } });
    const names = body.data.tenants.map((tenant) => tenant.name);
    expect(names).not.toContain('示范学校');
    expect(names.every((name) => /^[\x20-\x7e]+$/.test(name))).toBe(true);
  });

  it('names the school of the host, and reports captcha on', async () => {
    const withCaptcha = await buildTestApp({ captchaEnabled: true });
    try {
      const { body } = await call<LoginOptions>(withCaptcha.app, 'GET', '/api/login/options', { headers: { host: 'kg.localhost:8080' } });
      expect(body.data).toEqual({ captchaEnabled: true, tenant: { code: 'kg', name: '示范幼儿园' }, tenants: [], requestEncryption: false });
    } finally {
      await withCaptcha.close();
    }
  });
});

describe('GET /api/captcha', () => {
  it('answers an SVG image and stores only a hash of the answer', async () => {
    const { body } = await call<{ captchaId: string; image: string }>(t.app, 'GET', '/api/captcha');
    expect(body.code).toBe(1);
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.data.image.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await ownerQuery<{ answer_hash: string; ttl: number }>(
      t.db,
      `SELECT answer_hash, extract(epoch FROM expires_at - now())::int AS ttl FROM captchas WHERE id = $1`,
      [body.data.captchaId],
    );
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.ttl).toBeGreaterThan(290);
    expect(row.ttl).toBeLessThanOrEqual(300);
  });
});

describe('POST /api/login/v3', () => {
  it('logs in with a form and stores only the token hash', async () => {
    const { body } = await loginRaw(t.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo' });
    expect(body).toMatchObject({ code: 1, result: true, msg: '登录成功', data: { headerName: DEFAULT_TOKEN_HEADER } });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionOf(body.data.token)).toBeDefined();
    const leaked = await ownerQuery(t.db, 'SELECT 1 FROM sessions WHERE token_hash = $1', [body.data.token]);
    expect(leaked).toHaveLength(0);
  });

  it('accepts JSON too, and takes the school from the host', async () => {
    const { body } = await call<{ token: string }>(t.app, 'POST', '/api/login/v3', {
      json: { username: 'teacher', password: DEMO_PASSWORD },
      headers: { host: 'demo.localhost' },
    });
    expect(body.code).toBe(1);
  });

  it('logs every demo account in', async () => {
    for (const [tenant, username] of [['demo', 'admin'], ['demo', 'teacher'], ['demo', 'student'], ['demo', 'parent'], ['kg', 'admin']]) {
      await expect(login(t.app, tenant, username)).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('rejects bad input naming the field, and writes nothing', async () => {
    const ip = uniqueIp();
    const before = await ownerQuery<{ count: string }>(t.db, 'SELECT count(*) FROM sessions');
    const { body } = await loginRaw(t.app, { username: '  ', password: 'abc', tenant: 'demo' }, { ip });
    expect(body).toMatchObject({ code: ResponseCode.invalidInput, result: false, data: null });
    expect(body.msg).toContain('用户名(username)不能为空');
    expect(body.msg).toContain('密码(password)长度不能少于5个字符');
    const after = await ownerQuery<{ count: string }>(t.db, 'SELECT count(*) FROM sessions');
    expect(after[0].count).toBe(before[0].count);
    expect(await ownerQuery(t.db, 'SELECT 1 FROM login_failures WHERE ip = $1', [ip])).toHaveLength(0);

    const english = await loginRaw(t.app, { password: DEMO_PASSWORD, tenant: 'demo' }, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(english.body.msg).toBe('Username (username) is required');
  });

  it('asks for the school when neither the form nor the host names one', async () => {
    const { body } = await loginRaw(t.app, { username: 'admin', password: DEMO_PASSWORD });
    expect(body).toMatchObject({ code: ResponseCode.invalidInput, msg: '请选择学校' });
    const unknown = await loginRaw(t.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'nowhere' });
    expect(unknown.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '学校不存在或已停用：nowhere' });
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const user = await createUser(t.db, 'demo');
    const wrong = await loginRaw(t.app, { username: user.username, password: 'Wrong@2026', tenant: 'demo' });
    const unknown = await loginRaw(t.app, { username: 'nobody_here', password: 'Wrong@2026', tenant: 'demo' });
    expect(wrong.body).toEqual({ code: ResponseCode.badCredentials, result: false, msg: '用户名或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("does not let a school's username into another school", async () => {
    const { body } = await loginRaw(t.app, { username: 'teacher', password: DEMO_PASSWORD, tenant: 'kg' });
    expect(body.code).toBe(ResponseCode.badCredentials);
  });

  it('says when an account is disabled', async () => {
    const user = await createUser(t.db, 'demo', { enabled: false });
    const { body } = await loginRaw(t.app, { username: user.username, password: user.password, tenant: 'demo' });
    expect(body).toMatchObject({ code: ResponseCode.accountDisabled, msg: '账号已停用，请联系管理员' });
  });

  it('throttles an account after 5 failures, even with the right password, and says when to retry', async () => {
    const user = await createUser(t.db, 'demo');
    for (let i = 0; i < 5; i += 1) {
      const { body } = await loginRaw(t.app, { username: user.username, password: 'Wrong@2026', tenant: 'demo' });
      expect(body.code).toBe(ResponseCode.badCredentials);
    }
    const { body } = await loginRaw(t.app, { username: user.username, password: user.password, tenant: 'demo' });
    expect(body).toMatchObject({ code: ResponseCode.rateLimited, result: false, msg: '失败次数过多，请15分钟后再试' });
    expect((body.data as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(800);
    expect(await failuresOf(`demo/${user.username}`)).toBe(5);

    // The state lives in the database: another server instance refuses too.
    const other = await buildTestApp();
    try {
      const again = await loginRaw(other.app, { username: user.username, password: user.password, tenant: 'demo' }, { headers: { 'x-lang': 'en' } });
      expect(again.body).toMatchObject({ code: ResponseCode.rateLimited, msg: 'Too many failed attempts, please try again in 15 minute(s)' });
    } finally {
      await other.close();
    }

    // Once the failures leave the window, the account works again and its failures are cleared.
    await ownerQuery(t.db, `UPDATE login_failures SET failed_at = now() - interval '16 minutes' WHERE account_key = $1`, [`demo/${user.username}`]);
    expect((await loginRaw(t.app, { username: user.username, password: user.password, tenant: 'demo' })).body.code).toBe(1);
    expect(await failuresOf(`demo/${user.username}`)).toBe(0);
  });

  it('throttles a client address across accounts', async () => {
    const strict = await buildTestApp({ loginThrottle: { windowMinutes: 15, maxPerAccount: 5, maxPerIp: 3 } });
    try {
      const ip = uniqueIp();
      for (let i = 0; i < 3; i += 1) {
        await loginRaw(strict.app, { username: `ghost${i}`, password: 'Wrong@2026', tenant: 'demo' }, { ip });
      }
      const blocked = await loginRaw(strict.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo' }, { ip });
      expect(blocked.body.code).toBe(ResponseCode.rateLimited);
      const elsewhere = await loginRaw(strict.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo' });
      expect(elsewhere.body.code).toBe(1);
    } finally {
      await strict.close();
    }
  });

  describe('captcha', () => {
    let captchaApp: TestApp;
    beforeAll(async () => {
      captchaApp = await buildTestApp({ captchaEnabled: true });
    });
    afterAll(() => captchaApp.close());

    /** A captcha with a known answer (the real one is only in the image). */
    const knownCaptcha = async (answer: string, ttl = "interval '5 minutes'") => {
      const { body } = await call<{ captchaId: string }>(captchaApp.app, 'GET', '/api/captcha');
      const id = body.data.captchaId;
      await ownerQuery(captchaApp.db, `UPDATE captchas SET answer_hash = $2, expires_at = now() + ${ttl} WHERE id = $1`, [id, hashCaptchaAnswer(id, answer)]);
      return id;
    };

    it('requires it when on', async () => {
      const { body } = await loginRaw(captchaApp.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo' });
      expect(body).toMatchObject({ code: ResponseCode.badCaptcha, msg: '请输入验证码' });
    });

    it('accepts the right answer once, case-insensitively', async () => {
      const captchaId = await knownCaptcha('AbCd');
      const form = { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo', captchaId, captcha: 'abcd' };
      expect((await loginRaw(captchaApp.app, form)).body.code).toBe(1);
      expect((await loginRaw(captchaApp.app, form)).body).toMatchObject({ code: ResponseCode.badCaptcha, msg: '验证码错误或已过期，请重新输入' });
    });

    it('refuses a wrong answer and uses the captcha up', async () => {
      const captchaId = await knownCaptcha('wxyz');
      const wrong = await loginRaw(captchaApp.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo', captchaId, captcha: 'wxya' });
      expect(wrong.body.code).toBe(ResponseCode.badCaptcha);
      expect(await ownerQuery(captchaApp.db, 'SELECT 1 FROM captchas WHERE id = $1', [captchaId])).toHaveLength(0);
    });

    it('refuses an expired captcha and a malformed id', async () => {
      const captchaId = await knownCaptcha('late', "interval '-1 second'");
      const expired = await loginRaw(captchaApp.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo', captchaId, captcha: 'late' });
      expect(expired.body.code).toBe(ResponseCode.badCaptcha);
      const malformed = await loginRaw(captchaApp.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo', captchaId: 'x', captcha: 'late' });
      expect(malformed.body.code).toBe(ResponseCode.badCaptcha);
    });

    it('is ignored when off', async () => {
      const { body } = await loginRaw(t.app, { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo', captchaId: 'junk', captcha: 'zz' });
      expect(body.code).toBe(1);
    });
  });
});

describe('sessions', () => {
  it('answers 90001 without a token, with a malformed or unknown one', async () => {
    for (const token of [undefined, 'not-a-token', 'A'.repeat(43)]) {
      const { body } = await call(t.app, 'GET', '/ms/getPermission', { token });
      expect(body).toEqual({ code: ResponseCode.loginExpired, result: false, msg: '登录已过期，请重新登录', data: null });
    }
    const english = await call(t.app, 'GET', '/ms/getPermission', { headers: { 'accept-language': 'en' } });
    expect(english.body.msg).toBe('Your login has expired, please log in again');
  });

  it('accepts the token as Authorization: Bearer', async () => {
    const token = await login(t.app, 'demo', 'admin');
    const { body } = await call(t.app, 'GET', '/api/getExpires', { headers: { authorization: `Bearer ${token}` } });
    expect(body.code).toBe(1);
  });

  it('answers 90001 once the session expired', async () => {
    const token = await login(t.app, 'demo', 'teacher');
    await ownerQuery(t.db, `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    for (const url of ['/ms/getPermission', '/api/getExpires', '/logout']) {
      expect((await call(t.app, 'GET', url, { token })).body.code).toBe(ResponseCode.loginExpired);
    }
  });

  it('slides the idle expiry on activity, at most every 30 s', async () => {
    const token = await login(t.app, 'demo', 'teacher');
    await ownerQuery(
      t.db,
      `UPDATE sessions SET last_seen_at = now() - interval '5 minutes', expires_at = now() + interval '2 minutes' WHERE token_hash = $1`,
      [sha256(token)],
    );
    expect((await call(t.app, 'GET', '/ms/getPermission', { token })).body.code).toBe(1);
    const touched = await sessionOf(token);
    const minutesLeft = (touched.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(t.config.sessionIdleMinutes - 1);

    // A second call right away does not write again.
    await call(t.app, 'GET', '/ms/getPermission', { token });
    expect((await sessionOf(token)).last_seen_at.getTime()).toBe(touched.last_seen_at.getTime());
  });

  it('GET /api/getExpires reports the seconds left without extending them', async () => {
    const token = await login(t.app, 'demo', 'teacher');
    const fresh = await call<{ expiresIn: number }>(t.app, 'GET', '/api/getExpires', { token });
    expect(fresh.body.data.expiresIn).toBeGreaterThan(t.config.sessionIdleMinutes * 60 - 10);
    await ownerQuery(
      t.db,
      `UPDATE sessions SET last_seen_at = now() - interval '5 minutes', expires_at = now() + interval '100 seconds' WHERE token_hash = $1`,
      [sha256(token)],
    );
    const { body } = await call<{ expiresIn: number }>(t.app, 'GET', '/api/getExpires', { token });
    expect(body.data.expiresIn).toBeGreaterThan(90);
    expect(body.data.expiresIn).toBeLessThanOrEqual(100);
    expect((await sessionOf(token)).expires_at.getTime() - Date.now()).toBeLessThan(101_000);
  });

  it('GET /logout revokes the session', async () => {
    const token = await login(t.app, 'demo', 'student');
    const { body } = await call(t.app, 'GET', '/logout', { token });
    expect(body).toMatchObject({ code: 1, result: true, data: true, msg: '已退出登录' });
    expect((await sessionOf(token)).revoked_at).not.toBeNull();
    expect((await call(t.app, 'GET', '/ms/getPermission', { token })).body.code).toBe(ResponseCode.loginExpired);
  });

  it('does not renew a young token', async () => {
    const token = await login(t.app, 'demo', 'admin');
    const response = await call(t.app, 'GET', '/ms/getPermission', { token });
    expect(response.headers['x-access-token']).toBeUndefined();
  });

  describe('token rotation', () => {
    let rotating: TestApp;
    beforeAll(async () => {
      rotating = await buildTestApp({ tokenRotateMinutes: 0 });
    });
    afterAll(() => rotating.close());

    it('renews an old token in the response header; the old one works for a short grace', async () => {
      const first = await login(rotating.app, 'demo', 'teacher');
      const renewed = await call(rotating.app, 'GET', '/ms/getPermission', { token: first });
      expect(renewed.body.code).toBe(1);
      const second = renewed.headers['x-access-token'] as string;
      expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second).not.toBe(first);

      // A parallel request still carrying the first token succeeds, and does not rotate again.
      const parallel = await call(rotating.app, 'GET', '/ms/getPermission', { token: first });
      expect(parallel.body.code).toBe(1);
      expect(parallel.headers['x-access-token']).toBeUndefined();

      // The new token works (and, with rotation at 0 minutes, is itself renewed).
      const next = await call(rotating.app, 'GET', '/api/role/refresh', { token: second });
      expect(next.body.code).toBe(ResponseCode.notFound); // GET on a POST route: still an envelope
      const third = await call(rotating.app, 'POST', '/api/role/refresh', { token: second });
      expect(third.body.code).toBe(1);
      expect(third.headers['x-access-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // After the grace period the first token is dead.
      await ownerQuery(rotating.db, `UPDATE sessions SET previous_valid_until = now() - interval '1 second' WHERE previous_token_hash IS NOT NULL`);
      expect((await call(rotating.app, 'GET', '/ms/getPermission', { token: first })).body.code).toBe(ResponseCode.loginExpired);
    });

    it('sends no new token when the request fails (its transaction rolled back)', async () => {
      const token = await login(rotating.app, 'demo', 'student');
      const denied = await call(rotating.app, 'POST', '/userManage/getUserInfo', { token, form: { userId: 'admin' } });
      expect(denied.body.code).toBe(ResponseCode.forbidden);
      expect(denied.headers['x-access-token']).toBeUndefined();
      expect((await call(rotating.app, 'GET', '/api/getExpires', { token })).body.code).toBe(1);
    });
  });
});

describe('POST /api/login/getPwdStrategy', () => {
  it('answers the default rule with its description in the caller language', async () => {
    const zh = await call<{ rule: string; description: string }>(t.app, 'POST', '/api/login/getPwdStrategy');
    expect(zh.body.data.description).toBe('密码长度8-50位，须包含字母和数字');
    const rule = new RegExp(zh.body.data.rule);
    expect(rule.test('abc12345')).toBe(true);
    expect(rule.test('abcdefgh')).toBe(false);
    expect(rule.test('a1')).toBe(false);
    expect(rule.test(`a1${'x'.repeat(49)}`)).toBe(false);
    const en = await call<{ description: string }>(t.app, 'POST', '/api/login/getPwdStrategy', { headers: { 'x-lang': 'en' } });
    expect(en.body.data.description).toBe('8-50 characters, with both letters and digits');
  });

  it("answers the tenant's own rule when it has one", async () => {
    await ownerQuery(
      t.db,
      `UPDATE password_policies SET rule = '^.{12,50}$', description_zh = '密码至少12位' FROM tenants WHERE tenants.id = password_policies.tenant_id AND tenants.code = 'kg'`,
    );
    try {
      const { body } = await call<{ rule: string; description: string }>(t.app, 'POST', '/api/login/getPwdStrategy', { headers: { 'x-tenant': 'kg' } });
      expect(body.data).toEqual({ rule: '^.{12,50}$', description: '密码至少12位' });
    } finally {
      await ownerQuery(
        t.db,
        `UPDATE password_policies SET rule = '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$', description_zh = '密码长度8-50位，须包含字母和数字' FROM tenants WHERE tenants.id = password_policies.tenant_id AND tenants.code = 'kg'`,
      );
    }
  });
});

describe('POST /api/security/get', () => {
  it('answers the same public key every time and never the private one', async () => {
    const first = await call<{ publicKey: string }>(t.app, 'POST', '/api/security/get');
    expect(first.body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(JSON.stringify(first.body)).not.toContain('PRIVATE');
    const other = await buildTestApp();
    try {
      expect((await call<{ publicKey: string }>(other.app, 'POST', '/api/security/get')).body.data.publicKey).toBe(first.body.data.publicKey);
    } finally {
      await other.close();
    }
  });

  it("decrypts what the client's jsencrypt encryptOAEP (SHA-256) produces", async () => {
    const { default: JSEncrypt } = await import('jsencrypt');
    const { body } = await call<{ publicKey: string }>(t.app, 'POST', '/api/security/get');
    const encryptor = new JSEncrypt();
    encryptor.setPublicKey(body.data.publicKey);
    const cipher = encryptor.encryptOAEP(utf8BinaryString('密码Secret123'));
    expect(cipher).toBeTruthy();
    expect(await t.app.services.auth.decrypt(cipher as string)).toBe('密码Secret123');
  });
});

describe('POST /api/saas/db/update/pwd', () => {
  const change = async (token: string, oldPassword: string, newPassword: string, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', '/api/saas/db/update/pwd', {
      token,
      headers,
      form: { oldPassword: await encryptForServer(t.app, oldPassword), newPassword: await encryptForServer(t.app, newPassword) },
    });
  const hashOf = async (userId: string) => (await ownerQuery<{ password_hash: string }>(t.db, 'SELECT password_hash FROM users WHERE id = $1', [userId]))[0].password_hash;

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const user = await createUser(t.db, 'demo', { roles: ['teacher'] });
    const token = await login(t.app, 'demo', user.username, user.password);
    const otherDevice = await login(t.app, 'demo', user.username, user.password);

    const { body } = await change(token, user.password, 'NewPass2026');
    expect(body).toMatchObject({ code: 1, result: true, msg: '密码修改成功' });

    expect((await loginRaw(t.app, { username: user.username, password: user.password, tenant: 'demo' })).body.code).toBe(ResponseCode.badCredentials);
    await expect(login(t.app, 'demo', user.username, 'NewPass2026')).resolves.toBeTruthy();
    expect((await call(t.app, 'GET', '/api/getExpires', { token: otherDevice })).body.code).toBe(ResponseCode.loginExpired);
    expect((await call(t.app, 'GET', '/api/getExpires', { token })).body.code).toBe(1);
    expect(await hashOf(user.id)).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong old password and keeps the old hash', async () => {
    const user = await createUser(t.db, 'demo');
    const token = await login(t.app, 'demo', user.username, user.password);
    const before = await hashOf(user.id);
    const { body } = await change(token, 'NotMine2026', 'NewPass2026');
    expect(body).toMatchObject({ code: ResponseCode.badCredentials, result: false, msg: '原密码不正确' });
    expect(await hashOf(user.id)).toBe(before);
  });

  it('enforces the strategy, the length limit and a new value', async () => {
    const user = await createUser(t.db, 'demo');
    const token = await login(t.app, 'demo', user.username, user.password);
    const before = await hashOf(user.id);
    expect((await change(token, user.password, 'onlyletters')).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '密码长度8-50位，须包含字母和数字' });
    expect((await change(token, user.password, 'onlyletters', { 'x-lang': 'en' })).body.msg).toBe('8-50 characters, with both letters and digits');
    expect((await change(token, user.password, `a1${'b'.repeat(49)}`)).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '密码长度不能超过50位' });
    expect((await change(token, user.password, user.password)).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '新密码不能与原密码相同' });
    expect(await hashOf(user.id)).toBe(before);
  });

  it('says which field could not be decrypted, or is missing', async () => {
    const token = await login(t.app, 'demo', 'teacher');
    const garbled = await call(t.app, 'POST', '/api/saas/db/update/pwd', {
      token,
      form: { oldPassword: Buffer.from('plain text').toString('base64'), newPassword: await encryptForServer(t.app, 'NewPass2026') },
    });
    expect(garbled.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '原密码(oldPassword)无法解密，请刷新页面后重试' });
    const missing = await call(t.app, 'POST', '/api/saas/db/update/pwd', { token, form: { oldPassword: 'x' } });
    expect(missing.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '新密码(newPassword)不能为空' });
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'POST', '/api/saas/db/update/pwd', { form: { oldPassword: 'a', newPassword: 'b' } })).body.code).toBe(
      ResponseCode.loginExpired,
    );
  });
});
