import { OUTBOX_BATCH_URL } from '../../../contracts/idempotency';
import { outboxBatchRequest } from '../../../contracts/outbox';
import { defineRoute } from '../../plugins/routes';

export const outboxRoutes = [
  // the drain's queued writes in one call: each runs as its own idempotent route (plugins/routes.ts)
  defineRoute({
    method: 'POST',
    url: OUTBOX_BATCH_URL,
    access: 'session',
    summary: 'Send queued writes',
    body: outboxBatchRequest,
    handler: (ctx) => ctx.replayOutbox(ctx.body.ops),
  }),
];
