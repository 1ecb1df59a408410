import { ROLE_TYPES } from '../../../../contracts/system-codes';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/**
 * URL search params of 角色管理 and 角色类型, zod-free (route files' validateSearch lands in the entry
 * chunk: the role types come from the tiny contracts/system-codes.ts).
 */

/** 角色管理 /system/role: ?keyword=&type=&category=&page=&size= */
const roleFields = {
  keyword: searchField.text(50),
  type: searchField.oneOf(ROLE_TYPES),
  category: searchField.text(30),
  page: pageField,
  size: pageSizeField,
};
export const roleSearchParams = searchSchema(roleFields);
export type RoleSearchParams = SearchOf<typeof roleFields>;
