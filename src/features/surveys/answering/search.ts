import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/**
 * URL search params of 问卷填报 (/survey/wjdt), zod-free (route files' validateSearch lands in /login's
 * entry chunk): the list's filters and page, and `id` = the questionnaire whose answer view is open
 * (the message centre links to /survey/wjdt?id=<id>).
 */
const answerFields = {
  answered: searchField.oneOf(['yes', 'no'] as const),
  keyword: searchField.text(50),
  page: pageField,
  size: pageSizeField,
  id: searchField.uuid(),
};
export const answerSearchParams = searchSchema(answerFields);
export type AnswerSearchParams = SearchOf<typeof answerFields>;
