import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AiPromptSortField } from '../../../contracts/ai-prompts';
import type { Tx } from '../../db/client';
import { aiPrompts } from './ai-prompts.table';

export type AiPromptRecord = typeof aiPrompts.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** a column per sort field the contract accepts (AI_PROMPT_SORT_FIELDS) */
const SORTABLE: Record<AiPromptSortField, SQLWrapper> = { code: aiPrompts.code, name: aiPrompts.name, scene: aiPrompts.scene, sort: aiPrompts.sort, enabled: aiPrompts.enabled, updatedAt: aiPrompts.updatedAt };

/** AI提示词: SQL only (tenant scoping is RLS). */
export const aiPromptsRepository = {
  async page(tx: Tx, filters: { keyword?: string; enabled?: boolean }, page: number, size: number, sort?: { field: AiPromptSortField; desc: boolean }) {
    const like = filters.keyword ? `%${escapeLike(filters.keyword)}%` : undefined;
    const where: SQL | undefined = and(
      like ? or(ilike(aiPrompts.name, like), ilike(aiPrompts.code, like), ilike(aiPrompts.scene, like)) : undefined,
      filters.enabled === undefined ? undefined : eq(aiPrompts.enabled, filters.enabled),
    );
    const [{ n }] = await tx.select({ n: count() }).from(aiPrompts).where(where);
    const order = sort ? [sort.desc ? desc(SORTABLE[sort.field]) : asc(SORTABLE[sort.field]), asc(aiPrompts.code)] : [asc(aiPrompts.sort), asc(aiPrompts.code)];
    const rows = await tx.select().from(aiPrompts).where(where).orderBy(...order).limit(size).offset(page * size);
    return { total: n, rows };
  },

  async byIdForUpdate(tx: Tx, id: string): Promise<AiPromptRecord | undefined> {
    const [row] = await tx.select().from(aiPrompts).where(eq(aiPrompts.id, id)).for('update');
    return row;
  },

  async codeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
    const rows = await tx.select({ id: aiPrompts.id }).from(aiPrompts).where(and(eq(aiPrompts.code, code), exceptId ? ne(aiPrompts.id, exceptId) : undefined)).limit(1);
    return rows.length > 0;
  },

  insert: (tx: Tx, row: typeof aiPrompts.$inferInsert) => tx.insert(aiPrompts).values(row),

  /** Updates when the stored version is `version`; false when it moved. */
  async update(tx: Tx, id: string, version: number, set: Partial<typeof aiPrompts.$inferInsert>): Promise<boolean> {
    const updated = await tx
      .update(aiPrompts)
      .set({ ...set, updatedAt: new Date(), version: sql`${aiPrompts.version} + 1` })
      .where(and(eq(aiPrompts.id, id), eq(aiPrompts.version, version)))
      .returning({ id: aiPrompts.id });
    return updated.length > 0;
  },

  async remove(tx: Tx, ids: readonly string[]): Promise<number> {
    const removed = await tx.delete(aiPrompts).where(inArray(aiPrompts.id, [...ids])).returning({ id: aiPrompts.id });
    return removed.length;
  },
};
