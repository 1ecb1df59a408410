import { modules } from './modules';
import { type AnyRoute, describeRoute, type RouteDescription } from './plugins/define-route';

/** The route registry: every API route of the server, as declared by the modules of server/modules/index.ts. */
export const allRoutes: readonly AnyRoute[] = Object.values(modules).flatMap((entry) => entry.routes);

export const routeRegistry = (): RouteDescription[] => allRoutes.map(describeRoute);

/** The module that declared a route (the app log's `module`). */
const moduleByRoute = new Map(Object.entries(modules).flatMap(([name, entry]) => entry.routes.map((route) => [route, name] as const)));
export const moduleOfRoute = (route: AnyRoute): string | undefined => moduleByRoute.get(route);
