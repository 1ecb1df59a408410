import { searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/** URL search params of /xssw/spsz (zod-free: validateSearch lands in the entry chunk). */
export const SETTINGS_TABS = ['flows', 'periods', 'seal'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
const fields = { tab: searchField.oneOf(SETTINGS_TABS) };
export const settingsSearchParams = searchSchema(fields);
export type SettingsSearchParams = SearchOf<typeof fields>;
