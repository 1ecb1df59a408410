import { CONNECTIVITY_PROBE_URL } from '../../../contracts/connectivity';
import { OUTBOX_BATCH_URL } from '../../../contracts/idempotency';
import { outboxBatchRequest } from '../../../contracts/outbox';
import { changes, defineRoute, reads } from '../../plugins/define-route';

export const outboxRoutes = [
  // the drain's queued writes in one call: each runs as its own idempotent route (plugins/define-route.ts)
  defineRoute({
    method: 'POST',
    url: OUTBOX_BATCH_URL,
    operation: changes('同步离线操作', 'Sync offline changes'),
    access: 'session',
    summary: 'Send queued writes',
    body: outboxBatchRequest,
    handler: (ctx) => ctx.replayOutbox(ctx.body.ops),
  }),
  // what the client probes while the server is unreachable (contracts/connectivity.ts): no database, never cached
  defineRoute({
    method: 'GET',
    url: CONNECTIVITY_PROBE_URL,
    operation: reads('检查连接', 'Check the connection'),
    access: 'public',
    summary: 'answers at once (the offline indicator checks that the server is back)',
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      return {};
    },
  }),
];
