import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { apkSearchParams, type ApkSearchParams } from './search';

/** APK版本管理's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const apkRouteOptions = {
  validateSearch: apkSearchParams,
  loaderDeps: ({ search }: { search: ApkSearchParams }) => ({ search }),
  loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: { search: ApkSearchParams } }) => {
    const { loadApks } = await loadApi();
    await loadApks(context.queryClient, deps.search);
  },
};

export const ApkScreenLazy = lazy(async () => ({ default: (await import('./ApkScreen')).ApkScreen }));
