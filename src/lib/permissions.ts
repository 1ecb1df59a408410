/**
 * The one permission helper (SPEC §6, DESIGN §4): route guards, menus and buttons all ask here.
 * An empty or missing requirement list allows; `anyOf` needs one of the codes, `allOf` needs all.
 * Permissions and roles are checked the same way, each against its own list.
 */
export interface Grants {
  permissions: readonly string[];
  roles: readonly string[];
}

export interface Requirement {
  /** at least one of these permission codes */
  anyOf?: readonly string[];
  /** every one of these permission codes */
  allOf?: readonly string[];
  /** at least one of these role codes */
  anyRole?: readonly string[];
  /** every one of these role codes */
  allRoles?: readonly string[];
}

export function hasAny(granted: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  const set = new Set(granted);
  return required.some((code) => set.has(code));
}

export function hasAll(granted: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  const set = new Set(granted);
  return required.every((code) => set.has(code));
}

/** Every clause given must hold. */
export function allows(grants: Grants, requirement: Requirement | undefined): boolean {
  if (!requirement) return true;
  return (
    hasAny(grants.permissions, requirement.anyOf) &&
    hasAll(grants.permissions, requirement.allOf) &&
    hasAny(grants.roles, requirement.anyRole) &&
    hasAll(grants.roles, requirement.allRoles)
  );
}

/** Route meta permissions (SPEC §4): allowed when the user holds any listed permission. */
export const routeAllowed = (grants: Grants, perms: readonly string[] | undefined): boolean =>
  hasAny(grants.permissions, perms);
