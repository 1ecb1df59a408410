import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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
  ownerKind: files.ownerKind,
  ownerRecordId: files.ownerRecordId,
  createdBy: files.createdBy,
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

  /**
   * Gives these files to the record, where allowed: not owned yet and filed under the saver, or owned
   * by this very record. How many it took (fewer than asked: some were not the saver's to give).
   * `forgetUploader`: the file no longer says who uploaded it (an anonymous answer's pictures).
   */
  claim: (tx: Tx, ids: readonly string[], owner: { kind: string; recordId: string; saverId: string; forgetUploader?: boolean }) =>
    tx
      .update(files)
      .set({
        ownerKind: owner.kind,
        ownerRecordId: owner.recordId,
        ...(owner.forgetUploader ? { createdBy: null, updatedBy: null } : {}),
        updatedAt: sql`now()`,
        version: sql`${files.version} + 1`,
      })
      .where(
        and(
          inArray(files.id, [...ids]),
          or(
            and(isNull(files.ownerKind), eq(files.ownerId, owner.saverId)),
            and(eq(files.ownerKind, owner.kind), eq(files.ownerRecordId, owner.recordId)),
          ),
        ),
      )
      .returning({ id: files.id })
      .then((rows) => rows.length),

  delete: (tx: Tx, id: string) => tx.delete(files).where(eq(files.id, id)),

  exists: (tx: Tx, id: string) =>
    tx
      .select({ id: files.id })
      .from(files)
      .where(eq(files.id, id))
      .limit(1)
      .then((rows) => rows.length > 0),
};
