import { getUserInfoRequest } from '../../../contracts/session';
import { defineRoute } from '../../plugins/routes';

export const usersRoutes = [
  defineRoute({
    method: 'POST',
    url: '/userManage/getUserInfo',
    // own account for everyone; other accounts need system_user (checked in UsersService)
    access: 'session',
    summary: 'account row (ID, USERNAME, ENABLED; PASSWORD always empty) of a user',
    body: getUserInfoRequest,
    handler: ({ tx, session, body, services }) =>
      services.users.userInfoRows(tx, session, body.userId, () => services.permissions.grantedCodes(tx, session)),
  }),
];
