import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { logRouteOptions, LogsScreenLazy } from '../../../features/system/logs/route';
import type { LogSearchParams } from '../../../features/system/logs/search';

/** 用户日志 (menu /system/log, permission system_log): the SPEC §3 log filters, ?cursor=&dir=&page=&size=. */
export const Route = createFileRoute('/_app/system/log')({
  beforeLoad: requirePerms('system_log'),
  ...logRouteOptions,
  component: LogsRoute,
});

function LogsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: LogSearchParams) => void navigate({ search: next }), [navigate]);
  return (
    <Suspense fallback={null}>
      <LogsScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
