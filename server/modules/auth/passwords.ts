import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults are argon2id, 19 MiB, 2 passes, 1 lane (the OWASP recommendation).
export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for unknown accounts, so response timing does not
 * tell which usernames exist. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Default password strategy (SPEC §5): 8-50 characters with at least one letter and one digit. */
export const DEFAULT_PASSWORD_RULE = '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$';
