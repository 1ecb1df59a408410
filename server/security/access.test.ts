import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionPayload } from '../../contracts/session';
import type { Tx } from '../db/client';
import type { Session } from '../modules/auth/session.types';
import { AppError } from '../plugins/envelope';
import { type Access, isAllowed } from '../plugins/define-route';
import { STAFF_ONLY_ROUTES } from '../modules/selector/selector.routes';
import { kitModules } from '../modules';
import { resourcePerms, resourceUrls } from '../../contracts/resource';
import { allRoutes, routeRegistry } from '../routes';
import { buildTestApp, call, createUser, login, type TestApp } from '../test/helpers';

/**
 * Walks EVERY registered route with every demo role and without a session, and checks each answer
 * against the route's declared access. Also proves Fastify serves no route the registry doesn't list.
 */

let t: TestApp;
interface Caller {
  name: string;
  token: string | null;
  granted: ReadonlySet<string>;
}
const callers: Caller[] = [];
let accounts: [name: string, tenant: string, username: string][];

/** Concrete values for path parameters (a well-formed id that exists nowhere). */
const fillPath = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-7000-8000-000000000000');

/**
 * Routes outside the registry that Fastify serves on purpose: the static files and the SPA
 * fallback (server/plugins/static.ts). Anything else Fastify knows must be a registered route.
 */
const NOT_API = new Set(['GET /*', 'HEAD /*', 'GET /', 'HEAD /']);

/**
 * Public routes that look at a session themselves: a download of anything but a logo needs a
 * session and answers 90001 without one (files.routes.ts).
 */
const PUBLIC_WITH_OWN_SESSION_CHECK = new Set(['GET /file/download/:resId']);
/**
 * A route answering a file (RouteSpec.answers 'file') gives an allowed caller the file itself when the
 * empty request is a whole request (no path parameter, its body and query schemas accept {}: an
 * export of everything, an import template); otherwise an envelope (the input, or nothing found).
 */
const fileWithEmptyRequest = new Set(
  allRoutes
    .filter((route) => route.answers === 'file' && !route.url.includes(':') && [route.body, route.query].every((schema) => !schema || schema.safeParse({}).success))
    .map((route) => `${route.method} ${route.url}`),
);
/** A kit save with an empty request adds a record: the add permission decides, not edit (crud-module.ts; 班主任 may edit students, not add them). */
const KIT_SAVE_ADDS = new Map<string, Access>(kitModules.map(({ definition }) => [`POST ${resourceUrls(definition).save}`, { anyOf: [resourcePerms(definition).add] }]));
/** public pages answering HTML rather than an envelope (a proof's verification page): an unknown code is a 404 page */
const HTML_PAGES = new Set(['GET /api/proofs/verify/:tenant/:code']);
/** public pages answering HTML to anyone (the API description's page, modules/openapi) */
const OPEN_HTML_PAGES = new Set(['GET /api/docs']);

/** Routes Fastify serves that the registry doesn't declare (HEAD is Fastify's automatic twin of GET). */
function undeclaredRoutes(served: readonly string[]): string[] {
  const declared = new Set(routeRegistry().map((r) => `${r.method} ${r.url}`));
  return served.filter((route) => !declared.has(route) && !NOT_API.has(route) && !route.startsWith('HEAD '));
}

beforeAll(async () => {
  t = await buildTestApp();
  accounts = [
    ['demo/admin', 'demo', 'admin'],
    ['demo/teacher', 'demo', 'teacher'],
    ['demo/student', 'demo', 'student'],
    ['demo/parent', 'demo', 'parent'],
    ['kg/admin', 'kg', 'admin'],
  ];
  // A user with no role at all: holds no permission code, so every {anyOf}/{allOf} route refuses it.
  const bare = await createUser(t.db, 'demo', { roles: [] });
  accounts.push(['demo/no-role', 'demo', bare.username]);
  for (const [name, tenant, username] of accounts) {
    const token = await login(t.app, tenant, username);
    const { body } = await call<PermissionPayload>(t.app, 'GET', '/ms/getPermission', { token });
    expect(body.code, name).toBe(1);
    callers.push({ name, token, granted: new Set(body.data.permission) });
  }
  callers.push({ name: 'no session', token: null, granted: new Set() });
});
afterAll(() => t.close());

/** `/logout` ends the session it is called with: walk it last. */
const routes = [...routeRegistry()].sort((a, b) => Number(a.url === '/logout') - Number(b.url === '/logout'));

describe('every registered route answers as its access declares', () => {
  it('registry and Fastify agree: no route is served without a declaration', () => {
    const served = t.app.servedRoutes;
    expect(served.length).toBeGreaterThan(0);
    expect(undeclaredRoutes(served)).toEqual([]);
    for (const route of routeRegistry()) expect(served).toContain(`${route.method} ${route.url}`);
  });

  it('a route added with plain app.get (no defineRoute) is caught', async () => {
    const other = await buildTestApp();
    try {
      other.app.get('/api/rogue', async () => ({ code: 1 }));
      await other.app.ready();
      expect(undeclaredRoutes(other.app.servedRoutes)).toEqual(['GET /api/rogue']);
    } finally {
      await other.close();
    }
  });

  it('the walk covers every route, with roles that hold and roles that lack the codes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const guarded = routes.filter((r) => typeof r.access !== 'string');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const access = route.access as Exclude<Access, string>;
      expect(
        callers.some((c) => c.token && isAllowed(access, c.granted)),
        `${route.url}: some role holds it`,
      ).toBe(true);
      expect(
        callers.some((c) => c.token && !isAllowed(access, c.granted)),
        `${route.url}: some role lacks it`,
      ).toBe(true);
    }
  });

  it('public → never 90001/40300; session → 90001 without a token; {anyOf}/{allOf} → 40300 exactly when the role lacks the codes', async () => {
    let calls = 0;
    for (const caller of callers) {
      for (const route of routes) {
        const label = `${caller.name} ${route.method} ${route.url}`;
        if (HTML_PAGES.has(`${route.method} ${route.url}`)) {
          const page = await t.app.inject({ method: 'GET', url: fillPath(route.url), headers: caller.token ? { 'x-access-token': caller.token } : {} });
          calls += 1;
          expect(page.statusCode, label).toBe(404);
          expect(page.headers['content-type'], label).toContain('text/html');
          continue;
        }
        if (OPEN_HTML_PAGES.has(`${route.method} ${route.url}`)) {
          const page = await t.app.inject({ method: 'GET', url: route.url, headers: caller.token ? { 'x-access-token': caller.token } : {} });
          calls += 1;
          expect(page.statusCode, label).toBe(200);
          expect(page.headers['content-type'], label).toContain('text/html');
          continue;
        }
        if (fileWithEmptyRequest.has(`${route.method} ${route.url}`) && caller.token && typeof route.access !== 'string' && isAllowed(route.access, caller.granted)) {
          // an allowed caller gets the file itself; refusals (below, for the others) are envelopes
          const file = await t.app.inject({ method: route.method as 'GET' | 'POST', url: fillPath(route.url), headers: { 'x-access-token': caller.token }, ...(route.method === 'GET' ? {} : { payload: {} }) });
          calls += 1;
          expect(file.statusCode, label).toBe(200);
          expect(file.headers['content-type'], label).not.toContain('application/json');
          expect(file.headers['content-disposition'], label).toMatch(/^attachment; /);
          expect(file.rawPayload.length, label).toBeGreaterThan(0);
          continue;
        }
        const { status, body } = await call(t.app, route.method as 'GET' | 'POST', fillPath(route.url), {
          token: caller.token ?? undefined,
          json: route.method === 'GET' ? undefined : {},
        });
        calls += 1;
        expect(status, label).not.toBe(500);
        expect(body.code, label).not.toBe(59000);
        if (route.access === 'public') {
          if (!PUBLIC_WITH_OWN_SESSION_CHECK.has(`${route.method} ${route.url}`)) expect(body.code, label).not.toBe(90001);
          expect(body.code, label).not.toBe(40300);
        } else if (!caller.token) {
          expect(body.code, label).toBe(90001);
        } else if (route.access === 'session') {
          expect(body.code, label).not.toBe(90001);
          // people and the org tree: staff only, by the account's type (selector.routes.ts)
          const staffOnly = STAFF_ONLY_ROUTES.has(`${route.method} ${route.url}`) && ['demo/student', 'demo/parent'].includes(caller.name);
          if (staffOnly) expect(body.code, label).toBe(40300);
          else expect(body.code, label).not.toBe(40300);
        } else if (isAllowed(KIT_SAVE_ADDS.get(`${route.method} ${route.url}`) ?? route.access, caller.granted)) {
          expect(body.code, label).not.toBe(40300);
          expect(body.code, label).not.toBe(90001);
        } else {
          expect(body.code, label).toBe(40300);
        }
      }
    }
    expect(calls).toBe(routes.length * callers.length);
  });
});

describe('service helpers for routes that check more than the declaration', () => {
  const asCaller = <T>(name: string, work: (session: Session, tx: Tx) => Promise<T>) => {
    // the walk ended the walked sessions (/logout): a fresh one
    const [, tenant, username] = accounts.find(([n]) => n === name)!;
    return login(t.app, tenant, username).then((token) => t.app.services.auth.withSession(token, (scope, session) => work(session!, scope.tx)));
  };

  it('assertOwnerOrPermission: the owner passes, a holder of the code passes, anyone else gets 40300', async () => {
    const permissions = t.app.services.permissions;
    await asCaller('demo/student', (session, tx) => permissions.assertOwnerOrPermission(tx, session, session.userId, 'system_config'));
    await asCaller('demo/admin', (session, tx) => permissions.assertOwnerOrPermission(tx, session, '00000000-0000-7000-8000-000000000000', 'system_config'));
    await expect(
      asCaller('demo/student', (session, tx) => permissions.assertOwnerOrPermission(tx, session, '00000000-0000-7000-8000-000000000000', 'system_config')),
    ).rejects.toMatchObject({ code: 40300 });
    await expect(asCaller('demo/student', (session, tx) => permissions.assertOwnerOrPermission(tx, session, null, 'system_config'))).rejects.toMatchObject({
      code: 40300,
    });
  });

  it('assertMayPublish: without a publish code the answer is 40300 "please contact the administrator"', async () => {
    const permissions = t.app.services.permissions;
    const error = await asCaller('demo/no-role', (session, tx) => permissions.assertMayPublish(tx, session, ['system_config'])).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 40300 });
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).messageIn('zh')).toContain('请联系管理员');
    expect((error as AppError).messageIn('en')).toContain('please contact the administrator');
    await asCaller('demo/admin', (session, tx) => permissions.assertMayPublish(tx, session, ['system_config']));
  });
});
