import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_HEADER } from '../../contracts/encryption';
import { fakeFetch, ok } from '../test/render';
import { setConfig } from './config';
import { fetchRaw, get, post, postForm, postMultipart, resetEncryptionKey } from './http';
import { aesDecryptText, aesEncryptText } from './request-seal';
import { clearSession, saveLogin } from './session';

// The "server" of these tests: a WebCrypto RSA-OAEP-SHA256 key pair (what Node's privateDecrypt does).
let publicKey = '';
let privateKey: CryptoKey;
const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  privateKey = pair.privateKey;
  const spki = toBase64(await crypto.subtle.exportKey('spki', pair.publicKey));
  publicKey = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
});

/** What the server does: open the signature and the body. */
async function openRequest(init: RequestInit) {
  const sign = new Headers(init.headers).get(SIGN_HEADER)!;
  const [kid, rsa] = sign.split('.');
  const plain = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, fromBase64(rsa!)));
  const signed = JSON.parse(plain) as { k: string; i: string; t: number; u: string; n: string };
  const { data } = JSON.parse(String(init.body)) as { data: string };
  const inner = JSON.parse(aesDecryptText(signed.k, signed.i, data)) as { type: string; body: string };
  return { kid, signed, inner };
}

/** An answer encrypted with the request's key and a fresh IV. */
function sealAnswer(key: string, envelope: unknown) {
  const iv = toBase64(crypto.getRandomValues(new Uint8Array(16)).buffer);
  return { body: { encrypted: aesEncryptText(key, iv, JSON.stringify(envelope)), iv }, headers: { 'X-Encrypted': '1' } };
}

const seen: Awaited<ReturnType<typeof openRequest>>[] = [];

function stub() {
  seen.length = 0;
  const fake = fakeFetch({
    '/api/security/get': ok({ publicKey, kid: 'k1' }),
    '/api/login/getPwdStrategy': ok({ rule: '.*', description: '' }),
    '/file/upload': ok([]),
    '/api/getExpires': ok(60),
  });
  const sealed: Record<string, (opened: Awaited<ReturnType<typeof openRequest>>) => unknown> = {
    '/api/echo': (opened) => ({ code: 1, result: true, msg: '操作成功', data: { echoed: opened.inner.body } }),
    '/api/export': () => ({ code: 1, result: true, msg: '', data: 'exported' }),
  };
  const impl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = sealed[url.pathname];
    if (!answer) return fake.impl(input, init);
    fake.calls.push({ url, init });
    const opened = await openRequest(init);
    seen.push(opened);
    const { body, headers } = sealAnswer(opened.signed.k, answer(opened));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
  };
  vi.stubGlobal('fetch', vi.fn(impl));
  return fake.calls;
}

beforeEach(() => {
  setConfig({ apiBaseUrl: '', tokenHeaderName: 'X-Access-Token', loginType: 'local', requestEncryption: true });
  resetEncryptionKey();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setConfig({ requestEncryption: false });
});

describe('request encryption (runtime flag on)', () => {
  it('seals JSON and form bodies, signs them, and opens the encrypted answers', async () => {
    const calls = stub();
    await expect(post('/api/echo', { a: '中文', b: 2 })).resolves.toEqual({ echoed: '{"a":"中文","b":2}' });
    await expect(postForm('/api/echo', { x: '1', y: ['a', 'b'] })).resolves.toEqual({ echoed: 'x=1&y=a&y=b' });

    expect(seen[0]!.inner.type).toMatch(/^application\/json/);
    expect(seen[1]!.inner.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(seen[0]!.kid).toBe('k1');
    expect(seen[0]!.signed.n).not.toBe(seen[1]!.signed.n);
    expect(seen[0]!.signed.k).not.toBe(seen[1]!.signed.k);
    expect(Math.abs(seen[0]!.signed.t - Date.now())).toBeLessThan(10_000);
    // before login no user id is known
    expect(seen[0]!.signed.u).toBe('');

    const echo = calls.filter((c) => c.url.pathname === '/api/echo');
    for (const c of echo) {
      expect(new Headers(c.init.headers).get('Content-Type')).toMatch(/^application\/json/);
      expect(String(c.init.body)).not.toContain('中文');
      expect(Object.keys(JSON.parse(String(c.init.body)) as object)).toEqual(['data']);
    }
    // the public key is fetched once
    expect(calls.filter((c) => c.url.pathname === '/api/security/get')).toHaveLength(1);
  });

  it('signs the logged-in user id (SPEC §7)', async () => {
    stub();
    saveLogin({ token: 'a'.repeat(43), userId: 'user-42' });
    try {
      await post('/api/echo', {});
      expect(seen[0]!.signed.u).toBe('user-42');
    } finally {
      clearSession();
    }
  });

  it('leaves GET, whitelisted calls and multipart uploads plain', async () => {
    const calls = stub();
    await get('/api/getExpires');
    await postForm('/api/login/getPwdStrategy', {});
    const form = new FormData();
    form.append('category', 'image');
    await postMultipart('/file/upload', form);
    for (const c of calls) expect(new Headers(c.init.headers).has(SIGN_HEADER)).toBe(false);
    expect(calls.some((c) => c.url.pathname === '/api/security/get')).toBe(false);
    expect(calls.find((c) => c.url.pathname === '/file/upload')!.init.body).toBeInstanceOf(FormData);
  });

  it('opens a sealed JSON answer of a raw (download) call', async () => {
    stub();
    const response = await fetchRaw('/api/export', { method: 'POST', body: {} });
    expect(await response.json()).toEqual({ code: 1, result: true, msg: '', data: 'exported' });
  });

  it('flag off: nothing is sealed', async () => {
    setConfig({ requestEncryption: false });
    const calls = stub();
    await postForm('/api/login/getPwdStrategy', { a: '1' });
    await post('/api/getExpires', { a: 1 });
    expect(calls.every((c) => !new Headers(c.init.headers).has(SIGN_HEADER))).toBe(true);
    expect(String(calls[1]!.init.body)).toBe('{"a":1}');
  });
});

describe('request encryption switched on after the page loaded its configuration', () => {
  it('a plain call answered 41001 reloads /config.json and is sent sealed once', async () => {
    setConfig({ requestEncryption: false });
    const calls: string[] = [];
    let configAsked = 0;
    const impl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/config.json') {
        configAsked += 1;
        return json({ requestEncryption: true, tokenHeaderName: 'X-Access-Token' });
      }
      if (url.pathname === '/api/security/get') return json({ code: 1, result: true, msg: '', data: { publicKey, kid: 'k1' } });
      if (!new Headers(init.headers).get(SIGN_HEADER)) return json({ code: 41001, result: false, msg: '请求未签名', data: null });
      const opened = await openRequest(init);
      const { body, headers } = sealAnswer(opened.signed.k, { code: 1, result: true, msg: '', data: { echoed: opened.inner.body } });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
    };
    vi.stubGlobal('fetch', vi.fn(impl));
    await expect(post<{ echoed: string }>('/api/settings/get', { a: 1 })).resolves.toEqual({ echoed: '{"a":1}' });
    expect(configAsked).toBe(1);
    expect(calls.filter((path) => path === '/api/settings/get')).toHaveLength(2);
  });

  it('when the configuration still says off, the refusal stands (no loop)', async () => {
    setConfig({ requestEncryption: false });
    const impl = (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const body = url.pathname === '/config.json' ? { requestEncryption: false } : { code: 41001, result: false, msg: '请求未签名', data: null };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    };
    const fetchMock = vi.fn(impl);
    vi.stubGlobal('fetch', fetchMock);
    await expect(post('/api/settings/get', {})).rejects.toMatchObject({ code: 41001 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
