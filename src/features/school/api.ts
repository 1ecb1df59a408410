import { queryOptions } from '@tanstack/react-query';
import type { LogoData } from '../../../contracts/session';
import { buildUrl, get } from '../../lib/http';

/**
 * GET /api/k12saas/xxjbxx/getLogo: the school's logo address, or null for the default logo (the
 * school has none: LOGO ''). A failed call rejects; the caller then shows the default too.
 */
export const schoolLogoQuery = queryOptions({
  queryKey: ['school', 'logo'] as const,
  queryFn: async ({ signal }): Promise<string | null> => {
    const data = await get<LogoData>('/api/k12saas/xxjbxx/getLogo', undefined, { signal });
    if (!data?.LOGO) return null;
    return buildUrl(data.url || `/file/download/${encodeURIComponent(data.LOGO)}`);
  },
  staleTime: 30 * 60_000,
});
