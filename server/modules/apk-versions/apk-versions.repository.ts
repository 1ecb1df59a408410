import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { files } from '../files/files.table';
import { apkVersions } from './apk-versions.table';

export type ApkRecord = typeof apkVersions.$inferSelect;

/** APK versions beyond the kit's own SQL (publishing, the app's calls, the file columns): tenant scoping is RLS. */
export const apkRepository = {
  /** The category of an uploaded file, or undefined when there is none. */
  async fileCategory(tx: Tx, fileId: string): Promise<string | undefined> {
    const [row] = await tx.select({ category: files.category }).from(files).where(eq(files.id, fileId));
    return row?.category;
  },

  /** Name and size of files by id (the list's fileName and fileSize). */
  async fileFacts(tx: Tx, fileIds: readonly string[]): Promise<Map<string, { name: string; size: number }>> {
    if (fileIds.length === 0) return new Map();
    const rows = await tx.select({ id: files.id, name: files.name, size: files.size }).from(files).where(inArray(files.id, [...fileIds]));
    return new Map(rows.map((row) => [row.id, { name: row.name, size: Number(row.size) }]));
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
};
