import { constants, createPrivateKey, generateKeyPair, type KeyObject, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { Database } from '../../db/client';
import { authRepository } from './auth.repository';

/**
 * The RSA key pairs (global table `security_keys`, id = key id "kid"). The newest is current: the
 * public key answer names it, clients sign with it. After a rotation the previous keys still
 * decrypt for `graceMinutes` (clients holding the old public key keep working), then are refused.
 * The private keys never leave the server.
 */
interface KeyRow {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: Date;
}

/** Keys are re-read this often, so a rotation by another instance (or the CLI) is seen soon. */
const CACHE_MS = 30_000;

async function newKeyPair() {
  return promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** The key id of the key made on first start (kept as is, so existing deployments keep their key). */
export const FIRST_KEY_ID = 'request-encryption';

/** Generates the first key pair on first start (owner connection). */
export async function ensureFirstSecurityKey(db: Database): Promise<void> {
  if ((await authRepository.securityKeys(db.owner)).length > 0) return;
  const { publicKey, privateKey } = await newKeyPair();
  await authRepository.insertSecurityKey(db.owner, { id: FIRST_KEY_ID, publicKey, privateKey });
}

/**
 * Rotation (server/scripts/rotate-key.ts): a new current key; keys whose grace has ended are
 * deleted. Returns the new key id.
 */
export async function rotateSecurityKey(db: Database, graceMinutes: number, now = new Date()): Promise<string> {
  const { publicKey, privateKey } = await newKeyPair();
  const id = `k${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await authRepository.insertSecurityKey(db.owner, { id, publicKey, privateKey });
  const rows = await authRepository.securityKeys(db.owner);
  const keep = usableKeys(rows, graceMinutes, now).map((row) => row.id);
  await authRepository.deleteSecurityKeysExcept(db.owner, keep);
  return id;
}

/** Current key first, then the previous ones still inside their grace (it starts when a newer key appears). */
function usableKeys(rows: KeyRow[], graceMinutes: number, now: Date): KeyRow[] {
  return rows.filter((row, index) => {
    if (index === 0) return true;
    const successor = rows[index - 1]!;
    return successor.createdAt.getTime() + graceMinutes * 60_000 > now.getTime();
  });
}

export class SecurityKeyRing {
  private loaded: { at: number; rows: Promise<KeyRow[]> } | undefined;
  /** parsed private keys by PEM (parsing a PEM on every request costs more than the decryption) */
  private readonly parsed = new Map<string, KeyObject>();

  constructor(
    private readonly db: Database,
    private readonly graceMinutes: number,
  ) {}

  private rows(force = false): Promise<KeyRow[]> {
    const now = Date.now();
    if (force || !this.loaded || now - this.loaded.at > CACHE_MS) {
      const rows = this.db.withGlobal((tx) => authRepository.securityKeys(tx));
      this.loaded = { at: now, rows };
      rows.catch(() => {
        this.loaded = undefined;
      });
    }
    return this.loaded.rows;
  }

  /** Forget the cache (tests, after a rotation in this process). */
  reload(): void {
    this.loaded = undefined;
  }

  async current(): Promise<{ kid: string; publicKey: string }> {
    const rows = await this.rows();
    const first = rows[0];
    if (!first) throw new Error('security key missing: the server bootstrap creates it (ensureSecurityKey)');
    return { kid: first.id, publicKey: first.publicKey };
  }

  /** The private key of a usable key id, or null (unknown, or its grace ended). */
  async privateKey(kid: string): Promise<string | null> {
    let rows = await this.rows();
    if (!rows.some((row) => row.id === kid)) rows = await this.rows(true);
    const found = usableKeys(rows, this.graceMinutes, new Date()).find((row) => row.id === kid);
    return found ? found.privateKey : null;
  }

  /** RSA-OAEP(SHA-256) base64 → bytes with the given key id, or with any usable key; null when none opens it. */
  async decrypt(base64: string, kid?: string): Promise<Buffer | null> {
    const cipher = Buffer.from(base64, 'base64');
    const candidates = kid
      ? [await this.privateKey(kid)].filter((key): key is string => key !== null)
      : usableKeys(await this.rows(), this.graceMinutes, new Date()).map((row) => row.privateKey);
    for (const key of candidates) {
      let parsed = this.parsed.get(key);
      if (!parsed) {
        parsed = createPrivateKey(key);
        this.parsed.set(key, parsed);
      }
      try {
        return privateDecrypt({ key: parsed, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, cipher);
      } catch {
        // try the next usable key
      }
    }
    return null;
  }
}
