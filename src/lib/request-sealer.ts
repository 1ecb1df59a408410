import { isEncryptionWhitelisted, SIGN_HEADER } from '../../contracts/encryption';
import { getConfig } from './config';
import { session } from './session';

type SealModule = typeof import('./request-seal');

export interface SecurityKey {
  publicKey: string;
  kid: string;
}

/**
 * Request encryption (SPEC §7; protocol in contracts/encryption.ts) for a transport: lib/http.ts (the
 * app) and features/auth/login-client.ts (the light login page, which must not load the app's http
 * module). The sealing code (jsencrypt, crypto-js) loads only when `requestEncryption` is on; the
 * server's public key is fetched once with the transport's own call and forgotten on 41002.
 */
export function createRequestSealer(fetchKey: () => Promise<SecurityKey>) {
  let sealModule: Promise<SealModule> | undefined;
  let key: Promise<SecurityKey> | undefined;
  const securityKey = () =>
    (key ??= fetchKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  return {
    /** Seals the body when encryption applies to this call; returns the AES key that opens the answer, or null for a plain call. */
    async seal(path: string, method: string, headers: Headers, body: BodyInit | undefined): Promise<{ body: BodyInit | undefined; aesKey: string | null }> {
      if (!getConfig().requestEncryption || method === 'GET' || body instanceof FormData || isEncryptionWhitelisted(path)) return { body, aesKey: null };
      sealModule ??= import('./request-seal');
      const [{ sealRequest }, { publicKey, kid }] = await Promise.all([sealModule, securityKey()]);
      const contentType = body === undefined ? '' : (headers.get('Content-Type') ?? '');
      const sealed = sealRequest({ publicKey, kid, uid: session.userId, contentType, bodyText: body === undefined ? '' : String(body) });
      headers.set('Content-Type', 'application/json;charset=UTF-8');
      headers.set(SIGN_HEADER, sealed.sign);
      return { body: sealed.body, aesKey: sealed.key };
    },
    /** An encrypted answer → the envelope inside; plain answers pass through. */
    async open(aesKey: string | null, payload: unknown): Promise<unknown> {
      if (!aesKey || !sealModule) return payload;
      const text = (await sealModule).openResponse(aesKey, payload);
      return text === null ? payload : (JSON.parse(text) as unknown);
    },
    /** The key was rotated (41002): the next sealed call fetches the new one. */
    forgetKey(): void {
      key = undefined;
    },
  };
}
