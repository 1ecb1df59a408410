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

/** PostgreSQL's timestamptz text: `2026-03-01 08:00:00.123456+08`, offsets `+08`, `+05:30`, `+08:05:43`, `… BC`. */
const TIMESTAMPTZ_TEXT = /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?( BC)?$/;

/**
 * A timestamptz as PostgreSQL writes it, exactly. `new Date(text)` (drizzle's mode 'date' and the old
 * row mappers) reads that text with V8's legacy parser, which takes years below 100 as 19xx/20xx:
 * '0001-01-01 00:00:00+00' became 2001. The fields are read one by one instead; sub-millisecond digits
 * are dropped (a Date holds milliseconds; the contracts accept no more than that). Other text (ISO from
 * a JSON column, say) goes to the Date constructor, whose ISO reading is exact.
 */
export function timestampFromText(text: string): Date {
  const match = TIMESTAMPTZ_TEXT.exec(text);
  if (!match) return new Date(text);
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours, offsetMinutes = '0', offsetSeconds = '0', bc] = match;
  const at = new Date(0);
  // setUTCFullYear takes the year as given (Date.UTC would map 0–99 to 1900–1999); 1 BC is year 0
  at.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  at.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.padEnd(3, '0').slice(0, 3)));
  const offsetMs = (Number(offsetHours) * 3600 + Number(offsetMinutes) * 60 + Number(offsetSeconds)) * 1000;
  return new Date(at.getTime() - (sign === '-' ? -offsetMs : offsetMs));
}

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
      if (typeof value === 'string') record[key] = timestampFromText(value);
    }
    return row;
  };
  const datedRows = <T>(result: { rows: unknown[] }) => (result.rows as T[]).map(withDates);
  const datedFirst = <T>(result: { rows: unknown[] }) => withDates(result.rows[0] as T | undefined);
  return { withDates, datedRows, datedFirst };
};
