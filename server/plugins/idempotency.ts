import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ResponseCode, type Envelope } from '../../contracts/envelope';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEEP_DAYS, IDEMPOTENCY_KEY_PATTERN } from '../../contracts/idempotency';
import type { Tx } from '../db/client';
import { AppError } from './envelope';
import { idempotencyKeys } from './idempotency.table';

/**
 * Exactly-once replay of outbox writes (OFFLINE.md §5, contracts/idempotency.ts). A route declared
 * `idempotent: true` that receives an `Idempotency-Key` claims the key in the request's own
 * transaction, before its handler runs:
 * - INSERT … ON CONFLICT DO NOTHING on (tenant_id, key): a concurrent duplicate blocks on the first
 *   transaction's uncommitted row and, once that commits, finds it (READ COMMITTED sees it in the
 *   next statement); if the first rolled back, the duplicate's own insert succeeds and it runs;
 * - a key already stored with another request hash → 42200, nothing applied;
 * - the same request → the stored answer (the caller sets `Idempotent-Replay: 1`), nothing applied;
 * - otherwise the handler runs and its answer is stored in the same transaction. A failure
 *   (AppError, fault) rolls the claim back with the effect, so a retry runs again.
 */

export interface IdempotentRequest {
  tenantId: string;
  userId: string;
  key: string;
  method: string;
  /** the declared route pattern, not the concrete URL */
  route: string;
  /** the parsed input (body, query, params): hashed in canonical form */
  input: unknown;
}

export interface IdempotentAnswer {
  envelope: Envelope;
  /** true when the envelope is the stored answer of an earlier identical request */
  replayed: boolean;
}

/** Old keys are removed at most this often per tenant and process, inside a request's transaction. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** rows removed per purge: keeps the request that pays for it short */
const PURGE_BATCH = 500;

/** The Idempotency-Key header: null when absent; a present but malformed key is refused (40000). */
export function readIdempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw : [raw];
  if (value.length !== 1 || !IDEMPOTENCY_KEY_PATTERN.test(value[0].trim())) {
    throw new AppError(ResponseCode.invalidInput, 'idempotencyKeyInvalid', { header: IDEMPOTENCY_HEADER });
  }
  return value[0].trim().toLowerCase();
}

/** JSON with object keys sorted at every level, so equal requests hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export const requestHash = (request: Omit<IdempotentRequest, 'tenantId' | 'key'>): string =>
  createHash('sha256').update(canonicalJson([request.userId, request.method, request.route, request.input ?? null])).digest('hex');

/** One per app: remembers when each tenant's old keys were last removed. */
export class IdempotencyStore {
  private readonly lastPurge = new Map<string, number>();

  constructor(private readonly keepDays = IDEMPOTENCY_KEEP_DAYS) {}

  /**
   * Runs `handle` at most once per key (see the file comment). `handle` returns the success envelope;
   * it runs in `tx`, so the stored answer commits or rolls back with the effect. When `keep` answers
   * false after `handle` (an answer to an anonymous questionnaire: the record would tie the user to
   * it), the claim is removed in the same transaction instead: nothing about the call stays, and a
   * repeat runs the handler again (which must then be idempotent by itself).
   */
  async apply(tx: Tx, request: IdempotentRequest, handle: () => Promise<Envelope>, keep: () => boolean = () => true): Promise<IdempotentAnswer> {
    const hash = requestHash(request);
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ tenantId: request.tenantId, key: request.key, userId: request.userId, method: request.method, route: request.route, requestHash: hash })
      .onConflictDoNothing({ target: [idempotencyKeys.tenantId, idempotencyKeys.key] })
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      const [stored] = await tx
        .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, request.tenantId), eq(idempotencyKeys.key, request.key)));
      // Gone between the two statements (purged, or the first request rolled back after our insert
      // saw it): the caller retries and the key is claimed then.
      if (!stored) throw new AppError(ResponseCode.idempotencyInProgress, 'idempotencyInProgress');
      if (stored.requestHash !== hash) throw new AppError(ResponseCode.idempotencyMismatch, 'idempotencyMismatch', { header: IDEMPOTENCY_HEADER });
      if (stored.response === null) throw new AppError(ResponseCode.idempotencyInProgress, 'idempotencyInProgress');
      return { envelope: stored.response as Envelope, replayed: true };
    }

    const envelope = await handle();
    if (!keep()) {
      await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.tenantId, request.tenantId), eq(idempotencyKeys.key, request.key)));
      return { envelope, replayed: false };
    }
    await tx
      .update(idempotencyKeys)
      .set({ response: { code: envelope.code, result: envelope.result, msg: envelope.msg, data: envelope.data } })
      .where(and(eq(idempotencyKeys.tenantId, request.tenantId), eq(idempotencyKeys.key, request.key)));
    await this.purgeOccasionally(tx, request.tenantId);
    return { envelope, replayed: false };
  }

  /** Removes keys older than keepDays of the transaction's tenant (RLS), at most once an hour. */
  private async purgeOccasionally(tx: Tx, tenantId: string): Promise<void> {
    const now = Date.now();
    if (now - (this.lastPurge.get(tenantId) ?? 0) < PURGE_EVERY_MS) return;
    this.lastPurge.set(tenantId, now);
    await tx.execute(sql`
      DELETE FROM ${idempotencyKeys}
      WHERE (tenant_id, key) IN (
        SELECT k.tenant_id, k.key FROM ${idempotencyKeys} k
        WHERE k.tenant_id = ${tenantId} AND k.created_at < now() - make_interval(days => ${this.keepDays})
        LIMIT ${PURGE_BATCH})`);
  }
}
