import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { files } from './files.table';

const recordColumns = {
  id: files.id,
  name: files.name,
  suffix: files.suffix,
  mime: files.mime,
  size: files.size,
  path: files.path,
  category: files.category,
  ownerId: files.ownerId,
  createdAt: files.createdAt,
};

export type FileRow = Awaited<ReturnType<typeof filesRepository.findById>> & object;

// Tenant scoping comes from row-level security: every Tx is bound to one tenant.
export const filesRepository = {
  insert: (tx: Tx, row: typeof files.$inferInsert) => tx.insert(files).values(row),

  findById: (tx: Tx, id: string) =>
    tx
      .select(recordColumns)
      .from(files)
      .where(eq(files.id, id))
      .limit(1)
      .then((rows) => rows[0]),

  findByIds: (tx: Tx, ids: string[]) => (ids.length === 0 ? Promise.resolve([]) : tx.select(recordColumns).from(files).where(inArray(files.id, ids))),

  /** locks the row against a concurrent remove */
  findByIdForUpdate: (tx: Tx, id: string) =>
    tx
      .select(recordColumns)
      .from(files)
      .where(eq(files.id, id))
      .for('update')
      .limit(1)
      .then((rows) => rows[0]),

  delete: (tx: Tx, id: string) => tx.delete(files).where(eq(files.id, id)),

  exists: (tx: Tx, id: string) =>
    tx
      .select({ id: files.id })
      .from(files)
      .where(eq(files.id, id))
      .limit(1)
      .then((rows) => rows.length > 0),
};
