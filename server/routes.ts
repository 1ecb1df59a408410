import { authRoutes } from './modules/auth/auth.routes';
import { dictsRoutes } from './modules/dicts/dicts.routes';
import { filesRoutes } from './modules/files/files.routes';
import { i18nRoutes } from './modules/i18n/i18n.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { schoolRoutes } from './modules/school/school.routes';
import { selectorRoutes } from './modules/selector/selector.routes';
import { usersRoutes } from './modules/users/users.routes';
import { type AnyRoute, describeRoute, type RouteDescription } from './plugins/routes';

/** The route registry: every API route of the server, as declared by its module. */
export const allRoutes: readonly AnyRoute[] = [...authRoutes, ...permissionsRoutes, ...usersRoutes, ...i18nRoutes, ...schoolRoutes, ...dictsRoutes, ...messagesRoutes, ...filesRoutes, ...selectorRoutes];

export const routeRegistry = (): RouteDescription[] => allRoutes.map(describeRoute);
