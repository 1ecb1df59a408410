import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { rolesQuery } from './settings/api';

/**
 * The school's role names by code (the selector's role list, read by any session), for role steps
 * other than 教务处 (labels.ts stepText / auditStateText). Read only when `needed`: most screens
 * never show such a step.
 */
export function useRoleNames(needed: boolean): ReadonlyMap<string, string> | undefined {
  const roles = useQuery({ ...rolesQuery(), enabled: needed });
  return useMemo(() => (roles.data ? new Map(roles.data.map((role) => [role.code, role.name])) : undefined), [roles.data]);
}
