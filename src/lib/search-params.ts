import { isCalendarDate } from '../../contracts/date-rules';
import { PAGE_SIZES } from '../../contracts/envelope';
import { isUuid } from '../../contracts/ids';

/**
 * Validated URL search params for list screens (filters, page, size live in the URL so they
 * survive reloads and tab switches). TanStack Router keeps every route's `validateSearch` in the
 * entry chunk, so these parsers are deliberately tiny and zod-free: a list route must not make
 * /login heavier. A missing or bad value becomes undefined — never an error page.
 */
export type SearchField<T> = (raw: unknown) => T | undefined;

// The router JSON-parses search values: a hand-typed ?status=0 arrives as the number 0.
const asText = (raw: unknown): string | undefined =>
  typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : undefined;

export const searchField = {
  /** trimmed text of at most `max` characters; blank is undefined */
  text:
    (max = 200): SearchField<string> =>
    (raw) => {
      const value = asText(raw)?.trim();
      return value && value.length <= max ? value : undefined;
    },
  /** text matching `pattern` */
  pattern:
    (pattern: RegExp): SearchField<string> =>
    (raw) => {
      const value = asText(raw);
      return value !== undefined && pattern.test(value) ? value : undefined;
    },
  /** a real calendar day YYYY-MM-DD in the range every route accepts (contracts/date-rules.ts) */
  date: ((raw) => {
    const value = asText(raw);
    return value !== undefined && isCalendarDate(value) ? value : undefined;
  }) as SearchField<string>,
  /** one of the given values */
  oneOf:
    <const T extends string>(values: readonly T[]): SearchField<T> =>
    (raw) => {
      const value = asText(raw);
      return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined;
    },
  /** an integer within [min, max] */
  int:
    (min: number, max: number): SearchField<number> =>
    (raw) => {
      const text = asText(raw)?.trim();
      const value = text ? Number(text) : Number.NaN;
      return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
    },
  uuid: (): SearchField<string> => (raw) => {
    const value = asText(raw);
    return value !== undefined && isUuid(value) ? value : undefined;
  },
};

/** zero-based page index */
export const pageField: SearchField<number> = searchField.int(0, 1_000_000);

/** one of the table page sizes of SPEC §9 */
export const pageSizeField: SearchField<number> = (raw) => {
  const size = searchField.int(1, 500)(raw);
  return size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : undefined;
};

type Parsed<F> = F extends SearchField<infer T> ? T : never;
export type SearchOf<S extends Record<string, SearchField<unknown>>> = { [K in keyof S]?: Parsed<S[K]> };

/** A `validateSearch` function from field parsers: known fields parsed, unknown ones dropped. */
export function searchSchema<S extends Record<string, SearchField<unknown>>>(fields: S) {
  return (search: Record<string, unknown>): SearchOf<S> => {
    const result: Record<string, unknown> = {};
    for (const [name, parse] of Object.entries(fields)) {
      const value = parse(search[name]);
      if (value !== undefined) result[name] = value;
    }
    return result as SearchOf<S>;
  };
}

/** a sortable column's key (letters, digits, `_`, `.`, `-`; at most 64), e.g. `?sortField=name` */
export const sortFieldField: SearchField<string> = searchField.pattern(/^[A-Za-z0-9_.-]{1,64}$/);

/** the sort direction, `?order=asc|desc` (table A's words) */
export const sortOrderField: SearchField<'asc' | 'desc'> = searchField.oneOf(['asc', 'desc']);

/** Drops empty values (undefined, '') from a list screen's search, so the URL stays short. */
export const compactSearch = <S extends object>(search: S): S =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as S;

/**
 * DataTable's paging for a list whose page and size live in the URL: ?page= from 0 (dropped on the
 * first page), ?size= only when not the default; spread it on the table.
 */
export function urlPaging<S extends { page?: number; size?: number }>(search: S, onSearchChange: (next: S) => void, defaultSize = 10) {
  return {
    page: search.page ?? 0,
    size: search.size ?? defaultSize,
    onPageChange: (page: number, size: number) => onSearchChange(compactSearch({ ...search, page: page || undefined, size: size === defaultSize ? undefined : size })),
  };
}
