import { searchField, searchSchema, type SearchOf } from '../../../lib/search-params';
import { applicationSearchParams, SCOPES, type ApplicationSearchParams } from '../search';

/** The 月度汇总 tab's key in the scope slot of /jzg/jskq. */
export const SUMMARY_TAB = 'summary';

const summaryFields = {
  /** the list scopes or the 月度汇总 tab */
  scope: searchField.oneOf([...SCOPES, SUMMARY_TAB]),
  /** 月度汇总: 'YYYY-MM' (default this month) */
  month: searchField.pattern(/^\d{4}-(0[1-9]|1[0-2])$/),
  /** 月度汇总: a department */
  departmentId: searchField.uuid(),
};
const summarySearch = searchSchema(summaryFields);
export type StaffSearchParams = Omit<ApplicationSearchParams, 'scope'> & SearchOf<typeof summaryFields>;

/**
 * URL search of /jzg/jskq: the list's (search.ts) plus the summary's month and department (zod-free,
 * and without contracts/application-rules: this lands in /login's entry chunk; the screen ignores a
 * kind that is not a staff kind).
 */
export function staffSearchParams(raw: Record<string, unknown>): StaffSearchParams {
  return { ...applicationSearchParams(raw), ...summarySearch(raw) };
}
