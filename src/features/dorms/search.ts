import { searchField, searchSchema, type SearchOf } from '../../lib/search-params';

/** 宿舍管理 /ssgl/sssz (zod-free): the tab and the building the board shows. */
const dormsFields = {
  tab: searchField.oneOf(['board', 'buildings', 'rooms']),
  building: searchField.uuid(),
};
export const dormsSearchParams = searchSchema(dormsFields);
export type DormsSearchParams = SearchOf<typeof dormsFields>;
