import { sql } from 'drizzle-orm';

/**
 * Helpers for raw statements (`tx.execute(sql`…`)`) of the repositories: array parameters, and the
 * timestamps that raw statements answer as text turned back into Dates.
 */

/** `= ANY(…)` of uuids */
export const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/** `= ANY(…)` of texts */
export const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** The rows of a raw statement as they come. */
export const rows = <T>(result: { rows: unknown[] }) => result.rows as T[];

/**
 * Raw statements answer timestamps as text: `datedRowsOf(columns)` gives the row mappers that turn
 * those columns (snake_case, as the statement names them) into Dates, in place; other columns and
 * non-text values are left alone. `datedFirst` answers undefined when there is no row.
 */
export const datedRowsOf = (columns: readonly string[]) => {
  const withDates = <T>(row: T): T => {
    if (!row) return row;
    const record = row as Record<string, unknown>;
    for (const key of columns) {
      const value = record[key];
      if (typeof value === 'string') record[key] = new Date(value);
    }
    return row;
  };
  const datedRows = <T>(result: { rows: unknown[] }) => (result.rows as T[]).map(withDates);
  const datedFirst = <T>(result: { rows: unknown[] }) => withDates(result.rows[0] as T | undefined);
  return { withDates, datedRows, datedFirst };
};
