import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { GUARDIANS_PERMISSION } from '../../../../contracts/guardian-constants';
import { requirePerms } from '../../../app/guards';
import { guardiansRouteOptions, GuardiansScreenLazy } from '../../../features/guardians/route';
import type { GuardianSearchParams } from '../../../features/guardians/search';

/** 家庭信息 (menu /jcsj/jtxx, permission jtxx): ?keyword=&org=&guardian=&page=&size=. */
export const Route = createFileRoute('/_app/jcsj/jtxx')({
  beforeLoad: requirePerms(GUARDIANS_PERMISSION),
  ...guardiansRouteOptions,
  component: GuardiansRoute,
});

function GuardiansRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: GuardianSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <GuardiansScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
