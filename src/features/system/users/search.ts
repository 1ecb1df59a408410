import { USER_TYPES } from '../../../../contracts/system-codes';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/** 用户管理 /system/user: ?keyword=&userType=&org=&enabled=&locked=&initialized=&page=&size= (zod-free: route files use it). */
const userFields = {
  keyword: searchField.text(50),
  userType: searchField.oneOf(USER_TYPES),
  org: searchField.uuid(),
  enabled: searchField.oneOf(['0', '1'] as const),
  locked: searchField.oneOf(['0', '1'] as const),
  initialized: searchField.oneOf(['0', '1'] as const),
  page: pageField,
  size: pageSizeField,
};
export const userSearchParams = searchSchema(userFields);
export type UserSearchParams = SearchOf<typeof userFields>;

/** Drops empty values (so the URL stays short). */
export const compactSearch = <S extends object>(search: S): S =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as S;
