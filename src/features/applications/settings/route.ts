import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { settingsSearchParams, type SettingsSearchParams } from './search';

let api: typeof import('./api') | undefined;

/**
 * /xssw/spsz: validated search (?tab=flows|periods|seal) and a loader ensuring the tab's first read
 * with the queryOptions the screen reads (a failure is the screen's to show).
 */
export const settingsRouteOptions = {
  validateSearch: settingsSearchParams,
  loaderDeps: ({ search }: { search: SettingsSearchParams }) => search,
  loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: SettingsSearchParams }) => {
    api ??= await import('./api');
    const { queryClient } = context;
    const ignore = () => undefined;
    if (deps.tab === 'periods') await queryClient.ensureQueryData(api.blockedPeriodsQuery()).catch(ignore);
    else if (deps.tab === 'seal') await queryClient.ensureQueryData(api.sealQuery()).catch(ignore);
    else await queryClient.ensureQueryData(api.flowsQuery()).catch(ignore);
  },
};

/** The screen, loaded when first shown (as the other applications screens). */
export const SettingsScreenLazy = lazy(async () => ({ default: (await import('./SettingsScreen')).SettingsScreen }));
