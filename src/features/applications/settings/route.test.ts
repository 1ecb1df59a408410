import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeFetch, ok } from '../../../test/render';
import { STAFF_SUMMARY_URL, staffSummaryQuery } from '../staff/api';
import { staffRouteOptions } from '../staff/route';
import { blockedPeriodsQuery, flowsQuery, SETTINGS_URLS } from './api';
import { settingsRouteOptions } from './route';

afterEach(() => vi.unstubAllGlobals());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('route loaders of 审批设置 and 月度汇总', () => {
  it('/xssw/spsz reads the tab’s list with the screen’s queryOptions, and a refusal is left to the screen', async () => {
    const fake = fakeFetch({ [SETTINGS_URLS.flows]: ok([]), [SETTINGS_URLS.blockedPeriods]: fail(40300, '没有权限') });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const queryClient = client();
    await settingsRouteOptions.loader({ context: { queryClient }, deps: {} });
    expect(queryClient.getQueryData(flowsQuery().queryKey)).toEqual([]);
    await expect(settingsRouteOptions.loader({ context: { queryClient }, deps: { tab: 'periods' } })).resolves.toBeUndefined();
    expect(queryClient.getQueryState(blockedPeriodsQuery().queryKey)?.status).toBe('error');
  });

  it('/jzg/jskq?scope=summary reads the month shown (this month by default), not the list', async () => {
    const summary = { month: '2026-10', people: [], departments: [] };
    const fake = fakeFetch({ [STAFF_SUMMARY_URL]: ok(summary) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const queryClient = client();
    await staffRouteOptions.loader({ context: { queryClient, permission: { permission: ['jskq', 'jskq_export'] } }, deps: { scope: 'summary', month: '2026-10' } });
    expect(queryClient.getQueryData(staffSummaryQuery('2026-10', '').queryKey)).toEqual(summary);
    expect(fake.calls.map((call) => call.url.pathname)).toEqual([STAFF_SUMMARY_URL]);
  });
});
