import { LANGUAGE_KEY_MAX } from '../../../../contracts/system-codes';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/** 系统配置 /system/xtpz (zod-free): the tab, and the language entries' keyword, language, page and size. */
const settingsFields = {
  tab: searchField.oneOf(['config', 'language']),
  keyword: searchField.text(LANGUAGE_KEY_MAX),
  lang: searchField.oneOf(['zh', 'en']),
  page: pageField,
  size: pageSizeField,
};
export const settingsSearchParams = searchSchema(settingsFields);
export type SettingsSearchParams = SearchOf<typeof settingsFields>;
