import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { menuSearchParams } from './search';

/** 菜单管理's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const menuRouteOptions = {
  validateSearch: menuSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    const { menuTreeQuery } = await loadApi();
    await context.queryClient.ensureQueryData(menuTreeQuery());
  },
};

export const MenusScreenLazy = lazy(async () => ({ default: (await import('./MenusScreen')).MenusScreen }));
