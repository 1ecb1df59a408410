import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeFetch, ok } from '../test/render';
import { setConfig } from './config';
import { isLoginExpiredOpen, loginExpiredOpenCount, resetLoginExpired } from './expiry';
import { get, HttpError, post, postForm, request } from './http';
import { CACHED_ANSWER_HEADER, OFFLINE_SCOPE_HEADER } from '../../contracts/connectivity';
import { connectivity, resetConnectivity } from './offline/connectivity';
import { clearSession, saveLogin, session } from './session';
import { toaster } from './toaster';

const toastSpy = vi.spyOn(toaster, 'create');

beforeEach(() => {
  setConfig({ apiBaseUrl: '', tokenHeaderName: 'X-Access-Token', loginType: 'local' });
  resetLoginExpired();
  resetConnectivity();
  toastSpy.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  return fake.calls;
}

describe('envelope', () => {
  it('returns data for code 1 and for code 200', async () => {
    stub({ '/a': ok({ n: 1 }), '/b': { body: { code: 200, result: true, msg: '', data: 'two' } } });
    await expect(get('/a')).resolves.toEqual({ n: 1 });
    await expect(get('/b')).resolves.toBe('two');
  });

  it('rejects other codes with an HttpError carrying code, msg and result false', async () => {
    stub({ '/a': fail(40100, '用户名或密码错误') });
    const error = await get('/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 40100, msg: '用户名或密码错误', result: false, kind: 'failure' });
    expect(isLoginExpiredOpen()).toBe(false);
  });

  it('an answer that is not an envelope is "request failed" (code -1)', async () => {
    stub({ '/a': { body: '<html>', status: 404 } });
    await expect(get('/a')).rejects.toMatchObject({ code: -1, msg: '请求失败' });
  });
});

describe('login expiry', () => {
  it('90001 opens the expiry prompt once, even for three concurrent calls', async () => {
    stub({ '/x': fail(90001, 'expired') });
    const results = await Promise.allSettled([get('/x'), post('/x', {}), postForm('/x', {})]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 90001, kind: 'expired' });
    expect(isLoginExpiredOpen()).toBe(true);
    expect(loginExpiredOpenCount()).toBe(1);
  });

  it('90001 opens the prompt even without a token', async () => {
    stub({ '/x': fail(90001, 'expired') });
    expect(session.token).toBeNull();
    await get('/x').catch(() => undefined);
    expect(loginExpiredOpenCount()).toBe(1);
  });

  it('50008 is an ordinary failure when logged out, expiry when logged in', async () => {
    stub({ '/x': fail(50008, 'invalid token') });
    await expect(get('/x')).rejects.toMatchObject({ code: 50008, kind: 'failure' });
    expect(loginExpiredOpenCount()).toBe(0);

    saveLogin({ token: 't1', headerName: 'X-Access-Token' });
    await expect(get('/x')).rejects.toMatchObject({ code: 50008, kind: 'expired' });
    expect(loginExpiredOpenCount()).toBe(1);
  });

  it.each([50000, 50012, 50014])('%i means expiry when logged in', async (code) => {
    saveLogin({ token: 't1' });
    stub({ '/x': fail(code, 'gone') });
    await get('/x').catch(() => undefined);
    expect(loginExpiredOpenCount()).toBe(1);
  });
});

describe('transport', () => {
  it('a network error shows the "network error" toast for 5000 ms', async () => {
    stub({ '/x': { error: new TypeError('Failed to fetch') } });
    await expect(get('/x')).rejects.toMatchObject({ code: -1, kind: 'network', msg: '网络错误' });
    expect(toastSpy).toHaveBeenCalledTimes(1);
    expect(toastSpy.mock.calls[0][0]).toMatchObject({ type: 'error', title: '网络错误', duration: 5000 });
  });

  it('the toast text follows the language', async () => {
    i18n.activate('en');
    stub({ '/x': { error: new TypeError('Failed to fetch') } });
    await get('/x').catch(() => undefined);
    expect(toastSpy.mock.calls[0][0]).toMatchObject({ title: 'network error' });
  });

  it('a 5xx answer without an envelope is a network error', async () => {
    stub({ '/x': { body: undefined, status: 502 } });
    await expect(get('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(toastSpy).toHaveBeenCalledTimes(1);
  });

  it('a cancelled request is only logged', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    stub({ '/x': { error: new DOMException('aborted', 'AbortError') } });
    await expect(get('/x')).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastSpy).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledTimes(1);
    debug.mockRestore();
  });
});

describe('request shape', () => {
  it('postForm sends form-encoded fields', async () => {
    const calls = stub({ '/api/internationalLanguage/getInternationalLanguageList': ok({ zh: {}, en: {} }) });
    await postForm('/api/internationalLanguage/getInternationalLanguageList', { size: -1, page: 0, search: '{}', skip: undefined });
    const { init } = calls[0];
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(String(init.body)).toBe('size=-1&page=0&search=%7B%7D');
  });

  it('post sends JSON; get sends query parameters and no body', async () => {
    const calls = stub({ '/j': ok(null), '/q': ok(null) });
    await post('/j', { a: [1, 2] });
    await get('/q', { page: 0, keyword: '张三' });
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toMatch(/^application\/json/);
    expect(calls[0].init.body).toBe('{"a":[1,2]}');
    expect(calls[1].init.method).toBe('GET');
    expect(calls[1].init.body).toBeUndefined();
    expect(calls[1].url.searchParams.get('keyword')).toBe('张三');
  });

  it('uses the configured base address and sends credentials and Accept-Language', async () => {
    setConfig({ apiBaseUrl: 'http://api.example.test/' });
    const calls = stub({ '/a': ok(1) });
    await request('/a');
    expect(calls[0].url.href).toBe('http://api.example.test/a');
    expect(calls[0].init.credentials).toBe('include');
    expect(new Headers(calls[0].init.headers).get('Accept-Language')).toBe('zh-CN');
    i18n.activate('en');
    await request('/a');
    expect(new Headers(calls[1].init.headers).get('Accept-Language')).toBe('en');
  });
});

describe('token', () => {
  it('sends no token header when logged out', async () => {
    const calls = stub({ '/a': ok(1) });
    await get('/a');
    expect(new Headers(calls[0].init.headers).has('X-Access-Token')).toBe(false);
  });

  it('sends the token in the header named at login, else the configured one', async () => {
    const calls = stub({ '/a': ok(1) });
    saveLogin({ token: 'tok-1', headerName: 'X-Custom-Token' });
    await get('/a');
    expect(new Headers(calls[0].init.headers).get('X-Custom-Token')).toBe('tok-1');

    document.cookie = 'xiaowu-token-header=; path=/; max-age=0';
    setConfig({ tokenHeaderName: 'X-Configured' });
    await get('/a');
    expect(new Headers(calls[1].init.headers).get('X-Configured')).toBe('tok-1');
  });

  it('saves a renewed token from the response header', async () => {
    saveLogin({ token: 'old', headerName: 'X-Access-Token' });
    const calls = stub({ '/a': { ...ok(1), headers: { 'X-Access-Token': 'new' } } });
    await get('/a');
    expect(session.token).toBe('new');
    await get('/a');
    expect(new Headers(calls[1].init.headers).get('X-Access-Token')).toBe('new');
  });

  it('does not resurrect a session from a late response after logout', async () => {
    stub({ '/a': { ...ok(1), headers: { 'X-Access-Token': 'new' } } });
    await get('/a');
    expect(session.token).toBeNull();
  });
});

describe('background calls (outbox drain)', () => {
  it('sends extra headers such as Idempotency-Key', async () => {
    const calls = stub({ '/w': ok(null) });
    await post('/w', { a: 1 }, { headers: { 'Idempotency-Key': '0190-key' } });
    expect(new Headers(calls[0].init.headers).get('Idempotency-Key')).toBe('0190-key');
  });

  it('quiet: no network-error toast and no expiry prompt, the error still tells the kind', async () => {
    saveLogin({ token: 't1' });
    stub({ '/n': { error: new TypeError('Failed to fetch') }, '/e': fail(90001, 'expired') });
    await expect(post('/n', {}, { quiet: true })).rejects.toMatchObject({ kind: 'network' });
    await expect(post('/e', {}, { quiet: true })).rejects.toMatchObject({ code: 90001, kind: 'expired' });
    expect(toastSpy).not.toHaveBeenCalled();
    expect(loginExpiredOpenCount()).toBe(0);
  });

  it('polling while the server is gone toasts once, again only after it answered in between', async () => {
    let down = true;
    stub({ '/p': () => (down ? { error: new TypeError('Failed to fetch') } : ok(1)) });
    for (let i = 0; i < 3; i++) await get('/p').catch(() => undefined);
    expect(toastSpy).toHaveBeenCalledTimes(1);
    down = false;
    await get('/p');
    down = true;
    await get('/p').catch(() => undefined);
    expect(toastSpy).toHaveBeenCalledTimes(2);
  });

  it("an answer the service worker served from its cache gives the data, but the server did not answer: unreachable, no toast", async () => {
    stub({ '/dicts': { ...ok({ XB: [] }), headers: { [CACHED_ANSWER_HEADER]: '1' } }, '/live': ok(1) });
    await expect(post('/dicts', { typeArr: ['XB'] })).resolves.toEqual({ XB: [] });
    expect(connectivity()).toBe('unreachable');
    expect(toastSpy).not.toHaveBeenCalled();
    // and a failure right after it does not toast either: the indicator already says so
    stub({ '/p': { error: new TypeError('Failed to fetch') } });
    await get('/p').catch(() => undefined);
    expect(toastSpy).not.toHaveBeenCalled();
    // a real answer brings it back
    stub({ '/live': ok(1) });
    await get('/live');
    expect(connectivity()).toBe('online');
  });

  it('an envelope with a 5xx status is still the server answering; a 502 without one is not', async () => {
    stub({ '/fault': { ...fail(59000, 'fault'), status: 500 }, '/proxy': { body: undefined, status: 502 } });
    await get('/proxy').catch(() => undefined);
    expect(connectivity()).toBe('unreachable');
    await get('/fault').catch(() => undefined);
    expect(connectivity()).toBe('online');
  });

  it('names the school and user of every call for the worker, never the token', async () => {
    const calls = stub({ '/x': ok(1) });
    clearSession();
    await get('/x');
    saveLogin({ token: 't1', userId: 'u1' });
    await get('/x'); // the school is not known yet (no permission payload on this device): nothing may be cached
    localStorage.setItem('xiaowu-offline-tenant:u1', 'demo');
    await get('/x');
    const scopes = calls.map((call) => new Headers(call.init.headers).get(OFFLINE_SCOPE_HEADER));
    expect(scopes).toEqual(['anonymous', '', 'demo:u1']);
    localStorage.removeItem('xiaowu-offline-tenant:u1');
  });

  it('no toast while the browser is offline (the top bar shows it)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stub({ '/p': { error: new TypeError('Failed to fetch') } });
    await expect(get('/p')).rejects.toMatchObject({ kind: 'network' });
    expect(toastSpy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
