import { queryOptions } from '@tanstack/react-query';
import type { PwdStrategy, SecurityKey } from '../../../contracts/session';
import { rsaEncrypt } from '../../lib/crypto';
import { requestEnvelope } from '../../lib/http';

/**
 * Calls of the logged-in user's account menu (kept apart from api.ts so that /login does not load
 * them): the password rule, changing the password, refreshing the menus.
 */

/** POST /api/login/getPwdStrategy: the new-password rule (a regular expression) and its description. */
export const passwordStrategyQuery = queryOptions({
  queryKey: ['auth', 'user', 'password-strategy'] as const,
  queryFn: async ({ signal }) => (await requestEnvelope<PwdStrategy>('/api/login/getPwdStrategy', { method: 'POST', signal })).data,
  staleTime: 5 * 60_000,
});

/**
 * POST /api/saas/db/update/pwd (form): both passwords RSA-encrypted with the key of
 * POST /api/security/get. Resolves with the server's message.
 */
export async function changePassword(oldPassword: string, newPassword: string): Promise<string> {
  const { data } = await requestEnvelope<SecurityKey>('/api/security/get', { method: 'POST' });
  const [encryptedOld, encryptedNew] = await Promise.all([rsaEncrypt(data.publicKey, oldPassword), rsaEncrypt(data.publicKey, newPassword)]);
  const answer = await requestEnvelope<unknown>('/api/saas/db/update/pwd', {
    method: 'POST',
    form: true,
    body: { oldPassword: encryptedOld, newPassword: encryptedNew },
  });
  return answer.msg;
}

/** POST /api/role/refresh: true when the server dropped its cached menus (the page then reloads). */
export async function refreshPermissions(): Promise<boolean> {
  const answer = await requestEnvelope<unknown>('/api/role/refresh', { method: 'POST' });
  return answer.result === true;
}
