import { queryOptions } from '@tanstack/react-query';
import type { HomeCardRoleRow } from '../../../../contracts/home-cards';
import { post } from '../../../lib/http';

/** 首页卡片's calls (contracts/home-cards.ts, home-card-layouts.ts; server/modules/home-cards). */
export const CARD_URLS = { list: '/api/home-cards/list', save: '/api/home-cards/save', reset: '/api/home-cards/reset' } as const;

export const homeCardRolesQuery = queryOptions({
  queryKey: ['home-cards', 'roles'],
  queryFn: ({ signal }) => post<HomeCardRoleRow[]>(CARD_URLS.list, {}, { signal }),
  staleTime: 0,
  meta: { persist: false },
});

export const saveLayout = (roleId: string, cards: string[], version: number) => post<{ version: number }>(CARD_URLS.save, { roleId, cards, version });
export const resetLayout = (roleId: string) => post<null>(CARD_URLS.reset, { roleId });
