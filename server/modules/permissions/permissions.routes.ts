import { defineRoute } from '../../plugins/routes';

export const permissionsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/ms/getPermission',
    access: 'session',
    beforePasswordChange: true,
    summary: 'menus tree, permission codes, role codes and user info of the caller',
    handler: ({ tx, session, services }) => services.permissions.permissionPayload(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/role/refresh',
    access: 'session',
    beforePasswordChange: true,
    summary: 'drop the cached permission set of the caller; result true',
    handler: async ({ session, services, setMessage }) => {
      services.permissions.forget(session);
      setMessage('rolesRefreshed');
      return true;
    },
  }),
];
