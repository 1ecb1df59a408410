import { ROLE_TYPES } from '../../../../contracts/roles-rules';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/**
 * URL search params of 角色管理 and 角色类型, zod-free (route files' validateSearch lands in the entry
 * chunk: the role types come from the zod-free contracts/roles-rules.ts).
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

/** Drops empty values (so the URL stays short). */
export const compactSearch = <S extends object>(search: S): S =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as S;
