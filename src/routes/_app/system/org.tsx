import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { orgRouteOptions, OrgsScreenLazy } from '../../../features/system/orgs/route';
import type { OrgSearchParams } from '../../../features/system/orgs/search';

/** 组织机构 (menu /system/org, permission system_org): ?keyword=. */
export const Route = createFileRoute('/_app/system/org')({
  beforeLoad: requirePerms('system_org'),
  ...orgRouteOptions,
  component: OrgsRoute,
});

function OrgsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: OrgSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <OrgsScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
