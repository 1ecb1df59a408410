import type { QueryClient } from '@tanstack/react-query';
import type { PermissionPayload } from '../../../../contracts/session';
import { SETTINGS_EDIT_PERMISSION } from '../../../../contracts/settings-rules';
import { settingsSearchParams } from './search';
import { lazyScreen } from '../../../lib/lazy-screen';
import { settingsCatalog } from './catalog';

/** 系统配置's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));
let backupsApi: typeof import('./backups-api') | undefined;
const loadBackupsApi = async () => (backupsApi ??= await import('./backups-api'));

export const settingsRouteOptions = {
  validateSearch: settingsSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient; permission: PermissionPayload } }) => {
    SettingsScreenLazy.preload();
    const { settingsQuery } = await loadApi();
    // the backups section's status beside the settings, for who may see it (the edit permission, as the route asks);
    // prefetched, so a failure shows in the section rather than failing the screen
    const backups = context.permission.permission.includes(SETTINGS_EDIT_PERMISSION)
      ? loadBackupsApi().then(({ backupStatusQuery }) => context.queryClient.prefetchQuery(backupStatusQuery))
      : undefined;
    await Promise.all([context.queryClient.ensureQueryData(settingsQuery), backups]);
  },
};

export const SettingsScreenLazy = lazyScreen(async () => (await import('./SettingsScreen')).SettingsScreen, settingsCatalog);
