import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, base64url (43 characters). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** Only this hash is stored; a database leak yields no usable tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Captcha answers are stored hashed with their id; case does not matter to the user. */
export const hashCaptchaAnswer = (captchaId: string, answer: string): string =>
  createHash('sha256').update(`${captchaId}:${answer.trim().toLowerCase()}`).digest('hex');
