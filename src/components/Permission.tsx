import { createContext, useContext, type ReactNode } from 'react';
import { allows, type Grants, type Requirement } from '../lib/permissions';

const NO_GRANTS: Grants = { permissions: [], roles: [] };

/** The signed-in user's permission codes and roles; the app provides them once around the shell. */
export const GrantsContext = createContext<Grants>(NO_GRANTS);

export const GrantsProvider = GrantsContext.Provider;

export const useGrants = () => useContext(GrantsContext);

/** True when the user holds what the requirement asks (lib/permissions `allows`). */
export function usePermitted(requirement: Requirement | undefined, grants?: Grants): boolean {
  const fromContext = useGrants();
  return allows(grants ?? fromContext, requirement);
}

export interface PermissionProps extends Requirement {
  children: ReactNode;
  /** shown instead when not allowed (default nothing) */
  fallback?: ReactNode;
  /** overrides the context's grants */
  grants?: Grants;
}

/** Shows its children only when the user holds the permissions / roles asked (SPEC §6: all-of or any-of). */
export function Permission({ children, fallback = null, grants, anyOf, allOf, anyRole, allRoles }: PermissionProps) {
  const permitted = usePermitted({ anyOf, allOf, anyRole, allRoles }, grants);
  return <>{permitted ? children : fallback}</>;
}
