/**
 * Exactly-once replay of queued writes (OFFLINE.md §5). Every call the outbox sends carries
 * `Idempotency-Key: <operation id>` (a UUID made when the user acted). The server stores the key, a
 * hash of the request and its answer in the same transaction as the effect, per tenant:
 * - the same key again, same request → the stored answer, nothing applied twice (`Idempotent-Replay: 1`);
 * - the same key with another request → refused, 42200 (the client files it as failed, never retries);
 * - the same key while the first is still running: the server makes the duplicate wait for the first
 *   transaction and then answers as above; 40901 (the client retries later) only in the rare case
 *   that the first request's row disappeared meanwhile (it rolled back, or the key was purged).
 * A failed request (any code but 1) stores nothing: a retry with the same key runs again.
 * Keys are kept at least a school term (IDEMPOTENCY_KEEP_DAYS).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** answer header set when the stored answer of an earlier identical request is returned */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replay';
/** how long keys are kept: longer than a school term (about 20 weeks) */
export const IDEMPOTENCY_KEEP_DAYS = 200;
/** a key is a UUID (any version; the client makes v7) */
export const IDEMPOTENCY_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /api/outbox/batch`: several queued writes in one call (the drain sends the head of each
 * entity's queue together). Each operation is the call it stands for (`url`, `body`) with its own
 * key, run in its own savepoint under the same rules as a single call with `Idempotency-Key`: its
 * effect and stored answer commit together, a failure rolls back that operation only. The answer
 * lists one envelope per operation, in order (`replayed`: the stored answer of an earlier send).
 * Only routes declared idempotent may be sent this way.
 */
export const OUTBOX_BATCH_URL = '/api/outbox/batch';
/** operations per batch: a batch is one transaction on one connection, keep it short */
export const OUTBOX_BATCH_MAX = 50;

export interface OutboxBatchOperation {
  key: string;
  url: string;
  body: unknown;
}
export interface OutboxBatchResult {
  key: string;
  code: number;
  msg: string;
  data: unknown;
  replayed: boolean;
}
export interface OutboxBatchData {
  results: OutboxBatchResult[];
}
