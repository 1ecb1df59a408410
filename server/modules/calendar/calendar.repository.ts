import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { attendanceRolls } from '../attendance/attendance.table';
import { examBatches } from '../exams/exams.table';
import { orgUnits, schoolYears, semesters } from '../school/school.table';
import { tenants } from '../tenants/tenants.table';

const semesterColumns = {
  id: semesters.id,
  schoolYearId: semesters.schoolYearId,
  schoolYearName: sql<string>`coalesce(${schoolYears.name}, '')`,
  schoolYearNameEn: sql<string>`coalesce(${schoolYears.nameEn}, '')`,
  code: semesters.code,
  name: semesters.name,
  nameEn: semesters.nameEn,
  year: semesters.year,
  startDate: semesters.startDate,
  endDate: semesters.endDate,
  teachStartDate: semesters.teachStartDate,
  teachEndDate: semesters.teachEndDate,
  weeks: semesters.weeks,
  isCurrent: semesters.isCurrent,
  version: semesters.version,
};
const joinYear = and(eq(schoolYears.tenantId, semesters.tenantId), eq(schoolYears.id, semesters.schoolYearId));

export type SemesterWrite = Omit<typeof semesters.$inferInsert, 'tenantId' | 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt' | 'version'>;
export type SchoolYearWrite = Omit<typeof schoolYears.$inferInsert, 'tenantId' | 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt' | 'version'>;

// Tenant scoping comes from row-level security.
export const calendarRepository = {
  years: (tx: Tx) =>
    tx
      .select({
        id: schoolYears.id,
        code: schoolYears.code,
        name: schoolYears.name,
        nameEn: schoolYears.nameEn,
        startDate: schoolYears.startDate,
        endDate: schoolYears.endDate,
        isCurrent: schoolYears.isCurrent,
        // qualified by hand: inside a one-table select drizzle leaves column names bare
        semesterCount: sql<number>`(SELECT count(*)::int FROM semesters s WHERE s.tenant_id = school_years.tenant_id AND s.school_year_id = school_years.id)`,
        currentSemesterName: sql<string>`coalesce((SELECT s.name FROM semesters s WHERE s.tenant_id = school_years.tenant_id AND s.school_year_id = school_years.id AND s.is_current LIMIT 1), '')`,
        currentSemesterNameEn: sql<string>`coalesce((SELECT s.name_en FROM semesters s WHERE s.tenant_id = school_years.tenant_id AND s.school_year_id = school_years.id AND s.is_current LIMIT 1), '')`,
        version: schoolYears.version,
      })
      .from(schoolYears)
      .orderBy(desc(schoolYears.startDate), asc(schoolYears.code)),

  yearById: (tx: Tx, id: string) =>
    tx
      .select()
      .from(schoolYears)
      .where(eq(schoolYears.id, id))
      .then((rows) => rows[0]),

  yearsByIds: (tx: Tx, ids: readonly string[]) => (ids.length ? tx.select().from(schoolYears).where(inArray(schoolYears.id, [...ids])) : Promise.resolve([])),

  yearByCode: (tx: Tx, code: string) =>
    tx
      .select({ id: schoolYears.id })
      .from(schoolYears)
      .where(eq(schoolYears.code, code))
      .then((rows) => rows[0]),

  insertYear: (tx: Tx, tenantId: string, userId: string, row: SchoolYearWrite) => tx.insert(schoolYears).values({ ...row, tenantId, createdBy: userId, updatedBy: userId }),

  /** only at `version` (the one the editor loaded): false when the row changed meanwhile */
  updateYear: (tx: Tx, userId: string, id: string, version: number, row: Omit<SchoolYearWrite, 'id' | 'isCurrent'>) =>
    tx
      .update(schoolYears)
      .set({ ...row, updatedBy: userId, updatedAt: sql`now()`, version: sql`${schoolYears.version} + 1` })
      .where(and(eq(schoolYears.id, id), eq(schoolYears.version, version)))
      .returning({ id: schoolYears.id })
      .then((rows) => rows.length > 0),

  deleteYears: (tx: Tx, ids: readonly string[]) => tx.delete(schoolYears).where(inArray(schoolYears.id, [...ids])),

  /** semesters per school year among `ids` */
  semesterCounts: (tx: Tx, yearIds: readonly string[]) =>
    tx
      .select({ schoolYearId: semesters.schoolYearId, n: count() })
      .from(semesters)
      .where(inArray(semesters.schoolYearId, [...yearIds]))
      .groupBy(semesters.schoolYearId),

  countSemesters: (tx: Tx, schoolYearId: string) =>
    tx
      .select({ n: count() })
      .from(semesters)
      .where(schoolYearId ? eq(semesters.schoolYearId, schoolYearId) : undefined)
      .then((rows) => rows[0]?.n ?? 0),

  pageSemesters: (tx: Tx, schoolYearId: string, offset: number, limit: number) =>
    tx
      .select(semesterColumns)
      .from(semesters)
      .leftJoin(schoolYears, joinYear)
      .where(schoolYearId ? eq(semesters.schoolYearId, schoolYearId) : undefined)
      .orderBy(desc(semesters.startDate), asc(semesters.code))
      .offset(offset)
      .limit(limit),

  semesterById: (tx: Tx, id: string, lock = false) => {
    const query = tx.select(semesterColumns).from(semesters).leftJoin(schoolYears, joinYear).where(eq(semesters.id, id));
    return (lock ? query.for('update', { of: semesters }) : query).then((rows) => rows[0]);
  },

  semestersByIds: (tx: Tx, ids: readonly string[]) => (ids.length ? tx.select(semesterColumns).from(semesters).leftJoin(schoolYears, joinYear).where(inArray(semesters.id, [...ids])) : Promise.resolve([])),

  /**
   * One switch of the current semester at a time per school: a transaction-scoped advisory lock, so a
   * second switch waits and then reads the first one's result (row locks alone would let it miss the
   * newly current row under READ COMMITTED and upgrade twice).
   */
  lockCalendar: (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('xiaowu.calendar:' || current_setting('app.tenant_id')))`),

  /** the current semester(s), locked: concurrent switches of the current semester wait for each other */
  currentSemesters: (tx: Tx) => tx.select(semesterColumns).from(semesters).leftJoin(schoolYears, joinYear).where(eq(semesters.isCurrent, true)).for('update', { of: semesters }),

  semesterByCode: (tx: Tx, code: string) =>
    tx
      .select({ id: semesters.id })
      .from(semesters)
      .where(eq(semesters.code, code))
      .then((rows) => rows[0]),

  /** another semester of the school year whose working range meets [startDate, endDate] */
  overlapping: (tx: Tx, schoolYearId: string, startDate: string, endDate: string, exceptId?: string) =>
    tx
      .select({ id: semesters.id, name: semesters.name, nameEn: semesters.nameEn })
      .from(semesters)
      .where(
        and(
          eq(semesters.schoolYearId, schoolYearId),
          sql`${semesters.startDate} <= ${endDate}::date AND ${semesters.endDate} >= ${startDate}::date`,
          exceptId ? ne(semesters.id, exceptId) : undefined,
        ),
      )
      .orderBy(asc(semesters.startDate))
      .limit(1)
      .then((rows) => rows[0]),

  /** semesters of the school year lying (partly) outside [startDate, endDate] */
  semestersOutside: (tx: Tx, schoolYearId: string, startDate: string, endDate: string) =>
    tx
      .select({ id: semesters.id, name: semesters.name, nameEn: semesters.nameEn })
      .from(semesters)
      .where(and(eq(semesters.schoolYearId, schoolYearId), sql`(${semesters.startDate} < ${startDate}::date OR ${semesters.endDate} > ${endDate}::date)`))
      .limit(1)
      .then((rows) => rows[0]),

  insertSemester: (tx: Tx, tenantId: string, userId: string, row: SemesterWrite) => tx.insert(semesters).values({ ...row, tenantId, createdBy: userId, updatedBy: userId }),

  /** only at `version` (the one the editor loaded): false when the row changed meanwhile */
  updateSemester: (tx: Tx, userId: string, id: string, version: number, row: Omit<SemesterWrite, 'id' | 'isCurrent'>) =>
    tx
      .update(semesters)
      .set({ ...row, updatedBy: userId, updatedAt: sql`now()`, version: sql`${semesters.version} + 1` })
      .where(and(eq(semesters.id, id), eq(semesters.version, version)))
      .returning({ id: semesters.id })
      .then((rows) => rows.length > 0),

  deleteSemesters: (tx: Tx, ids: readonly string[]) => tx.delete(semesters).where(inArray(semesters.id, [...ids])),

  /** the first of `ids` that an exam batch or an attendance roll refers to */
  semesterInUse: async (tx: Tx, ids: readonly string[]): Promise<string | undefined> => {
    const batch = await tx.select({ id: examBatches.semesterId }).from(examBatches).where(inArray(examBatches.semesterId, [...ids])).limit(1);
    if (batch[0]) return batch[0].id;
    const roll = await tx.select({ id: attendanceRolls.semesterId }).from(attendanceRolls).where(inArray(attendanceRolls.semesterId, [...ids])).limit(1);
    return roll[0]?.id;
  },

  /** exactly one current semester and its school year current; every other flag cleared */
  setCurrent: async (tx: Tx, userId: string, semesterId: string, schoolYearId: string) => {
    await tx
      .update(semesters)
      .set({ isCurrent: sql`(${semesters.id} = ${semesterId}::uuid)`, updatedBy: userId, updatedAt: sql`now()`, version: sql`${semesters.version} + 1` })
      .where(sql`${semesters.isCurrent} OR ${semesters.id} = ${semesterId}::uuid`);
    await tx
      .update(schoolYears)
      .set({ isCurrent: sql`(${schoolYears.id} = ${schoolYearId}::uuid)`, updatedBy: userId, updatedAt: sql`now()`, version: sql`${schoolYears.version} + 1` })
      .where(sql`${schoolYears.isCurrent} OR ${schoolYears.id} = ${schoolYearId}::uuid`);
  },

  /** the school's kind (K12 or kindergarten): which grade naming scheme, so where its grades end */
  /** every grade's name and level (graduated ones too), unlocked */
  grades: (tx: Tx) => tx.select({ name: orgUnits.name, gradeLevel: orgUnits.gradeLevel }).from(orgUnits).where(eq(orgUnits.kind, 'grade')),

  tenantKind: (tx: Tx, tenantId: string) =>
    tx
      .select({ kind: tenants.kind })
      .from(tenants)
      .where(eq(tenants.id, tenantId))
      .then((rows) => rows[0]?.kind),

  /** every grade and class (graduated or not), locked for the upgrade */
  gradesAndClasses: (tx: Tx) =>
    tx
      .select({
        id: orgUnits.id,
        parentId: orgUnits.parentId,
        kind: orgUnits.kind,
        name: orgUnits.name,
        nameEn: orgUnits.nameEn,
        gradeLevel: orgUnits.gradeLevel,
        graduated: orgUnits.graduated,
      })
      .from(orgUnits)
      .where(inArray(orgUnits.kind, ['grade', 'class']))
      .orderBy(asc(orgUnits.gradeLevel), asc(orgUnits.sort), asc(orgUnits.code))
      .for('update'),

  graduate: (tx: Tx, userId: string, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve()
      : tx
          .update(orgUnits)
          .set({ graduated: true, updatedBy: userId, updatedAt: sql`now()`, version: sql`${orgUnits.version} + 1` })
          .where(inArray(orgUnits.id, [...ids]))
          .then(() => undefined),

  /** one statement for every moved grade and class: new level and names */
  moveUp: (tx: Tx, userId: string, rows: readonly { id: string; name: string; nameEn: string; gradeLevel: number }[]) =>
    rows.length === 0
      ? Promise.resolve()
      : tx
          .execute(
            sql`UPDATE org_units o SET grade_level = v.level, name = v.name, name_en = v.name_en, updated_by = ${userId}::uuid, updated_at = now(), version = o.version + 1
                FROM unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => r.name))}::text[], ${sql.param(rows.map((r) => r.nameEn))}::text[], ${sql.param(rows.map((r) => r.gradeLevel))}::int[]) AS v(id, name, name_en, level)
                WHERE o.id = v.id`,
          )
          .then(() => undefined),
};
