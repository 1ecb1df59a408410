import { z } from 'zod';
import { SURVEY_PUBLIC_URLS } from './survey-public-urls';

/**
 * Request encryption (SPEC §7), shared by the client's http module and the server's plugin.
 *
 * A non-GET call that is not on the public whitelist:
 *   header `X-Sign: <kid>.<base64 RSA-OAEP-SHA256(JSON SignedEnvelopeKey)>`
 *   body   `{ "data": base64 AES-256-CBC(JSON EncryptedBody) }` with `Content-Type: application/json`
 * The AES key (32 random bytes) and IV (16 random bytes) travel only inside the signature.
 * The answer is `{ "encrypted": base64 AES-256-CBC(envelope JSON), "iv": base64 }` under the same key,
 * with a fresh IV, plus the header `X-Encrypted: 1`.
 */
export const SIGN_HEADER = 'X-Sign';
export const ENCRYPTED_HEADER = 'X-Encrypted';

/**
 * What the signature carries, with one-letter names: RSA-OAEP-SHA256 with a 2048-bit key takes at
 * most 190 bytes of plain text.
 */
export const signedKeySchema = z.object({
  /** AES-256 key, base64 (32 bytes) */
  k: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
  /** AES-CBC IV of the request body, base64 (16 bytes) */
  i: z.string().regex(/^[A-Za-z0-9+/]{22}==$/),
  /** client clock, epoch milliseconds */
  t: z.number().int().positive(),
  /** the caller's user id, '' before login; a session call whose id differs from its session's is refused (41002) */
  u: z.string().max(64),
  /** random, single use: 16 bytes base64 */
  n: z.string().min(16).max(32),
});
export type SignedKey = z.infer<typeof signedKeySchema>;

/** The plain text inside `data`: the original content type and body text (JSON or form-encoded). */
export const encryptedBodySchema = z.object({
  /** 'application/json' | 'application/x-www-form-urlencoded' | '' (no body) */
  type: z.string().max(100),
  body: z.string(),
});
export type EncryptedBody = z.infer<typeof encryptedBodySchema>;

/**
 * Non-GET calls that stay plain when encryption is on: what the login page needs before it has a
 * key, the public survey page's calls, and multipart uploads (their bytes stream to disk; they are
 * authorised by the session token).
 * Login itself (`/api/login/v3`) is encrypted: the password never travels in a plain body.
 */
export const ENCRYPTION_WHITELIST: readonly string[] = [
  '/api/security/get',
  '/api/login/options',
  '/api/captcha',
  '/api/internationalLanguage/getInternationalLanguageList',
  '/api/login/getPwdStrategy',
  '/api/k12saas/xxjbxx/getLogo',
  '/file/upload',
  // the public survey page (issue 9, survey.html): no login, its own light bundle without the sealing
  // code (≤ 90 KiB); rate-limited per address and device instead; its upload is multipart like /file/upload
  SURVEY_PUBLIC_URLS.publicList,
  SURVEY_PUBLIC_URLS.publicOpen,
  SURVEY_PUBLIC_URLS.publicAnswer,
  SURVEY_PUBLIC_URLS.publicUpload,
];

/** Path without query string or base address, for the whitelist. */
export function isEncryptionWhitelisted(path: string): boolean {
  const bare = path.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
  return ENCRYPTION_WHITELIST.includes(bare);
}
