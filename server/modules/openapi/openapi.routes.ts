import fs from 'node:fs';
import type { AppConfig } from '../../config';
import { type AnyRoute, defineRoute, RawReply, reads } from '../../plugins/define-route';
import { buildOpenApiDocument } from './openapi.document';
import { renderApiPage } from './openapi.page';

export const OPENAPI_DOCUMENT_URL = '/api/openapi.json';
export const OPENAPI_PAGE_URL = '/api/docs';

/**
 * The module registry (server/modules/index.ts `modules`), read when the description is first asked
 * for: these routes are in it themselves, so it is handed in rather than imported (no import cycle).
 */
export type ModuleRegistry = () => Readonly<Record<string, { routes: readonly AnyRoute[] }>>;

const packageVersion = (): string => (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * `GET /api/openapi.json` and `GET /api/docs`: the API description for integrators and its readable
 * page, both public (no school needed). Every route of every module is in it, tagged with its
 * module's name. Built on the first call and kept for the process (per token header and rate limits,
 * the only configuration it shows).
 */
export function openApiRoutes(modules: ModuleRegistry) {
  let built: { key: string; document: string; page: string } | null = null;
  const described = (config: AppConfig) => {
    const key = JSON.stringify([config.tokenHeaderName, config.rateLimits]);
    if (built?.key === key) return built;
    const moduleOf = new Map(Object.entries(modules()).flatMap(([name, entry]) => entry.routes.map((route) => [route, name] as const)));
    const document = buildOpenApiDocument([...moduleOf.keys()], {
      moduleOf: (route) => moduleOf.get(route)!,
      tokenHeaderName: config.tokenHeaderName,
      rateLimits: config.rateLimits,
      version: packageVersion(),
    });
    built = { key, document: JSON.stringify(document), page: renderApiPage(document, OPENAPI_DOCUMENT_URL) };
    return built;
  };

  return [
    defineRoute({
      method: 'GET',
      url: OPENAPI_DOCUMENT_URL,
      operation: reads('接口说明', 'API description'),
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
      operation: reads('接口文档', 'API documentation'),
      access: 'public',
      summary: 'the API description as a readable page (HTML): calls by module, with access and request schemas',
      handler: async ({ reply, config }) => {
        reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache');
        return new RawReply(described(config).page);
      },
    }),
  ];
}
