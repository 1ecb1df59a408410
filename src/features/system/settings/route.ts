import type { QueryClient } from '@tanstack/react-query';
import { settingsSearchParams } from './search';
import { lazyScreen } from '../../../lib/lazy-screen';
import { settingsCatalog } from './catalog';

/** 系统配置's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const settingsRouteOptions = {
  validateSearch: settingsSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    SettingsScreenLazy.preload();
    const { settingsQuery } = await loadApi();
    await context.queryClient.ensureQueryData(settingsQuery);
  },
};

export const SettingsScreenLazy = lazyScreen(async () => (await import('./SettingsScreen')).SettingsScreen, settingsCatalog);
