import { searchField, searchSchema, type SearchOf } from '../../lib/search-params';

/**
 * URL search params of /jxgl/cjlr (zod-free: route files' validateSearch lands in the /login entry
 * chunk). A missing or bad value is dropped, never an error page.
 */
const scoreEntryFields = {
  semesterId: searchField.uuid(),
  batchId: searchField.uuid(),
  classId: searchField.uuid(),
  /** a SUBJECT_DICT code, or 'all' (every subject of the class side by side) */
  subject: searchField.pattern(/^[A-Za-z0-9_]{1,16}$/),
};
export const scoreEntrySearch = searchSchema(scoreEntryFields);
export type ScoreEntrySearch = SearchOf<typeof scoreEntryFields>;

/** /jxgl/wdcj: a parent's chosen child. */
const myScoresFields = { studentId: searchField.uuid() };
export const myScoresSearchParams = searchSchema(myScoresFields);
export type MyScoresSearchParams = SearchOf<typeof myScoresFields>;
