import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { promptSearchParams, type PromptSearchParams } from './search';

/** AI提示词管理's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const promptRouteOptions = {
  validateSearch: promptSearchParams,
  loaderDeps: ({ search }: { search: PromptSearchParams }) => ({ search }),
  loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: { search: PromptSearchParams } }) => {
    const { loadPrompts } = await loadApi();
    await loadPrompts(context.queryClient, deps.search);
  },
};

export const PromptsScreenLazy = lazy(async () => ({ default: (await import('./PromptsScreen')).PromptsScreen }));
