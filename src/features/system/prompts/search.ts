import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/** AI提示词管理 /system/aitsc: ?keyword=&enabled=&page=&size= (zod-free: the route file uses it). */
const promptFields = {
  keyword: searchField.text(50),
  enabled: searchField.oneOf(['0', '1'] as const),
  page: pageField,
  size: pageSizeField,
};
export const promptSearchParams = searchSchema(promptFields);
export type PromptSearchParams = SearchOf<typeof promptFields>;
