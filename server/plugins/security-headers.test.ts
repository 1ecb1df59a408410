import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';
import { CONTENT_SECURITY_POLICY } from './security-headers';

const staticDir = mkdtempSync(join(tmpdir(), 'xiaowu-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ staticDir, appLog: { enabled: false, maxBuffered: 10, flushIntervalMs: 1000, batchSize: 10, retentionDays: 180 } });
  });
  afterAll(() => t.close());

  const expectHardened = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['access-control-allow-origin']).toBeUndefined();
    expect(headers['set-cookie']).toBeUndefined();
  };

  it('an API answer carries them, without HSTS over plain http', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login/options' });
    expect(response.statusCode).toBe(200);
    expectHardened(response.headers);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('the HTML page (and the SPA fallback) carries them; the policy allows no inline script', async () => {
    for (const url of ['/', '/dashboard']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expectHardened(response.headers);
    }
    const csp = CONTENT_SECURITY_POLICY;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'self'");
  });

  it('unknown API paths and faults carry them too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(response.json().code).toBe(40400);
    expectHardened(response.headers);
  });

  it('CORS is closed by default: no allow-origin for a foreign origin, its preflight refused', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/login/options', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login/v3',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('security headers behind https and with CORS origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      trustProxy: true,
      corsOrigins: ['https://portal.example.edu.cn'],
      appLog: { enabled: false, maxBuffered: 10, flushIntervalMs: 1000, batchSize: 10, retentionDays: 180 },
    });
  });
  afterAll(() => t.close());

  it('HSTS only when the request came over https (X-Forwarded-Proto trusted)', async () => {
    const https = await t.app.inject({ method: 'GET', url: '/api/login/options', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await t.app.inject({ method: 'GET', url: '/api/login/options', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('a listed origin gets allow-origin, the token header exposed, and its preflight answered', async () => {
    const origin = 'https://portal.example.edu.cn';
    const get = await t.app.inject({ method: 'GET', url: '/api/login/options', headers: { origin } });
    expect(get.headers['access-control-allow-origin']).toBe(origin);
    expect(get.headers['access-control-expose-headers']).toBe(`${t.config.tokenHeaderName}, Idempotent-Replay`);
    expect(get.headers.vary).toContain('Origin');

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login/v3',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-access-token' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type, x-access-token');
  });

  it('an unlisted origin still gets nothing', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/login/options', headers: { origin: 'https://other.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login/v3',
      headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(403);
  });
});
