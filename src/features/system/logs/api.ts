import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AppLogFilter, AppLogOptions, AppLogPage } from '../../../../contracts/app-logs';
import { downloadFile } from '../../../lib/download';
import { post } from '../../../lib/http';

/** 用户日志's calls (contracts/app-logs.ts; server/modules/applog). */
export const APP_LOG_URLS = { list: '/api/app-logs/list', export: '/api/app-logs/export', options: '/api/app-logs/options' } as const;

export interface LogPageInput {
  filter: Partial<AppLogFilter>;
  size: number;
  cursor?: string;
  dir?: 'next' | 'prev';
}

export const logKeys = {
  all: ['app-logs'] as const,
  page: (input: LogPageInput) => ['app-logs', 'page', input] as const,
  count: (filter: Partial<AppLogFilter>) => ['app-logs', 'count', filter] as const,
  options: ['app-logs', 'options'] as const,
};

/** One page (no count: the count is its own query, once per filter). */
export const logPageQuery = (input: LogPageInput) =>
  queryOptions({
    queryKey: logKeys.page(input),
    queryFn: () =>
      post<AppLogPage>(APP_LOG_URLS.list, {
        limit: input.size,
        search: JSON.stringify(input.filter),
        ...(input.cursor ? { cursor: input.cursor, direction: input.dir ?? 'next' } : {}),
        count: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** The total of a filter, counted by the server up to APP_LOG_COUNT_CAP. */
export const logCountQuery = (filter: Partial<AppLogFilter>) =>
  queryOptions({
    queryKey: logKeys.count(filter),
    queryFn: async () => {
      const page = await post<AppLogPage>(APP_LOG_URLS.list, { limit: 10, search: JSON.stringify(filter), count: true });
      return { total: page.total ?? 0, capped: page.totalCapped };
    },
    staleTime: 30_000,
  });

export const logOptionsQuery = queryOptions({
  queryKey: logKeys.options,
  queryFn: () => post<AppLogOptions>(APP_LOG_URLS.options, {}),
  staleTime: 10 * 60_000,
});

export const exportLogs = (filter: Partial<AppLogFilter>) => downloadFile(APP_LOG_URLS.export, { method: 'POST', body: { search: JSON.stringify(filter) } });
