import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../lib/search-params';

/**
 * 毕业管理 /xjgl/bygl (zod-free: the route file uses it): ?tab=candidates&year=&class=&keyword=&page=&size=.
 * tab: 毕业生 (default) or 待毕业; year: a graduation year (none: the newest).
 */
const graduationFields = {
  tab: searchField.oneOf(['graduates', 'candidates']),
  year: searchField.int(1900, 2200),
  class: searchField.uuid(),
  keyword: searchField.text(50),
  page: pageField,
  size: pageSizeField,
};
export const graduationSearchParams = searchSchema(graduationFields);
export type GraduationSearchParams = SearchOf<typeof graduationFields>;
