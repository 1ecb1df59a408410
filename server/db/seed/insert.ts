import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';

/** Multi-row inserts in chunks, keeping each statement well under PostgreSQL's 65535 parameters. */
export async function insertInChunks<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][], chunkSize = 500) {
  for (let start = 0; start < rows.length; start += chunkSize) {
    await tx.insert(table).values(rows.slice(start, start + chunkSize));
  }
}
