import { ResponseCode } from '../../contracts/envelope';
import type { OutboxBatchData, OutboxBatchResult } from '../../contracts/idempotency';
import type { OutboxBatchRequest } from '../../contracts/outbox';
import type { AppConfig } from '../config';
import { type SuccessMessage, translate } from '../i18n/messages';
import type { Services } from '../services';
import { noteAnonymous, noteNoParams, noteReplayed, noteTarget } from './app-log';
import { AppError } from './envelope';
import type { IdempotencyStore } from './idempotency';
import { applyIdempotent } from './route-idempotent';
import { operationKeyOf } from './route-operation';
import { type AnyRoute, isAllowed, type SessionContext } from './route-spec';
import { parseInput } from './validation';

/** Runs one batch request's queued writes (SessionContext.replayOutbox). */
export type OutboxReplayer = (batch: SessionContext, ops: OutboxBatchRequest['ops']) => Promise<OutboxBatchData>;

/**
 * The runner behind `POST /api/outbox/batch` (modules/outbox, contracts/idempotency.ts): each queued
 * write runs in a savepoint of the batch request's transaction exactly as its own idempotent route
 * would (input parsed by that route's schema, its access checked, the key claimed with the effect),
 * so one failing operation rolls back alone and answers its own envelope while the others commit.
 */
export function outboxReplayer(
  routes: readonly AnyRoute[],
  deps: { config: AppConfig; services: Services },
  idempotency: IdempotencyStore,
): OutboxReplayer {
  const { config, services } = deps;
  // only body-carrying session POSTs declared idempotent can be replayed from the outbox
  const replayable = new Map(routes.filter((route) => route.idempotent && route.method === 'POST' && route.access !== 'public' && !route.receive).map((route) => [route.url, route]));

  return async (batch, ops) => {
    const { request, reply, session } = batch;
    const granted = await services.permissions.grantedCodes(batch.tx, session);
    const runOperation = async (op: OutboxBatchRequest['ops'][number]): Promise<OutboxBatchResult> => {
      try {
        const route = replayable.get(op.url);
        if (!route) throw new AppError(ResponseCode.notFound, 'outboxUnknownCall', { url: op.url });
        if (typeof route.access !== 'string' && !isAllowed(route.access, granted)) throw new AppError(ResponseCode.forbidden, 'forbidden');
        if (route.appLog === 'noParams') noteNoParams(request);
        noteReplayed(request, operationKeyOf(route));
        const answer = await batch.tx.transaction(async (savepoint) => {
          let messageKey: SuccessMessage = 'ok';
          const ctx: SessionContext = {
            request,
            reply,
            lang: batch.lang,
            body: route.body ? parseInput(route.body, op.body) : undefined,
            query: undefined,
            params: undefined,
            services,
            config,
            setMessage: (key: SuccessMessage) => {
              messageKey = key;
            },
            markAnonymous: () => noteAnonymous(request),
            session,
            tx: savepoint,
            staged: undefined,
            replayOutbox: () => Promise.reject(new Error('no batch inside a batch')),
          };
          if (route.target) noteTarget(request, await route.target(ctx as never));
          return applyIdempotent(idempotency, route, ctx, op.key, () => messageKey);
        });
        const { code, msg, data } = answer.envelope;
        return { key: op.key, code, msg, data: data ?? null, replayed: answer.replayed };
      } catch (error) {
        if (error instanceof AppError) return { key: op.key, code: error.code, msg: error.messageIn(batch.lang), data: error.data ?? null, replayed: false };
        request.log.error({ err: error, url: op.url }, 'outbox operation fault');
        return { key: op.key, code: ResponseCode.fault, msg: translate(batch.lang, 'fault'), data: null, replayed: false };
      }
    };
    const results: OutboxBatchResult[] = [];
    // in order: the client never puts two writes of one entity in a batch, but order is still theirs
    for (const op of ops) results.push(await runOperation(op));
    return { results };
  };
}
