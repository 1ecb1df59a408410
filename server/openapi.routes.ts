import fs from 'node:fs';
import type { AppConfig } from './config';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi';
import { renderApiPage } from './openapi.page';
import { type AnyRoute, defineRoute, RawReply } from './plugins/define-route';

export const OPENAPI_DOCUMENT_URL = '/api/openapi.json';
export const OPENAPI_PAGE_URL = '/api/docs';
/** The tag of these two routes when the registry names no module for them. */
export const OPENAPI_MODULE = 'openapi';

/**
 * What the description is built from. Passed in rather than imported: these routes are themselves in
 * the registry (server/routes.ts), which would otherwise import this file and be imported by it.
 */
export interface OpenApiRegistry {
  routes(): readonly AnyRoute[];
  moduleOf(route: AnyRoute): string | undefined;
}

const packageVersion = (): string => (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The segment of the url an unnamed module is called by (as the app log does). */
const moduleFromUrl = (url: string) => url.split('/').find((segment) => segment && !['api', 'saas', 'ms'].includes(segment)) ?? 'api';

/**
 * `GET /api/openapi.json` and `GET /api/docs`: the API description for integrators and its readable
 * page, both public (no school needed). Built on the first call and kept for the process (per token
 * header and rate limits, the only configuration they show).
 */
export function openApiRoutes(registry: OpenApiRegistry) {
  let built: { key: string; document: string; page: string } | null = null;
  const own = new Set<AnyRoute>();
  const described = (config: AppConfig) => {
    const key = JSON.stringify([config.tokenHeaderName, config.rateLimits]);
    if (built?.key === key) return built;
    const document: OpenApiDocument = buildOpenApiDocument(registry.routes(), {
      moduleOf: (route) => registry.moduleOf(route) ?? (own.has(route) ? OPENAPI_MODULE : moduleFromUrl(route.url)),
      tokenHeaderName: config.tokenHeaderName,
      rateLimits: config.rateLimits,
      version: packageVersion(),
    });
    built = { key, document: JSON.stringify(document), page: renderApiPage(document, OPENAPI_DOCUMENT_URL) };
    return built;
  };

  const routes = [
    defineRoute({
      method: 'GET',
      url: OPENAPI_DOCUMENT_URL,
      access: 'public',
      summary: 'the API description for integrators (OpenAPI 3.1, JSON): every call with its access and input schemas',
      handler: async ({ reply, config }) => {
        reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-cache');
        return new RawReply(described(config).document);
      },
    }),
    defineRoute({
      method: 'GET',
      url: OPENAPI_PAGE_URL,
      access: 'public',
      summary: 'the API description as a readable page (HTML): calls by module, with access and request schemas',
      handler: async ({ reply, config }) => {
        reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache');
        return new RawReply(described(config).page);
      },
    }),
  ];
  for (const route of routes) own.add(route as AnyRoute);
  return routes;
}
