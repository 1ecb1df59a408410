import { DICT_CODE_MAX } from '../../../../contracts/system-codes';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/**
 * 数据字典 /system/dict (zod-free: the route file's validateSearch lands in the entry chunk): the
 * chosen type's code, the type list's filter, the entries' keyword and status, page and size.
 */
const dictFields = {
  type: searchField.pattern(/^[A-Z0-9_]{1,64}$/),
  typeKeyword: searchField.text(50),
  keyword: searchField.text(DICT_CODE_MAX),
  status: searchField.oneOf(['0', '1']),
  page: pageField,
  size: pageSizeField,
};
export const dictSearchParams = searchSchema(dictFields);
export type DictSearchParams = SearchOf<typeof dictFields>;
