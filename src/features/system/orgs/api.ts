import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OrgMoveRequest, OrgSaveInput, OrgTreeData } from '../../../../contracts/orgs';
import { post } from '../../../lib/http';

export const orgKeys = { tree: ['orgs', 'tree'] as const };
export const ORG_MEMBERS_URL = '/api/orgs/members';

/** `POST /api/orgs/tree`: the tree with member counts and the campuses. Not kept on the device. */
export const orgTreeQuery = () =>
  queryOptions({
    queryKey: orgKeys.tree,
    queryFn: ({ signal }) => post<OrgTreeData>('/api/orgs/tree', {}, { signal }),
    meta: { persist: false },
  });

export const saveOrg = (body: OrgSaveInput) => post<{ id: string; version: number }>('/api/orgs/save', body);
export const deleteOrg = (id: string) => post<null>('/api/orgs/delete', { id });
export const moveOrg = (body: OrgMoveRequest) => post<null>('/api/orgs/move', body);
export const addOrgMembers = (orgId: string, userIds: string[]) => post<{ count: number }>('/api/orgs/members/add', { orgId, userIds });
export const removeOrgMembers = (orgId: string, userIds: string[]) => post<{ count: number }>('/api/orgs/members/remove', { orgId, userIds });

/** After a change: the tree here, and the people selector's cached org tree (components/selector/selector-api.ts). */
export const reloadOrgs = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: orgKeys.tree }), queryClient.invalidateQueries({ queryKey: ['selector', 'orgs'] }), queryClient.invalidateQueries({ queryKey: ['selector', 'people'] })]);
