import { type AnyColumn, sql } from 'drizzle-orm';

/**
 * The `SET` of an edit to a versioned row (db/columns.ts auditColumns): version + 1, the time and the
 * editor. Pair it with `version = <the version read>` in the UPDATE's WHERE: no row updated means
 * someone else changed it first (a stale edit, 40900).
 */
export const nextVersion = (table: { version: AnyColumn }, userId: string | null) => ({ version: sql`${table.version} + 1`, updatedAt: new Date(), updatedBy: userId });
