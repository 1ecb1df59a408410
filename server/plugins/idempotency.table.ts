import { index, json, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn, timestamptz } from '../db/columns';

/**
 * Operation ids of replayable writes (OFFLINE.md §5, plugins/idempotency.ts): claimed in the same
 * transaction as the write, with a hash of the request and the answer given, so a replay gets that
 * answer and nothing is applied twice. Kept IDEMPOTENCY_KEEP_DAYS.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantIdColumn(),
    /** the Idempotency-Key header (a UUID made by the client when the user acted) */
    key: uuid('key').notNull(),
    userId: uuid('user_id').notNull(),
    method: text('method').notNull(),
    /** the declared route pattern, e.g. /api/attendance/submit */
    route: text('route').notNull(),
    /** sha256 of user id, method, route and the canonical parsed input */
    requestHash: text('request_hash').notNull(),
    /** the successful answer { code, msg, data }; json (not jsonb) keeps the key order of the first answer */
    response: json('response'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] }), index('idempotency_keys_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
