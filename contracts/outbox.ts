import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN, OUTBOX_BATCH_MAX } from './idempotency';

/** `POST /api/outbox/batch` (contracts/idempotency.ts): the operations, validated before any runs. */
export const outboxBatchRequest = z.object({
  ops: z
    .array(
      z.object({
        key: z.string().regex(IDEMPOTENCY_KEY_PATTERN).transform((key) => key.toLowerCase()),
        url: z.string().min(1).max(200),
        body: z.unknown(),
      }),
    )
    .min(1)
    .max(OUTBOX_BATCH_MAX)
    .refine((ops) => new Set(ops.map((op) => op.key)).size === ops.length, 'each operation key once'),
});
export type OutboxBatchRequest = z.infer<typeof outboxBatchRequest>;
