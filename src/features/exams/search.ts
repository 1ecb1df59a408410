import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../lib/search-params';

/**
 * URL search params of /jxgl/kspc and /jxgl/cjtx (zod-free: route files' validateSearch lands in the
 * /login entry chunk). A missing or bad value is dropped, never an error page.
 */
const batchFields = {
  /** default: the current semester */
  semesterId: searchField.uuid(),
  name: searchField.text(30),
  /** '1' published, '0' unpublished; absent: both */
  published: searchField.oneOf(['0', '1']),
  page: pageField,
  size: pageSizeField,
};
export const examBatchSearchParams = searchSchema(batchFields);
export type ExamBatchSearchParams = SearchOf<typeof batchFields>;

const systemFields = { semesterId: searchField.uuid(), batchId: searchField.uuid() };
export const scoreSystemSearchParams = searchSchema(systemFields);
export type ScoreSystemSearchParams = SearchOf<typeof systemFields>;
