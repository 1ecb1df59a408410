/** SPEC §9: random ids are 8 characters by default. */
export const RANDOM_ID_LENGTH = 8;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of letters and digits (for element ids and keys, not for secrets). */
export function randomId(length = RANDOM_ID_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
