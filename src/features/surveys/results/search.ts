import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/**
 * URL search params of 问卷统计 (/survey/cjwj/tjfx), zod-free: the questionnaire, the org filter (a
 * class or department), the tab (summary or raw answers) and the answers' page.
 */
const resultsFields = {
  id: searchField.uuid(),
  org: searchField.uuid(),
  tab: searchField.oneOf(['summary', 'answers'] as const),
  page: pageField,
  size: pageSizeField,
};
export const resultsSearchParams = searchSchema(resultsFields);
export type ResultsSearchParams = SearchOf<typeof resultsFields>;
