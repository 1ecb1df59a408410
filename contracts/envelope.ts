import { z } from 'zod';

/**
 * Every response body is `{ code, result, msg, data }` (DESIGN §2).
 * 50000-50014 and 90001 carry the SPEC's "session expired" meaning on the client,
 * so no other condition may use them.
 */
export const ResponseCode = {
  ok: 1,
  /** not logged in, or the session expired */
  loginExpired: 90001,
  invalidToken: 50008,
  loggedInElsewhere: 50012,
  tokenExpired: 50014,
  /** the payload failed its contract; msg says which field and why */
  invalidInput: 40000,
  /** wrong account or password, wrong captcha */
  badCredentials: 40100,
  /** captcha missing or wrong */
  badCaptcha: 40101,
  /** the caller lacks the permission the call declares */
  forbidden: 40300,
  notFound: 40400,
  /** the record changed since the caller read it (version mismatch), or a duplicate */
  conflict: 40900,
  /** the account exists and the password was right, but it is disabled */
  accountDisabled: 40301,
  /** an operation id (Idempotency-Key) still being applied by an earlier request: retry later */
  idempotencyInProgress: 40901,
  /** an operation id (Idempotency-Key) used before with a different request: never applied */
  idempotencyMismatch: 42200,
  /** the input is well-formed but a domain rule refuses it (a score above the scale, a grade without a scale) */
  unprocessable: 42200,
  /** account locked after repeated failures */
  locked: 42300,
  rateLimited: 42900,
  /** request encryption on: a non-GET call without its signature header (or its encrypted body) */
  missingSignature: 41001,
  /** the signature or the body does not decrypt, or names an unknown or retired key */
  badSignature: 41002,
  /** the signed timestamp is outside the accepted window */
  staleTimestamp: 41003,
  /** the signed nonce was used before */
  replayedRequest: 41004,
  /** anything unexpected; the server log has the details */
  fault: 59000,
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** Codes the client treats as "your login has expired" (SPEC §4, §8). */
export const EXPIRED_CODES: readonly number[] = [90001, 50000, 50008, 50012, 50014];

/**
 * HTTP status: every envelope answer is sent with HTTP 200, except an unexpected fault (code 59000),
 * which is sent with HTTP 500 (the SPEC's download client accepts 200 and 500 and parses both).
 * Read `code`, not the HTTP status.
 */
export interface Envelope<T = unknown> {
  code: number;
  result: boolean;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), result: z.boolean(), msg: z.string(), data });

/** Generic table A (SPEC §7): zero-based page, `search` is a JSON string of filters. */
export const tableARequest = z.object({
  currPage: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(10),
  order: z.enum(['asc', 'desc', 'ascending', 'descending', '']).optional(),
  sortField: z.string().max(64).optional(),
  search: z.string().max(4000).optional(),
  page: z.coerce.number().int().optional(),
});
export type TableARequest = z.infer<typeof tableARequest>;

/**
 * Table A of a list that sorts: `sortField` must be one of `fields` (a z.enum: its own values only, so
 * inherited names such as `__proto__`, `constructor` or `toString` are refused like any unknown name,
 * 40000 naming sortField); '' or absent keeps the list's own order. The server's column map is keyed by
 * the same names (`Record<F, column>`), so a name the contract accepts always has a column.
 */
export const sortedTableARequest = <const F extends readonly [string, ...string[]]>(fields: F) =>
  tableARequest.extend({ sortField: z.preprocess((value) => (value === '' ? undefined : value), z.enum(fields).optional()) });

/** The column sort a sorted table A request asks for: undefined when it names no field or no direction. */
export const tableASortOf = <F extends string>(request: { sortField?: F; order?: string }): { field: F; desc: boolean } | undefined =>
  request.sortField && request.order ? { field: request.sortField, desc: request.order.startsWith('desc') } : undefined;
export interface TableAData<Row> {
  total: number;
  rows: Row[];
}

/**
 * Generic table B (SPEC §7; MyBatis-Plus style): `current` is ONE-based (the SPEC gives no base; MyBatis-Plus
 * pages start at 1), `size`, `orders` [{ asc, column }], `params` (filters) and `query` (extra criteria).
 */
export const tableBRequest = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(10),
  orders: z.array(z.object({ asc: z.boolean(), column: z.string().max(64) })).max(8).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  query: z.record(z.string(), z.unknown()).optional(),
  page: z.coerce.number().int().optional(),
});
export type TableBRequest = z.infer<typeof tableBRequest>;
export interface TableBData<Row> {
  total: number;
  list: Row[];
}

/** Table page sizes of SPEC §9. */
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 10;
