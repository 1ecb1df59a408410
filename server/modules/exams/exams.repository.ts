import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ExamBatchSortField } from '../../../contracts/exams';
import type { Tx } from '../../db/client';
import { dictEntries, dictTypes } from '../dicts/dicts.table';
import { orgUnits, semesters } from '../school/school.table';
import { scoreChanges, scoreSheets, scores } from '../scores/scores.table';
import { parentStudents, users } from '../users/users.table';
import { hasUsableAccount } from '../users/usable-account';
import { examBatches, scoreBands, scoreSystems } from './exams.table';
import { escapeLike } from '../../db/like';

export type BatchRecord = typeof examBatches.$inferSelect;
export type SystemRecord = typeof scoreSystems.$inferSelect;
export type BandRecord = typeof scoreBands.$inferSelect;

export interface BatchFilters {
  semesterId?: string;
  name?: string;
  published?: boolean;
}


function batchWhere(filters: BatchFilters): SQL | undefined {
  return and(
    filters.semesterId ? eq(examBatches.semesterId, filters.semesterId) : undefined,
    filters.name ? ilike(examBatches.name, `%${escapeLike(filters.name)}%`) : undefined,
    filters.published === undefined ? undefined : eq(examBatches.published, filters.published),
  );
}

/** a column per sort field the contract accepts (EXAM_BATCH_SORT_FIELDS) */
const SORTABLE: Record<ExamBatchSortField, SQLWrapper> = {
  name: examBatches.name,
  startDate: examBatches.startDate,
  endDate: examBatches.endDate,
  sort: examBatches.sort,
  published: examBatches.published,
};

/** Exam batches, score systems and grade bands: SQL only. */
export const examsRepository = {
  async semesters(tx: Tx) {
    return tx
      .select({ id: semesters.id, name: semesters.name, nameEn: semesters.nameEn, isCurrent: semesters.isCurrent })
      .from(semesters)
      .orderBy(desc(semesters.startDate));
  },

  async semesterById(tx: Tx, id: string) {
    const [row] = await tx.select({ id: semesters.id, name: semesters.name }).from(semesters).where(eq(semesters.id, id));
    return row;
  },

  async currentSemesterId(tx: Tx): Promise<string | undefined> {
    const [row] = await tx.select({ id: semesters.id }).from(semesters).where(eq(semesters.isCurrent, true)).limit(1);
    return row?.id;
  },

  /** Every grade org unit (graduated ones too, so old batches still name theirs). */
  async grades(tx: Tx) {
    return tx
      .select({ id: orgUnits.id, name: orgUnits.name, nameEn: orgUnits.nameEn, graduated: orgUnits.graduated })
      .from(orgUnits)
      .where(eq(orgUnits.kind, 'grade'))
      .orderBy(asc(orgUnits.sort), asc(orgUnits.gradeLevel), asc(orgUnits.name));
  },

  /** Published entries of a dictionary, in order. */
  async dictEntries(tx: Tx, typeCode: string) {
    return tx
      .select({ code: dictEntries.code, name: dictEntries.name, nameEn: dictEntries.nameEn })
      .from(dictEntries)
      .innerJoin(dictTypes, and(eq(dictTypes.tenantId, dictEntries.tenantId), eq(dictTypes.id, dictEntries.typeId)))
      .where(and(eq(dictTypes.code, typeCode), eq(dictEntries.status, '1')))
      .orderBy(asc(dictEntries.sort), asc(dictEntries.code));
  },

  async listBatches(tx: Tx, filters: BatchFilters, page: number, size: number, sort?: { field: ExamBatchSortField; desc: boolean }) {
    const where = batchWhere(filters);
    const [{ n }] = await tx.select({ n: count() }).from(examBatches).where(where);
    const order = sort
      ? [sort.desc ? desc(SORTABLE[sort.field]) : asc(SORTABLE[sort.field]), asc(examBatches.sort), asc(examBatches.startDate)]
      : [asc(examBatches.sort), asc(examBatches.startDate), asc(examBatches.name)];
    const rows = await tx
      .select({
        batch: examBatches,
        semesterName: semesters.name,
        semesterNameEn: semesters.nameEn,
        publishedByName: users.name,
        systemCount: sql<number>`(SELECT count(*)::int FROM ${scoreSystems} s WHERE s.tenant_id = ${examBatches.tenantId} AND s.batch_id = ${examBatches.id})`,
      })
      .from(examBatches)
      .innerJoin(semesters, and(eq(semesters.tenantId, examBatches.tenantId), eq(semesters.id, examBatches.semesterId)))
      .leftJoin(users, and(eq(users.tenantId, examBatches.tenantId), eq(users.id, examBatches.publishedBy)))
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(page * size);
    return { total: n, rows };
  },

  async batchById(tx: Tx, id: string): Promise<BatchRecord | undefined> {
    const [row] = await tx.select().from(examBatches).where(eq(examBatches.id, id));
    return row;
  },

  /**
   * The batch row locked FOR UPDATE: every exams write (edit, delete, publish, score systems) takes it
   * first, so it waits for score saves in flight (they hold FOR SHARE on it) and they wait for it.
   */
  async batchForUpdate(tx: Tx, id: string): Promise<BatchRecord | undefined> {
    const [row] = await tx.select().from(examBatches).where(eq(examBatches.id, id)).for('update');
    return row;
  },

  /**
   * The grades and subjects of a batch that have stored scores (a score, a mark or an audit row): one
   * row per grade (the class's parent org unit) and subject.
   */
  async scoredScopes(tx: Tx, batchId: string): Promise<{ gradeId: string; subject: string }[]> {
    const result = await tx.execute<{ grade_id: string; subject: string }>(sql`
      SELECT DISTINCT c.parent_id::text AS grade_id, sh.subject
        FROM ${scoreSheets} sh
        JOIN ${orgUnits} c ON c.tenant_id = sh.tenant_id AND c.id = sh.class_id
       WHERE sh.batch_id = ${batchId}
         AND (EXISTS (SELECT 1 FROM ${scores} s WHERE s.tenant_id = sh.tenant_id AND s.sheet_id = sh.id)
           OR EXISTS (SELECT 1 FROM ${scoreChanges} ch WHERE ch.tenant_id = sh.tenant_id AND ch.sheet_id = sh.id))`);
    return result.rows.map((row) => ({ gradeId: row.grade_id, subject: row.subject }));
  },

  /** The highest score stored on the batch's sheets of these grades and subjects; null when none. */
  async highestScore(tx: Tx, batchId: string, gradeIds: readonly string[], subjects: readonly string[]): Promise<number | null> {
    if (gradeIds.length === 0 || subjects.length === 0) return null;
    const result = await tx.execute<{ top: string | null }>(sql`
      SELECT max(s.score)::text AS top
        FROM ${scores} s
        JOIN ${scoreSheets} sh ON sh.tenant_id = s.tenant_id AND sh.id = s.sheet_id
        JOIN ${orgUnits} c ON c.tenant_id = sh.tenant_id AND c.id = sh.class_id
       WHERE sh.batch_id = ${batchId}
         AND c.parent_id IN (${sql.join(
           gradeIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         AND sh.subject IN (${sql.join(
           subjects.map((code) => sql`${code}`),
           sql`, `,
         )})`);
    const top = result.rows[0]?.top;
    return top === null || top === undefined ? null : Number(top);
  },

  async batchNameTaken(tx: Tx, semesterId: string, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: examBatches.id })
      .from(examBatches)
      .where(and(eq(examBatches.semesterId, semesterId), eq(examBatches.name, name), exceptId ? ne(examBatches.id, exceptId) : undefined))
      .limit(1);
    return Boolean(row);
  },

  async insertBatch(tx: Tx, row: typeof examBatches.$inferInsert) {
    await tx.insert(examBatches).values(row);
  },

  /** Updates when the stored version is `version`; false when it moved. */
  async updateBatch(tx: Tx, id: string, version: number, set: Partial<typeof examBatches.$inferInsert>): Promise<boolean> {
    const updated = await tx
      .update(examBatches)
      .set({ ...set, updatedAt: new Date(), version: sql`${examBatches.version} + 1` })
      .where(and(eq(examBatches.id, id), eq(examBatches.version, version)))
      .returning({ id: examBatches.id });
    return updated.length > 0;
  },

  /** Whether any score, mark or score change was stored for the batch. */
  async batchHasScores(tx: Tx, batchId: string): Promise<boolean> {
    const result = await tx.execute<{ found: boolean }>(sql`
      SELECT EXISTS (
        SELECT 1 FROM ${scoreSheets} sh
         WHERE sh.batch_id = ${batchId}
           AND (EXISTS (SELECT 1 FROM ${scores} s WHERE s.tenant_id = sh.tenant_id AND s.sheet_id = sh.id)
             OR EXISTS (SELECT 1 FROM ${scoreChanges} c WHERE c.tenant_id = sh.tenant_id AND c.sheet_id = sh.id))
      ) AS found`);
    return Boolean(result.rows[0]?.found);
  },

  /** Removes a batch and its empty sheets (the service checked it has no scores and no score systems). */
  async deleteBatch(tx: Tx, id: string) {
    await tx.delete(scoreSheets).where(eq(scoreSheets.batchId, id));
    await tx.delete(examBatches).where(eq(examBatches.id, id));
  },

  async setPublished(tx: Tx, id: string, published: boolean, userId: string) {
    await tx
      .update(examBatches)
      .set({
        published,
        publishedAt: published ? new Date() : null,
        publishedBy: published ? userId : null,
        updatedAt: new Date(),
        updatedBy: userId,
        version: sql`${examBatches.version} + 1`,
      })
      .where(eq(examBatches.id, id));
  },

  /** Enabled students of the grades' classes and their parents with a usable account (distinct user ids). */
  async studentsAndParentsOfGrades(tx: Tx, gradeIds: readonly string[]): Promise<string[]> {
    if (gradeIds.length === 0) return [];
    const result = await tx.execute<{ id: string }>(sql`
      WITH students AS (
        SELECT u.id FROM ${users} u
          JOIN ${orgUnits} c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
         WHERE u.user_type = '2' AND u.enabled
           AND c.kind = 'class' AND c.parent_id IN (${sql.join(
             gradeIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
      )
      SELECT id::text FROM students
      UNION
      SELECT ps.parent_id::text FROM ${parentStudents} ps
        JOIN ${users} p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id AND ${hasUsableAccount('p')}
       WHERE ps.student_id IN (SELECT id FROM students)`);
    return result.rows.map((row) => row.id);
  },

  /* -------------------------------------------------------------- score systems */

  async systemsOfBatch(tx: Tx, batchId: string): Promise<SystemRecord[]> {
    return tx.select().from(scoreSystems).where(eq(scoreSystems.batchId, batchId)).orderBy(asc(scoreSystems.createdAt), asc(scoreSystems.name));
  },

  async systemCount(tx: Tx, batchId: string): Promise<number> {
    const [{ n }] = await tx.select({ n: count() }).from(scoreSystems).where(eq(scoreSystems.batchId, batchId));
    return n;
  },

  async bandsOfSystems(tx: Tx, systemIds: readonly string[]): Promise<BandRecord[]> {
    if (systemIds.length === 0) return [];
    return tx
      .select()
      .from(scoreBands)
      .where(inArray(scoreBands.systemId, [...systemIds]))
      .orderBy(asc(scoreBands.sort), desc(scoreBands.maxScore));
  },

  async systemById(tx: Tx, id: string): Promise<SystemRecord | undefined> {
    const [row] = await tx.select().from(scoreSystems).where(eq(scoreSystems.id, id));
    return row;
  },

  async systemNameTaken(tx: Tx, batchId: string, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: scoreSystems.id })
      .from(scoreSystems)
      .where(and(eq(scoreSystems.batchId, batchId), eq(scoreSystems.name, name), exceptId ? ne(scoreSystems.id, exceptId) : undefined))
      .limit(1);
    return Boolean(row);
  },

  async insertSystem(tx: Tx, row: typeof scoreSystems.$inferInsert) {
    await tx.insert(scoreSystems).values(row);
  },

  /** Updates when the stored version is `version`; false when it moved. */
  async updateSystem(tx: Tx, id: string, version: number, set: Partial<typeof scoreSystems.$inferInsert>): Promise<boolean> {
    const updated = await tx
      .update(scoreSystems)
      .set({ ...set, updatedAt: new Date(), version: sql`${scoreSystems.version} + 1` })
      .where(and(eq(scoreSystems.id, id), eq(scoreSystems.version, version)))
      .returning({ id: scoreSystems.id });
    return updated.length > 0;
  },

  /** Replaces the bands of a system with `rows` (deleted first, so renames and swaps never collide). */
  async replaceBands(tx: Tx, systemId: string, rows: (typeof scoreBands.$inferInsert)[]) {
    await tx.delete(scoreBands).where(eq(scoreBands.systemId, systemId));
    if (rows.length > 0) await tx.insert(scoreBands).values(rows);
  },

  async bandCount(tx: Tx, systemId: string): Promise<number> {
    const [{ n }] = await tx.select({ n: count() }).from(scoreBands).where(eq(scoreBands.systemId, systemId));
    return n;
  },

  async deleteSystem(tx: Tx, id: string) {
    await tx.delete(scoreSystems).where(eq(scoreSystems.id, id));
  },
};
