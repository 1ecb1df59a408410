import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD url` of every route Fastify serves, in registration order (the access tests compare it with the registry) */
    servedRoutes: readonly string[];
  }
}

/**
 * Records every route as Fastify installs it, whoever installs it. Call first, before any plugin:
 * server/security/access.test.ts fails when a route is served that the route registry doesn't declare.
 */
export function trackServedRoutes(app: FastifyInstance) {
  const served: string[] = [];
  app.decorate('servedRoutes', served);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) served.push(`${method} ${route.url}`);
  });
}
