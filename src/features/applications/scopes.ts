import { KIND_PERMISSIONS, type ApplicationKind } from '../../../contracts/application-rules';
import type { ListScope } from '../../../contracts/applications';

/**
 * Scopes the user may open on a screen of these kinds: todo/done/all need a kind's audit code; mine
 * needs a kind's add code, or the menu code without any audit code (a student reading the proofs a
 * parent filed for them). So an auditor who never applies (head teacher, 教务处, grade leader) does
 * not land on an empty 我的申请: their first tab is 待我审核.
 */
export function permittedScopes(kinds: readonly ApplicationKind[], scopes: readonly ListScope[], permissions: readonly string[]): ListScope[] {
  const held = new Set(permissions);
  const add = kinds.some((kind) => held.has(KIND_PERMISSIONS[kind].add));
  const menu = kinds.some((kind) => held.has(KIND_PERMISSIONS[kind].menu));
  const audit = kinds.some((kind) => held.has(KIND_PERMISSIONS[kind].audit));
  return scopes.filter((scope) => (scope === 'mine' ? add || (menu && !audit) : audit));
}

/** The scope a screen shows: the URL's when permitted, else the first permitted one. */
export function scopeOf(requested: string | undefined, allowed: readonly ListScope[]): ListScope {
  return allowed.includes(requested as ListScope) ? (requested as ListScope) : (allowed[0] ?? 'mine');
}
