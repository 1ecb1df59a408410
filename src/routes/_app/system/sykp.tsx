import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { cardRouteOptions, CardsScreenLazy } from '../../../features/system/cards/route';
import type { CardSearchParams } from '../../../features/system/cards/search';

/** 首页卡片 (menu /system/sykp, permission system_home_card; saving system_home_card_edit): ?role=<role id>. */
export const Route = createFileRoute('/_app/system/sykp')({
  beforeLoad: requirePerms('system_home_card'),
  ...cardRouteOptions,
  component: CardsRoute,
});

function CardsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: CardSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <CardsScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
