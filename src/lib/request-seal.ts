import CryptoJS from 'crypto-js';
import { JSEncrypt } from 'jsencrypt';
import type { EncryptedBody, SignedKey } from '../../contracts/encryption';
import { utf8BinaryString } from '../../contracts/session';

/**
 * The sealing side of request encryption (contracts/encryption.ts): the http module loads it lazily
 * when the runtime flag is on (crypto-js AES-256-CBC, jsencrypt RSA-OAEP-SHA256). The server's
 * encryption tests import this very module (the one lint exception to server ↛ src), so they prove
 * the browser's sealing and the server agree.
 */
export interface SealInput {
  publicKey: string;
  kid: string;
  /** the caller's user id, '' before login */
  uid: string;
  /** original content type ('' when there is no body) */
  contentType: string;
  /** original body text (JSON or form-encoded) */
  bodyText: string;
  /** overrides for tests: clock and nonce */
  now?: number;
  nonce?: string;
}

export interface Sealed {
  /** value of the X-Sign header */
  sign: string;
  /** JSON text `{ "data": … }`, sent as application/json */
  body: string;
  /** AES key (base64): opens the answer */
  key: string;
}

const randomBase64 = (bytes: number): string => {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  let binary = '';
  for (const byte of buffer) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const encryptors = new Map<string, JSEncrypt>();

function rsaEncryptOaep(publicKey: string, plain: string): string {
  let encryptor = encryptors.get(publicKey);
  if (!encryptor) {
    encryptor = new JSEncrypt();
    encryptor.setPublicKey(publicKey);
    encryptors.set(publicKey, encryptor);
  }
  const out = encryptor.encryptOAEP(utf8BinaryString(plain));
  if (out === false) throw new Error('RSA encryption failed');
  return out;
}

const cbc = (key: string, iv: string) => ({ iv: CryptoJS.enc.Base64.parse(iv), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7, key: CryptoJS.enc.Base64.parse(key) });

export function aesEncryptText(key: string, iv: string, plain: string): string {
  const { key: k, ...options } = cbc(key, iv);
  return CryptoJS.AES.encrypt(plain, k, options).toString();
}

export function aesDecryptText(key: string, iv: string, base64: string): string {
  const { key: k, ...options } = cbc(key, iv);
  return CryptoJS.AES.decrypt(base64, k, options).toString(CryptoJS.enc.Utf8);
}

export function sealRequest(input: SealInput): Sealed {
  const signed: SignedKey = {
    k: randomBase64(32),
    i: randomBase64(16),
    t: input.now ?? Date.now(),
    u: input.uid,
    n: input.nonce ?? randomBase64(16),
  };
  const inner: EncryptedBody = { type: input.contentType, body: input.bodyText };
  return {
    sign: `${input.kid}.${rsaEncryptOaep(input.publicKey, JSON.stringify(signed))}`,
    body: JSON.stringify({ data: aesEncryptText(signed.k, signed.i, JSON.stringify(inner)) }),
    key: signed.k,
  };
}

/** An encrypted answer `{ encrypted, iv }` → its text; anything else → null. */
export function openResponse(key: string, payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const { encrypted, iv } = payload as { encrypted?: unknown; iv?: unknown };
  if (typeof encrypted !== 'string' || typeof iv !== 'string') return null;
  return aesDecryptText(key, iv, encrypted);
}
