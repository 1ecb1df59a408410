import { type SuccessMessage, successText } from '../i18n/messages';
import { okEnvelope } from './envelope';
import type { IdempotencyStore, IdempotentAnswer } from './idempotency';
import { type AnyRoute, RawReply, type SessionContext } from './route-spec';

/**
 * Runs an idempotent route's handler under its key (plugins/idempotency.ts): the stored answer of an
 * earlier identical request, or the handler's answer stored in the same transaction.
 */
export async function applyIdempotent(
  store: IdempotencyStore,
  route: AnyRoute,
  ctx: SessionContext<unknown, unknown, unknown>,
  key: string,
  message: () => SuccessMessage,
): Promise<IdempotentAnswer> {
  let anonymous = false;
  const inner: SessionContext = {
    ...ctx,
    markAnonymous: () => {
      anonymous = true;
      ctx.markAnonymous();
    },
  };
  return store.apply(
    ctx.tx,
    {
      tenantId: ctx.session.tenantId,
      userId: ctx.session.userId,
      key,
      method: route.method,
      route: route.url,
      input: { body: ctx.body, query: ctx.query, params: ctx.params },
    },
    async () => {
      const result = await route.handler(inner as never);
      // a stored answer is an envelope; raw bytes (downloads) are never replayed
      if (result instanceof RawReply) throw new Error(`${route.url}: an idempotent route must answer an envelope`);
      return okEnvelope(result ?? null, successText(ctx.lang, message()));
    },
    // an anonymous answer: the key (with the user id) is not kept; the answer id makes it idempotent anyway
    () => !anonymous,
  );
}
