import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../lib/search-params';

/** 家庭信息 /jcsj/jtxx (zod-free: the route file uses it): ?keyword=&org=&guardian=&page=&size= */
const guardianFields = {
  keyword: searchField.text(50),
  org: searchField.uuid(),
  guardian: searchField.text(50),
  page: pageField,
  size: pageSizeField,
};
export const guardianSearchParams = searchSchema(guardianFields);
export type GuardianSearchParams = SearchOf<typeof guardianFields>;
