import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../contracts/envelope';
import { LOGIN_PAGE_FILE } from '../contracts/paths';
import { precompressDir } from '../scripts/precompress';
import { routeRegistry } from './routes';
import { buildTestApp, call, login, ownerQuery, type TestApp } from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('envelope', () => {
  it('answers unknown API paths with a 40400 envelope, in the caller language', async () => {
    const get = await call(t.app, 'GET', '/api/nothing/here?x=1');
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ code: ResponseCode.notFound, result: false, msg: '接口不存在：GET /api/nothing/here', data: null });
    const post = await call(t.app, 'POST', '/saas/unknown', { headers: { 'accept-language': 'en' } });
    expect(post.body.msg).toBe('No such call: POST /saas/unknown');
  });

  it('answers malformed bodies and unsupported content types with 40000, not a fault', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/api/login/v3', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(malformed.json()).toMatchObject({ code: ResponseCode.invalidInput, result: false });
    expect(malformed.json().msg).toMatch(/^请求格式错误/);
    const unsupported = await t.app.inject({ method: 'POST', url: '/api/login/v3', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(unsupported.json()).toMatchObject({ code: ResponseCode.invalidInput, msg: '不支持的请求内容类型：text/csv' });
    const tooBig = await t.app.inject({ method: 'POST', url: '/api/login/v3', headers: { 'content-type': 'application/json' }, payload: `"${'x'.repeat(1_100_000)}"` });
    expect(tooBig.json()).toMatchObject({ code: ResponseCode.invalidInput, msg: '请求内容过大' });
  });

  it('treats an empty JSON body as no body', async () => {
    const token = await login(t.app, 'demo', 'teacher');
    const response = await t.app.inject({ method: 'POST', url: '/api/role/refresh', headers: { 'content-type': 'application/json', 'x-access-token': token }, payload: '' });
    expect(response.json()).toMatchObject({ code: 1, result: true });
  });
});

describe('route registry', () => {
  const routes = routeRegistry();

  it('lists every call of this foundation once, each with a summary', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/login/options',
        'GET /api/captcha',
        'POST /api/login/v3',
        'GET /ms/getPermission',
        'GET /logout',
        'GET /api/getExpires',
        'POST /api/role/refresh',
        'POST /userManage/getUserInfo',
        'POST /api/login/getPwdStrategy',
        'POST /api/security/get',
        'POST /api/saas/db/update/pwd',
        'POST /api/internationalLanguage/getInternationalLanguageList',
        'GET /api/k12saas/xxjbxx/getLogo',
      ]),
    );
    for (const route of routes) expect(route.summary.length, route.url).toBeGreaterThan(10);
  });

  it('answers 90001 on every non-public route without a session, and never on public ones', async () => {
    for (const route of routes) {
      // a proof's verification page answers HTML (404 for an unknown code), never "log in"
      if (route.url === '/api/proofs/verify/:tenant/:code') {
        const page = await t.app.inject({ method: 'GET', url: route.url });
        expect([page.statusCode, page.headers['content-type']], route.url).toEqual([404, 'text/html; charset=utf-8']);
        continue;
      }
      // the API description's page answers HTML to anyone (modules/openapi)
      if (route.url === '/api/docs') {
        const page = await t.app.inject({ method: 'GET', url: route.url });
        expect([page.statusCode, page.headers['content-type']], route.url).toEqual([200, 'text/html; charset=utf-8']);
        continue;
      }
      const { body } = await call(t.app, route.method as 'GET' | 'POST', route.url);
      if (route.access === 'public') expect(body.code, route.url).not.toBe(ResponseCode.loginExpired);
      else expect(body.code, route.url).toBe(ResponseCode.loginExpired);
    }
  });

  it('answers 90001 on every non-public route with an expired session, whatever the body', async () => {
    const token = await login(t.app, 'demo', 'admin');
    await ownerQuery(t.db, `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [token]);
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const { body } = await call(t.app, route.method as 'GET' | 'POST', route.url, { token, form: { junk: 'x' } });
      expect(body.code, route.url).toBe(ResponseCode.loginExpired);
    }
  });
});

describe('static client', () => {
  let dir: string;
  let withClient: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-dist-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Xiaowu</title>');
    // the light login page (issue 21): its own entry, served for GET /login
    fs.writeFileSync(path.join(dir, LOGIN_PAGE_FILE), '<!doctype html><title>Xiaowu login</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.x = 1');
    // the public survey page (issue 9): its own html, chunks and worker under /survey/wjdt/
    fs.writeFileSync(path.join(dir, 'survey.html'), '<!doctype html><title>Survey</title>');
    fs.mkdirSync(path.join(dir, 'survey', 'wjdt', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'survey', 'wjdt', 'assets', 'survey-abc123.js'), 'console.log(2)');
    fs.writeFileSync(path.join(dir, 'survey', 'wjdt', 'sw.js'), 'self.y = 1');
    withClient = await buildTestApp({ staticDir: dir });
  });
  afterAll(async () => {
    await withClient.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves files, hashed assets cached for good and the rest revalidated', async () => {
    const asset = await withClient.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await withClient.app.inject({ url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    const root = await withClient.app.inject({ url: '/' });
    expect(root.body).toContain('<title>Xiaowu</title>');
  });

  it('sends the build\'s precompressed copy the browser accepts (Brotli, else gzip), the file itself otherwise', async () => {
    const source = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];`;
    fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js'), source);
    await precompressDir(dir);
    const url = '/assets/big-abc123.js';
    const br = await withClient.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(source.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(source);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await withClient.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(source);
    const plain = await withClient.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
    // too small to gain: no copies
    expect(fs.existsSync(path.join(dir, 'assets', 'app-abc123.js.br'))).toBe(false);
  });

  it('answers app routes with index.html (SPA fallback), never API paths or missing files', async () => {
    for (const url of ['/dashboard', '/jcsj/xsxx?tab=1', '/survey/wjdt']) {
      const response = await withClient.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await withClient.app.inject({ url: '/api/unknown' })).json().code).toBe(ResponseCode.notFound);
    expect((await withClient.app.inject({ url: '/logout/x' })).json().code).toBe(ResponseCode.notFound);
    expect((await withClient.app.inject({ url: '/assets/missing-1.js' })).json().code).toBe(ResponseCode.notFound);
    expect((await withClient.app.inject({ method: 'POST', url: '/dashboard' })).json().code).toBe(ResponseCode.notFound);
    expect((await withClient.app.inject({ url: '/api/login/options' })).json().code).toBe(1);
  });

  it('answers /login with the light login page, every other app route with index.html', async () => {
    for (const url of ['/login', '/login?redirect=%2Fjxgl%2Fcjlr']) {
      const response = await withClient.app.inject({ url });
      expect(response.body, url).toContain('<title>Xiaowu login</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/', '/dashboard', '/login/other', '/loginx']) expect((await withClient.app.inject({ url })).body, url).toContain('<title>Xiaowu</title>');
  });

  it('answers /survey/wjdt/<page> with survey.html (the public survey page), its real files as they are', async () => {
    for (const url of ['/survey/wjdt/wjdtListNotLogin?tenant=demo', '/survey/wjdt/answerSurvey?id=x&tenant=demo', '/survey/wjdt/', '/survey/wjdt/anything/else']) {
      const response = await withClient.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Survey</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // /survey/wjdt itself is the app's (answering in the app)
    expect((await withClient.app.inject({ url: '/survey/wjdt' })).body).toContain('<title>Xiaowu</title>');
    const chunk = await withClient.app.inject({ url: '/survey/wjdt/assets/survey-abc123.js' });
    expect(chunk.body).toBe('console.log(2)');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await withClient.app.inject({ url: '/survey/wjdt/sw.js' });
    expect(worker.body).toBe('self.y = 1');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect((await withClient.app.inject({ url: '/survey/wjdt/missing-1.js' })).json().code).toBe(ResponseCode.notFound);
  });

  it('answers every unknown path with the envelope when there is no client build', async () => {
    expect((await t.app.inject({ url: '/dashboard' })).json().code).toBe(ResponseCode.notFound);
  });
});
