import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseCode } from '../../../contracts/envelope';
import { type AnyRoute, registerRoutes } from '../../plugins/define-route';
import { allRoutes, moduleOfRoute } from '../../routes';
import { buildTestApp, ownerQuery, type TestApp } from '../../test/helpers';
import { modules } from '../index';
import { ENVELOPE_REF, type OpenApiDocument, type OpenApiOperation, openApiPath } from './openapi.document';
import { OPENAPI_DOCUMENT_URL, OPENAPI_PAGE_URL, openApiRoutes } from './openapi.routes';

let t: TestApp;
/** every declared route, the two of the description included */
let registry: readonly AnyRoute[];
let moduleOf: (route: AnyRoute) => string | undefined;
let document: OpenApiDocument;
let staticDir: string;

beforeAll(async () => {
  // a built client beside the API, to check the SPA fallback leaves the two pages alone
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-openapi-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>SPA shell</title>');
  t = await buildTestApp({ staticDir, appLog: { enabled: true, maxBuffered: 1000, flushIntervalMs: 600_000, batchSize: 500, retentionDays: 180 } });
  if (allRoutes.some((route) => route.url === OPENAPI_DOCUMENT_URL)) {
    registry = allRoutes;
    moduleOf = moduleOfRoute;
  } else {
    // Not yet in server/modules/index.ts: served here as the registry would serve them, under 'openapi'.
    const own: AnyRoute[] = openApiRoutes(() => ({ ...modules, openapi: { routes: own } }));
    registry = [...allRoutes, ...own];
    moduleOf = (route) => moduleOfRoute(route) ?? (own.includes(route) ? 'openapi' : undefined);
    registerRoutes(t.app, own, { db: t.appDb, config: t.config, services: t.app.services, moduleOf });
  }
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_URL });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  document = response.json();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const operationOf = (route: AnyRoute): OpenApiOperation | undefined => document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
const operations = () => Object.values(document.paths).flatMap((item) => Object.values(item));

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, answered without a login or a school', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every declared route with its access, module and security', () => {
    for (const route of registry) {
      const operation = operationOf(route);
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.summary).toBe(route.summary);
      expect(operation!.tags).toEqual([moduleOf(route)]);
      if (route.access === 'public') {
        expect(operation!['x-access']).toBe('public');
        expect(operation!.security).toEqual([]);
        expect(operation!.description).toContain('Access: public');
      } else {
        expect(operation!.security).toEqual([{ sessionToken: [] }, { bearerToken: [] }]);
        if (route.access === 'session') expect(operation!['x-access']).toBe('session');
        else {
          expect(operation!['x-access']).toBe('permissions');
          expect(operation!['x-permissions']).toEqual(route.access);
          for (const code of 'anyOf' in route.access ? route.access.anyOf : route.access.allOf) expect(operation!.description).toContain(`\`${code}\``);
        }
      }
      expect(Boolean(operation!['x-idempotent'])).toBe(route.idempotent === true);
    }
    expect(operations()).toHaveLength(registry.length);
  });

  it('gives a route with a body contract a request body with its fields, and uploads a multipart body', () => {
    let checked = 0;
    for (const route of registry) {
      const operation = operationOf(route)!;
      if (route.receive) {
        expect(Object.keys(operation.requestBody!.content), route.url).toEqual(['multipart/form-data']);
      } else if (route.body instanceof z.ZodObject) {
        const schema = operation.requestBody!.content['application/json']!.schema as { properties: Record<string, unknown> };
        expect(Object.keys(schema.properties).sort(), route.url).toEqual(Object.keys(route.body.shape).sort());
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);

    const login = document.paths['/api/login/v3']!.post!;
    expect(login.requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { type: 'object', required: ['username', 'password'], properties: { password: { type: 'string', minLength: 5, maxLength: 50 } } } } },
    });
    expect(document.paths['/file/upload']!.post!.requestBody!.content['multipart/form-data']!.schema).toMatchObject({ required: ['file'] });
  });

  it('turns path parameters, query contracts and Idempotency-Key into parameters', () => {
    const remove = document.paths['/file/remove/{resId}']?.post ?? document.paths['/file/remove/{resId}']?.get;
    expect(remove?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'resId', in: 'path', required: true })]));
    for (const route of registry.filter((r) => r.idempotent)) {
      expect(operationOf(route)!.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    }
    const withQuery = registry.find((route) => route.query instanceof z.ZodObject)!;
    const names = operationOf(withQuery)!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names.sort()).toEqual(Object.keys((withQuery.query as z.ZodObject).shape).sort());
  });

  it('describes the envelope once, with every response code, and every operation refers to it', () => {
    const text = JSON.stringify(document);
    expect(text.split('"result":{"type":"boolean"').length - 1).toBe(1);
    const codes = (document.components.schemas.ResponseCode!.oneOf as { const: number; description: string }[]).map((entry) => entry.const);
    expect(new Set(codes)).toEqual(new Set(Object.values(ResponseCode)));
    for (const code of Object.values(ResponseCode)) expect(document.components.schemas.ResponseCode!.description).toContain(`| ${code} |`);
    for (const operation of operations()) {
      expect(operation.responses['200']).toMatchObject({ $ref: ENVELOPE_REF });
      expect(operation.responses['200']!.description).toContain('not described by a schema');
    }
    // the session header as configured, request encryption and the rate limits in the introduction
    expect(document.components.securitySchemes).toMatchObject({ sessionToken: { type: 'apiKey', in: 'header', name: t.config.tokenHeaderName } });
    expect(document.info.description).toContain('X-Sign');
    expect(document.paths['/api/surveys/public/answer']?.post?.description).toContain('Rate limited (`surveyAnswer`)');
  });
});

describe('GET /api/docs', () => {
  it('answers a self-contained page listing every call, with the envelope and codes once, and no script', async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PAGE_URL, headers: { 'x-test-marker': 'docs' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<script|https?:\/\/(?!json-schema)/i);
    for (const route of registry) expect(html).toContain(`<span class="path">${openApiPath(route.url)}</span>`);
    expect(html.split('id="envelope"').length - 1).toBe(1);
    expect(html).toContain('<td>40900</td>');
    expect(html).toContain('<details><summary>Request</summary>');
  });

  it('is not the SPA shell, an unknown path below it is a 40400, and both calls reach the app log', async () => {
    const marker = `m${Date.now()}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/docs?m=${marker}` })).body).not.toContain('SPA shell');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/nothing' })).json()).toMatchObject({ code: ResponseCode.notFound });
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).body).toContain('SPA shell');
    await t.app.inject({ method: 'GET', url: `${OPENAPI_DOCUMENT_URL}?m=${marker}` });
    await t.app.appLog!.flush();
    const rows = await ownerQuery<{ url: string; module: string; error_code: number | null }>(t.db, `SELECT url, module, error_code FROM app_logs_public WHERE params LIKE $1 ORDER BY url`, [`%${marker}%`]);
    expect(rows).toEqual([
      { url: '/api/docs', module: 'openapi', error_code: null },
      { url: '/api/openapi.json', module: 'openapi', error_code: null },
    ]);
  });
});
