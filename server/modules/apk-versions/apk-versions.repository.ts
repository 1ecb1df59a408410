import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ApkSortField } from '../../../contracts/apk-versions';
import type { Tx } from '../../db/client';
import { files } from '../files/files.table';
import { apkVersions } from './apk-versions.table';

export type ApkRecord = typeof apkVersions.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** a column per sort field the contract accepts (APK_SORT_FIELDS) */
const SORTABLE: Record<ApkSortField, SQLWrapper> = { versionName: apkVersions.versionName, versionCode: apkVersions.versionCode, published: apkVersions.published, publishedAt: apkVersions.publishedAt };

/** APK versions: SQL only (tenant scoping is RLS; the file's name and size from the files module's table). */
export const apkRepository = {
  async page(tx: Tx, filters: { versionName?: string; published?: boolean }, page: number, size: number, sort?: { field: ApkSortField; desc: boolean }) {
    const where: SQL | undefined = and(
      filters.versionName ? ilike(apkVersions.versionName, `%${escapeLike(filters.versionName)}%`) : undefined,
      filters.published === undefined ? undefined : eq(apkVersions.published, filters.published),
    );
    const [{ n }] = await tx.select({ n: count() }).from(apkVersions).where(where);
    const order = sort ? [sort.desc ? desc(SORTABLE[sort.field]) : asc(SORTABLE[sort.field]), desc(apkVersions.versionCode)] : [desc(apkVersions.versionCode)];
    const rows = await tx
      .select({ apk: apkVersions, fileName: files.name, fileSize: files.size })
      .from(apkVersions)
      .leftJoin(files, and(eq(files.tenantId, apkVersions.tenantId), sql`${files.id}::text = ${apkVersions.fileId}`))
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(page * size);
    return { total: n, rows };
  },

  async byIdForUpdate(tx: Tx, id: string): Promise<ApkRecord | undefined> {
    const [row] = await tx.select().from(apkVersions).where(eq(apkVersions.id, id)).for('update');
    return row;
  },

  async byIds(tx: Tx, ids: readonly string[]): Promise<ApkRecord[]> {
    return tx.select().from(apkVersions).where(inArray(apkVersions.id, [...ids])).for('update');
  },

  async codeTaken(tx: Tx, versionCode: number, exceptId?: string): Promise<boolean> {
    const rows = await tx
      .select({ id: apkVersions.id })
      .from(apkVersions)
      .where(and(eq(apkVersions.versionCode, versionCode), exceptId ? ne(apkVersions.id, exceptId) : undefined))
      .limit(1);
    return rows.length > 0;
  },

  /** The category of an uploaded file, or undefined when there is none. */
  async fileCategory(tx: Tx, fileId: string): Promise<string | undefined> {
    const [row] = await tx.select({ category: files.category }).from(files).where(eq(files.id, fileId));
    return row?.category;
  },

  /** Serialises publishing within a school (two publications at once would both pass the code check). */
  lockPublishing: (tx: Tx, tenantId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`apk_publish:${tenantId}`}))`),

  /** The highest code among published versions (other than `exceptId`), or null. */
  async highestPublishedCode(tx: Tx, exceptId: string): Promise<number | null> {
    const [row] = await tx
      .select({ top: sql<number | null>`max(${apkVersions.versionCode})` })
      .from(apkVersions)
      .where(and(eq(apkVersions.published, true), ne(apkVersions.id, exceptId)));
    return row?.top === null || row?.top === undefined ? null : Number(row.top);
  },

  /** The newest published version (highest code). */
  async latestPublished(tx: Tx): Promise<ApkRecord | undefined> {
    const [row] = await tx.select().from(apkVersions).where(eq(apkVersions.published, true)).orderBy(desc(apkVersions.versionCode)).limit(1);
    return row;
  },

  async publishedById(tx: Tx, id: string): Promise<ApkRecord | undefined> {
    const [row] = await tx.select().from(apkVersions).where(and(eq(apkVersions.id, id), eq(apkVersions.published, true)));
    return row;
  },

  insert: (tx: Tx, row: typeof apkVersions.$inferInsert) => tx.insert(apkVersions).values(row),

  async update(tx: Tx, id: string, version: number, set: Partial<typeof apkVersions.$inferInsert>): Promise<boolean> {
    const updated = await tx
      .update(apkVersions)
      .set({ ...set, updatedAt: new Date(), version: sql`${apkVersions.version} + 1` })
      .where(and(eq(apkVersions.id, id), eq(apkVersions.version, version)))
      .returning({ id: apkVersions.id });
    return updated.length > 0;
  },

  remove: (tx: Tx, ids: readonly string[]) => tx.delete(apkVersions).where(inArray(apkVersions.id, [...ids])),
};
