import { APPLICATION_URLS } from '../../../../contracts/application-urls';
import { queryOptions } from '@tanstack/react-query';
import type { AuditFlowRow, BlockedPeriodRow, SealSetting } from '../../../../contracts/applications';
import type { GetRolesData } from '../../../../contracts/selector';
import { post } from '../../../lib/http';

/** 审批设置 calls: the zod-free contracts/application-urls.ts paths and the role list's. */
export const SETTINGS_URLS = { ...APPLICATION_URLS, roles: '/components/getRoles' } as const;

export const settingsKeys = {
  all: ['applications', 'settings'] as const,
  flows: ['applications', 'settings', 'flows'] as const,
  blockedPeriods: ['applications', 'settings', 'blocked-periods'] as const,
  seal: ['applications', 'settings', 'seal'] as const,
  roles: ['applications', 'settings', 'roles'] as const,
};

/**
 * The apply forms' options (api.ts applicationKeys.options(family), restated: that module is not the
 * settings screen's): they carry the non-selectable periods the forms check as typed.
 */
export const APPLICATION_OPTIONS_KEY = ['applications', 'options'] as const;

/** The school's audit flows (every kind). */
export const flowsQuery = () =>
  queryOptions({ queryKey: settingsKeys.flows, queryFn: ({ signal }) => post<AuditFlowRow[]>(SETTINGS_URLS.flows, {}, { signal }) });

/** The school's non-selectable periods. */
export const blockedPeriodsQuery = () =>
  queryOptions({ queryKey: settingsKeys.blockedPeriods, queryFn: ({ signal }) => post<BlockedPeriodRow[]>(SETTINGS_URLS.blockedPeriods, {}, { signal }) });

/** The seal printed on proofs ('' = the drawn one). */
export const sealQuery = () => queryOptions({ queryKey: settingsKeys.seal, queryFn: ({ signal }) => post<SealSetting>(SETTINGS_URLS.seal, {}, { signal }) });

/** Roles a role step may name (the selector's role list, flattened: code → name). */
export const rolesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.roles,
    queryFn: async ({ signal }) => (await post<GetRolesData>(SETTINGS_URLS.roles, { roleType: '' }, { signal })).flatMap((group) => group.CHILD.map((role) => ({ code: role.CODE, name: role.NAME }))),
    staleTime: 10 * 60_000,
  });

export const saveFlow = (body: unknown) => post<{ id: string }>(SETTINGS_URLS.flowSave, body);
export const saveBlockedPeriod = (body: unknown) => post<{ id: string }>(SETTINGS_URLS.blockedPeriodSave, body);
export const saveSeal = (resId: string) => post<SealSetting>(SETTINGS_URLS.sealSave, { resId });
