import { useRouteContext } from '@tanstack/react-router';
import { MESSAGE_PERMISSION } from '../../../contracts/messages';
import type { PermissionPayload } from '../../../contracts/session';
import { allows } from '../../lib/permissions';

/** What the bell and the card need to be shown at all (SPEC §2: permission messageCenter_xxzx). */
export const MESSAGE_REQUIREMENT = { anyOf: [MESSAGE_PERMISSION] } as const;

/**
 * Whether the logged-in user may see messages, from the permission payload the authenticated
 * layout put in the router context (no payload, e.g. outside the layout: no).
 */
export function useMessageAccess(): boolean {
  const context = useRouteContext({ strict: false }) as { permission?: PermissionPayload };
  const payload = context.permission;
  return Boolean(payload) && allows({ permissions: payload?.permission ?? [], roles: payload?.roles ?? [] }, MESSAGE_REQUIREMENT);
}
