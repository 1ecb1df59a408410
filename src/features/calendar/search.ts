import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../lib/search-params';

/** /xlcd/xnxq: the school year whose semesters show (all when absent) and the semesters' page (zod-free: entry chunk). */
const fields = { year: searchField.uuid(), page: pageField, size: pageSizeField };
export const calendarSearch = searchSchema(fields);
export type CalendarSearch = SearchOf<typeof fields>;
