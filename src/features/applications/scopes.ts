import { KIND_PERMISSIONS, type ApplicationKind } from '../../../contracts/application-rules';
import type { ListScope } from '../../../contracts/applications';

/** Scopes the user may open on a screen of these kinds: mine needs a kind's menu code, the others an audit code. */
export function permittedScopes(kinds: readonly ApplicationKind[], scopes: readonly ListScope[], permissions: readonly string[]): ListScope[] {
  const held = new Set(permissions);
  const menu = kinds.some((kind) => held.has(KIND_PERMISSIONS[kind].menu));
  const audit = kinds.some((kind) => held.has(KIND_PERMISSIONS[kind].audit));
  return scopes.filter((scope) => (scope === 'mine' ? menu : audit));
}

/** The scope a screen shows: the URL's when permitted, else the first permitted one. */
export function scopeOf(requested: string | undefined, allowed: readonly ListScope[]): ListScope {
  return allowed.includes(requested as ListScope) ? (requested as ListScope) : (allowed[0] ?? 'mine');
}
