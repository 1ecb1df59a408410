import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { STAFF_APPLICATION_KINDS, type StaffApplicationKind } from '../../../../contracts/application-constants';
import type { ListScope } from '../../../../contracts/applications';
import { SUMMARY_TAB, staffSearchParams, type StaffSearchParams } from './search';

export const STAFF_KINDS: readonly StaffApplicationKind[] = STAFF_APPLICATION_KINDS;
export const MINE_SCOPES: readonly ListScope[] = ['mine'];
export const AUDIT_SCOPES: readonly ListScope[] = ['todo', 'done', 'all'];

let api: typeof import('../api') | undefined;
let staffApi: typeof import('./api') | undefined;

/**
 * /jzg/jskq: validated search; the loader ensures what the screen reads first, with its
 * queryOptions: the list's first page (and the open detail), or the 月度汇总 tab's month (its
 * refusal is the screen's to show).
 */
export const staffRouteOptions = {
  validateSearch: staffSearchParams,
  loaderDeps: ({ search }: { search: StaffSearchParams }) => search,
  loader: async ({ context, deps }: { context: { queryClient: QueryClient; permission: { permission: string[] } }; deps: StaffSearchParams }) => {
    const { scope, month, departmentId, ...rest } = deps;
    if (scope === SUMMARY_TAB) {
      staffApi ??= await import('./api');
      const shown = month ?? staffApi.currentMonth();
      await context.queryClient.ensureQueryData(staffApi.staffSummaryQuery(shown, departmentId ?? '')).catch(() => undefined);
      return;
    }
    api ??= await import('../api');
    await api.loadApplicationScreen(context.queryClient, context.permission.permission, STAFF_KINDS, MINE_SCOPES, { ...rest, scope });
  },
};

/** The screen, loaded when first shown (its preload list is not repeated in the entry chunk). */
export const StaffAttendanceScreenLazy = lazy(async () => ({ default: (await import('./StaffAttendanceScreen')).StaffAttendanceScreen }));
