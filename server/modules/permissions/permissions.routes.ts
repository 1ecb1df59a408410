import { defineRoute, reads } from '../../plugins/define-route';

export const permissionsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/ms/getPermission',
    operation: reads('加载菜单与权限', 'Load menus and permissions'),
    access: 'session',
    beforePasswordChange: true,
    summary: 'menus tree, permission codes, role codes and user info of the caller',
    // the hot call of every page load: answered from memory while nothing of the caller changed
    fromMemory: ({ session, services }) => services.permissions.recallPayload(session),
    handler: ({ tx, session, services }) => services.permissions.permissionPayload(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/role/refresh',
    operation: reads('刷新权限', 'Refresh permissions'),
    access: 'session',
    beforePasswordChange: true,
    summary: 'drop the cached permission set of the caller; result true',
    handler: async ({ tx, session, services, setMessage }) => {
      await services.permissions.forget(tx, session);
      setMessage('rolesRefreshed');
      return true;
    },
  }),
];
