import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../db/client';
import { i18nEntries, type Language } from './i18n.table';

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface LanguageFilters {
  keyword: string;
  lang: '' | Language;
}

function keysWhere(filters: LanguageFilters) {
  const keyword = filters.keyword ? containsPattern(filters.keyword) : '';
  return sql`TRUE
    ${keyword ? sql`AND (key ILIKE ${keyword} OR text ILIKE ${keyword})` : sql``}`;
}

export const i18nRepository = {
  allEntries: (tx: Tx) =>
    tx
      .select({ lang: i18nEntries.lang, key: i18nEntries.key, text: i18nEntries.text })
      .from(i18nEntries)
      .orderBy(asc(i18nEntries.key)),

  /** Keys with their zh and en texts (one row per key), filtered and paged, with the total. */
  async page(tx: Tx, filters: LanguageFilters, offset: number, limit: number, descending: boolean) {
    const result = await tx.execute<{ key: string; zh: string; en: string; version: number; total: number }>(sql`
      WITH keys AS (
        SELECT key, max(version)::int AS version,
               coalesce(max(text) FILTER (WHERE lang = 'zh'), '') AS zh,
               coalesce(max(text) FILTER (WHERE lang = 'en'), '') AS en
          FROM ${i18nEntries}
         WHERE key IN (SELECT key FROM ${i18nEntries} WHERE ${keysWhere(filters)})
         GROUP BY key
      )
      SELECT key, zh, en, version, count(*) OVER ()::int AS total
        FROM keys
       WHERE ${filters.lang === 'zh' ? sql`zh <> ''` : filters.lang === 'en' ? sql`en <> ''` : sql`TRUE`}
       ORDER BY key ${descending ? sql`DESC` : sql`ASC`}
       OFFSET ${offset} LIMIT ${limit}`);
    return result.rows;
  },

  async count(tx: Tx, filters: LanguageFilters): Promise<number> {
    const result = await tx.execute<{ n: number }>(sql`
      SELECT count(DISTINCT key)::int AS n FROM ${i18nEntries}
       WHERE key IN (SELECT key FROM ${i18nEntries} WHERE ${keysWhere(filters)})
         ${filters.lang ? sql`AND lang = ${filters.lang}` : sql``}`);
    return result.rows[0]?.n ?? 0;
  },

  keyExists: (tx: Tx, key: string) =>
    tx
      .select({ id: i18nEntries.id })
      .from(i18nEntries)
      .where(eq(i18nEntries.key, key))
      .limit(1)
      .then((rows) => rows.length > 0),

  /** Writes one language's text of a key ('' removes it). */
  async put(tx: Tx, tenantId: string, userId: string, lang: Language, key: string, text: string) {
    if (!text) {
      await tx.delete(i18nEntries).where(and(eq(i18nEntries.lang, lang), eq(i18nEntries.key, key)));
      return;
    }
    await tx
      .insert(i18nEntries)
      .values({ tenantId, id: uuidv7(), lang, key, text, createdBy: userId, updatedBy: userId })
      .onConflictDoUpdate({
        target: [i18nEntries.tenantId, i18nEntries.lang, i18nEntries.key],
        set: { text, updatedBy: userId, updatedAt: new Date(), version: sql`${i18nEntries.version} + 1` },
      });
  },

  /** The key's version (the highest of its rows), its rows locked for this transaction; null: no such key. */
  async lockKey(tx: Tx, key: string): Promise<number | null> {
    const rows = await tx.select({ version: i18nEntries.version }).from(i18nEntries).where(eq(i18nEntries.key, key)).for('update');
    return rows.length ? Math.max(...rows.map((row) => row.version)) : null;
  },

  /** A new key's text in one language: a plain insert, so a concurrent add of the key fails (23505). */
  insert: (tx: Tx, tenantId: string, userId: string, lang: Language, key: string, text: string) =>
    tx.insert(i18nEntries).values({ tenantId, id: uuidv7(), lang, key, text, createdBy: userId, updatedBy: userId }),

  /** Every row of the key at one version (the key's version only grows while it exists). */
  setKeyVersion: (tx: Tx, key: string, version: number) => tx.update(i18nEntries).set({ version }).where(eq(i18nEntries.key, key)),

  deleteKeys: (tx: Tx, keys: readonly string[]) => tx.delete(i18nEntries).where(inArray(i18nEntries.key, [...keys])).returning({ key: i18nEntries.key }),
};
