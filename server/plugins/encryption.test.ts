import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCRYPTED_HEADER, SIGN_HEADER } from '../../contracts/encryption';
import { openResponse, sealRequest } from '../../src/lib/request-seal';
import { type Envelope, ResponseCode } from '../../contracts/envelope';
import type { SecurityKey } from '../../contracts/session';
import { defaultConfig } from '../config';
import { rotateSecurityKey } from '../modules/auth/keys';
import { buildTestApp, call, createUser, encryptForServer, ownerQuery, type TestApp, uniqueIp } from '../test/helpers';

const encryption = (overrides: Partial<ReturnType<typeof defaultConfig>['requestEncryption']> = {}) => ({
  requestEncryption: { enabled: true, windowSeconds: 300, keyGraceMinutes: 60, ...overrides },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(encryption());
});
afterAll(async () => {
  await t?.close();
});

async function publicKey(app = t.app): Promise<SecurityKey> {
  return (await call<SecurityKey>(app, 'POST', '/api/security/get')).body.data;
}

interface SealOptions {
  token?: string;
  form?: Record<string, string>;
  json?: unknown;
  now?: number;
  nonce?: string;
  key?: SecurityKey;
  /** the signed user id; defaults to the owner of `token` (as the browser signs) */
  uid?: string;
}

/** token → the user id its login answered, so sealed calls sign the right user by default */
const userOfToken = new Map<string, string>();

/** Seals a request exactly as the browser's http module does. */
async function seal(url: string, options: SealOptions = {}) {
  const key = options.key ?? (await publicKey());
  const [contentType, bodyText] = options.form
    ? ['application/x-www-form-urlencoded;charset=UTF-8', new URLSearchParams(options.form).toString()]
    : options.json !== undefined
      ? ['application/json;charset=UTF-8', JSON.stringify(options.json)]
      : ['', ''];
  const sealed = sealRequest({ publicKey: key.publicKey, kid: key.kid, uid: options.uid ?? (options.token ? userOfToken.get(options.token) : undefined) ?? '', contentType, bodyText, now: options.now, nonce: options.nonce });
  const headers: Record<string, string> = { 'content-type': 'application/json', [SIGN_HEADER]: sealed.sign };
  if (options.token) headers['x-access-token'] = options.token;
  return { url, headers, payload: sealed.body, aesKey: sealed.key };
}

async function send(app: TestApp['app'], request: Awaited<ReturnType<typeof seal>>) {
  const response = await app.inject({ method: 'POST', url: request.url, headers: request.headers, payload: request.payload, remoteAddress: uniqueIp() });
  const raw = response.json() as unknown;
  const opened = openResponse(request.aesKey, raw);
  const body = (opened === null ? raw : JSON.parse(opened)) as Envelope<unknown>;
  return { body, encrypted: opened !== null, marker: response.headers[ENCRYPTED_HEADER.toLowerCase()] };
}

async function sealedLogin(username: string, password: string): Promise<string> {
  const { body } = await send(t.app, await seal('/api/login/v3', { form: { username, password, tenant: 'demo' } }));
  expect(body.code).toBe(1);
  const { token, userId } = body.data as { token: string; userId: string };
  userOfToken.set(token, userId);
  return token;
}

const hashOf = async (userId: string) => (await ownerQuery<{ password_hash: string }>(t.db, 'SELECT password_hash FROM users WHERE id = $1', [userId]))[0]!.password_hash;

describe('request encryption (XIAOWU_REQUEST_ENCRYPTION=on)', () => {
  it('login options report it; whitelisted calls stay plain', async () => {
    expect((await call<{ requestEncryption: boolean }>(t.app, 'GET', '/api/login/options')).body.data.requestEncryption).toBe(true);
    const key = await publicKey();
    expect(key.kid).toBeTruthy();
    expect(key.publicKey).toContain('BEGIN PUBLIC KEY');
    expect((await call(t.app, 'POST', '/api/login/getPwdStrategy')).body.code).toBe(1);
  });

  it('an encrypted login and form call reach the handler with the plain body; answers come back encrypted', async () => {
    const user = await createUser(t.db, 'demo', { roles: ['teacher'] });
    const token = await sealedLogin(user.username, user.password);
    const result = await send(t.app, await seal('/api/message/info/getInfoByRecipient', { token, form: { page: '1', size: '5', status: '', type: '' } }));
    expect(result.encrypted).toBe(true);
    expect(result.marker).toBe('1');
    expect(result.body).toMatchObject({ code: 1, result: true });
    // a failure of the handler is encrypted too, and says what the contract says (the body was rebuilt)
    const invalid = await send(t.app, await seal('/api/message/info/getInfoByRecipient', { token, form: { page: 'x' } }));
    expect(invalid.encrypted).toBe(true);
    expect(invalid.body.code).toBe(ResponseCode.invalidInput);
  });

  it('a JSON body is rebuilt as JSON', async () => {
    const user = await createUser(t.db, 'demo', { roles: ['teacher'] });
    const token = await sealedLogin(user.username, user.password);
    const result = await send(t.app, await seal('/api/message/info/getInfoByRecipient', { token, json: { page: 1, size: 5 } }));
    expect(result.body.code).toBe(1);
  });

  describe('refusals write nothing (a password change is not applied)', () => {
    const setup = async () => {
      const user = await createUser(t.db, 'demo', { roles: ['teacher'] });
      const token = await sealedLogin(user.username, user.password);
      const form = { oldPassword: await encryptForServer(t.app, user.password), newPassword: await encryptForServer(t.app, 'NewPass2026') };
      return { user, token, form, before: await hashOf(user.id) };
    };

    it('plain body: missing signature', async () => {
      const { user, token, form, before } = await setup();
      const plain = await call(t.app, 'POST', '/api/saas/db/update/pwd', { token, form });
      expect(plain.body.code).toBe(ResponseCode.missingSignature);
      expect(plain.body.msg).toBe('请求未加密或缺少签名');
      expect(await hashOf(user.id)).toBe(before);
      // signature header but a plain body: missing too
      const sealed = await seal('/api/saas/db/update/pwd', { token, form });
      const halfPlain = await t.app.inject({ method: 'POST', url: sealed.url, headers: { ...sealed.headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
      expect((halfPlain.json() as Envelope).code).toBe(ResponseCode.missingSignature);
      expect(await hashOf(user.id)).toBe(before);
    });

    it('bad signature: garbage, unknown key id, tampered body', async () => {
      const { user, token, form, before } = await setup();
      const sealed = await seal('/api/saas/db/update/pwd', { token, form });
      const kid = sealed.headers[SIGN_HEADER]!.split('.')[0]!;
      for (const sign of [`${kid}.${Buffer.from('nonsense').toString('base64')}`, `nokid.${sealed.headers[SIGN_HEADER]!.split('.')[1]}`, 'no-dot']) {
        const { body } = await send(t.app, { ...sealed, headers: { ...sealed.headers, [SIGN_HEADER]: sign } });
        expect(body.code).toBe(ResponseCode.badSignature);
      }
      const other = await seal('/api/saas/db/update/pwd', { token, form });
      const { body } = await send(t.app, { ...sealed, payload: other.payload });
      expect(body.code).toBe(ResponseCode.badSignature);
      const en = await t.app.inject({ method: 'POST', url: sealed.url, headers: { ...sealed.headers, [SIGN_HEADER]: 'no-dot', 'accept-language': 'en' }, payload: sealed.payload });
      expect((en.json() as Envelope).msg).toBe('The request signature is not valid');
      expect(await hashOf(user.id)).toBe(before);
    });

    it('the signed user id must be the session\'s', async () => {
      const { user, token, form, before } = await setup();
      const other = await createUser(t.db, 'demo', { roles: ['teacher'] });
      for (const uid of [other.id, '']) {
        const { body } = await send(t.app, await seal('/api/saas/db/update/pwd', { token, form, uid }));
        expect(body.code).toBe(ResponseCode.badSignature);
        expect(body.msg).toBe('请求签名中的用户与当前登录用户不一致');
      }
      expect(await hashOf(user.id)).toBe(before);
      // signed for its own user, the same change goes through
      const { body } = await send(t.app, await seal('/api/saas/db/update/pwd', { token, form, uid: user.id }));
      expect(body.code).toBe(1);
      expect(await hashOf(user.id)).not.toBe(before);
    });

    it('timestamp outside the window', async () => {
      const { user, token, form, before } = await setup();
      for (const now of [Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
        const { body } = await send(t.app, await seal('/api/saas/db/update/pwd', { token, form, now }));
        expect(body.code).toBe(ResponseCode.staleTimestamp);
      }
      expect(await hashOf(user.id)).toBe(before);
    });

    it('a replayed nonce is refused, also by another instance', async () => {
      const { user, token, form, before } = await setup();
      const first = await seal('/api/saas/db/update/pwd', { token, form });
      const answer = await send(t.app, first);
      expect(answer.body).toMatchObject({ code: 1, msg: '密码修改成功' });
      const changed = await hashOf(user.id);
      expect(changed).not.toBe(before);
      expect((await send(t.app, first)).body.code).toBe(ResponseCode.replayedRequest);
      const other = await buildTestApp(encryption());
      try {
        expect((await send(other.app, first)).body.code).toBe(ResponseCode.replayedRequest);
      } finally {
        await other.close();
      }
      expect(await hashOf(user.id)).toBe(changed);
    });
  });

  it('key rotation: the previous key works within its grace, not after', async () => {
    const user = await createUser(t.db, 'demo', { roles: ['teacher'] });
    const token = await sealedLogin(user.username, user.password);
    const oldKey = await publicKey();
    const newKid = await rotateSecurityKey(t.db, 60);
    t.app.services.auth.keys.reload();
    const newKey = await publicKey();
    expect(newKey.kid).toBe(newKid);
    expect(newKey.kid).not.toBe(oldKey.kid);

    const form = { page: '1', size: '5' };
    const url = '/api/message/info/getInfoByRecipient';
    expect((await send(t.app, await seal(url, { token, form, key: oldKey }))).body.code).toBe(1);
    expect((await send(t.app, await seal(url, { token, form, key: newKey }))).body.code).toBe(1);

    const graceOver = await buildTestApp(encryption({ keyGraceMinutes: 0 }));
    try {
      expect((await send(graceOver.app, await seal(url, { token, form, key: oldKey }))).body.code).toBe(ResponseCode.badSignature);
      expect((await send(graceOver.app, await seal(url, { token, form, key: newKey }))).body.code).toBe(1);
    } finally {
      await graceOver.close();
    }
  });
});

describe('request encryption off (default)', () => {
  it('plain bodies are served; login options say off', async () => {
    const off = await buildTestApp();
    try {
      expect((await call<{ requestEncryption: boolean }>(off.app, 'GET', '/api/login/options')).body.data.requestEncryption).toBe(false);
      expect((await call(off.app, 'POST', '/api/login/getPwdStrategy')).body.code).toBe(1);
    } finally {
      await off.close();
    }
  });
});
