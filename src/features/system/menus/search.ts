import { searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/** 菜单管理 /system/menu: ?keyword= (zod-free: route files' validateSearch lands in the entry chunk). */
const menuFields = { keyword: searchField.text(50) };
export const menuSearchParams = searchSchema(menuFields);
export type MenuSearchParams = SearchOf<typeof menuFields>;
