import { searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/** 组织机构 /system/org: ?keyword= (zod-free: route files' validateSearch lands in the entry chunk). */
const orgFields = { keyword: searchField.text(50) };
export const orgSearchParams = searchSchema(orgFields);
export type OrgSearchParams = SearchOf<typeof orgFields>;
