import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { classRoster } from '../../db/roster';
import { uuids } from '../../db/rows';
import { orgUnits } from '../school/school.table';
import { staffDuties, users } from '../users/users.table';
import { attendanceChanges, attendanceEntries, attendanceRolls } from './attendance.table';

const grade = alias(orgUnits, 'grade');
const student = alias(users, 'student');
const taker = alias(users, 'taker');

const joinGrade = and(eq(grade.tenantId, orgUnits.tenantId), eq(grade.id, orgUnits.parentId));
const joinRoll = and(eq(attendanceRolls.tenantId, attendanceEntries.tenantId), eq(attendanceRolls.id, attendanceEntries.rollId));
const joinRollClass = and(eq(orgUnits.tenantId, attendanceRolls.tenantId), eq(orgUnits.id, attendanceRolls.classId));
const joinEntryStudent = and(eq(student.tenantId, attendanceEntries.tenantId), eq(student.id, attendanceEntries.studentId));
const joinTaker = and(eq(taker.tenantId, attendanceRolls.tenantId), eq(taker.id, attendanceRolls.takenBy));

const classColumns = {
  id: orgUnits.id,
  name: orgUnits.name,
  nameEn: orgUnits.nameEn,
  gradeName: sql<string>`coalesce(${grade.name}, '')`,
  gradeNameEn: sql<string>`coalesce(${grade.nameEn}, '')`,
  campusId: orgUnits.campusId,
};

export interface HistoryFilters {
  classId?: string;
  studentId?: string;
  from: string;
  to: string;
  status: string;
  /** teachers: only rolls of these classes; undefined for managers */
  classIds?: readonly string[];
}

function historyWhere(filters: HistoryFilters): SQL | undefined {
  return and(
    gte(attendanceRolls.date, filters.from),
    lte(attendanceRolls.date, filters.to),
    filters.classId ? eq(attendanceRolls.classId, filters.classId) : undefined,
    filters.studentId ? eq(attendanceEntries.studentId, filters.studentId) : undefined,
    filters.status ? eq(attendanceEntries.status, filters.status) : undefined,
    filters.classIds ? (filters.classIds.length ? inArray(attendanceRolls.classId, [...filters.classIds]) : sql`false`) : undefined,
  );
}

export interface EntryWrite {
  studentId: string;
  status: string;
  remark: string;
}

// Tenant scoping comes from row-level security.
export const attendanceRepository = {
  classById: (tx: Tx, classId: string) =>
    tx
      .select(classColumns)
      .from(orgUnits)
      .leftJoin(grade, joinGrade)
      .where(and(eq(orgUnits.id, classId), eq(orgUnits.kind, 'class')))
      .then((rows) => rows[0]),

  /** Every class (of one campus), in grade and class order. */
  allClasses: (tx: Tx, campusId?: string) =>
    tx
      .select(classColumns)
      .from(orgUnits)
      .leftJoin(grade, joinGrade)
      // graduated classes take no roll any more
      .where(and(eq(orgUnits.kind, 'class'), eq(orgUnits.graduated, false), campusId ? eq(orgUnits.campusId, campusId) : undefined))
      .orderBy(asc(orgUnits.gradeLevel), asc(orgUnits.sort), asc(orgUnits.code)),

  classesByIds: (tx: Tx, classIds: readonly string[]) =>
    classIds.length === 0
      ? Promise.resolve([])
      : tx
          .select(classColumns)
          .from(orgUnits)
          .leftJoin(grade, joinGrade)
          .where(and(eq(orgUnits.kind, 'class'), eq(orgUnits.graduated, false), inArray(orgUnits.id, [...classIds])))
          .orderBy(asc(orgUnits.gradeLevel), asc(orgUnits.sort), asc(orgUnits.code)),

  /** A user's head and subject teacher duties in classes. */
  teachingDuties: (tx: Tx, userId: string) =>
    tx
      .select({ classId: staffDuties.orgUnitId, duty: staffDuties.duty, subject: staffDuties.subject })
      .from(staffDuties)
      .innerJoin(orgUnits, and(eq(orgUnits.tenantId, staffDuties.tenantId), eq(orgUnits.id, staffDuties.orgUnitId)))
      .where(and(eq(staffDuties.userId, userId), inArray(staffDuties.duty, ['head_teacher', 'subject_teacher']), eq(orgUnits.kind, 'class')))
      .orderBy(asc(staffDuties.duty), asc(staffDuties.subject)),

  /** Head teachers' names by class ('、' between several). */
  headTeacherNames: (tx: Tx, classIds: readonly string[]) =>
    classIds.length === 0
      ? Promise.resolve([])
      : tx
          .select({ classId: staffDuties.orgUnitId, names: sql<string>`string_agg(${users.name}, '、' ORDER BY ${users.name})` })
          .from(staffDuties)
          .innerJoin(users, and(eq(users.tenantId, staffDuties.tenantId), eq(users.id, staffDuties.userId)))
          .where(and(eq(staffDuties.duty, 'head_teacher'), inArray(staffDuties.orgUnitId, [...classIds])))
          .groupBy(staffDuties.orgUnitId),

  studentCounts: (tx: Tx, classIds: readonly string[]) =>
    classIds.length === 0
      ? Promise.resolve([])
      : tx
          .select({ classId: sql<string>`${users.orgUnitId}`, n: count() })
          .from(users)
          .where(and(inArray(users.orgUnitId, [...classIds]), eq(users.userType, '2'), eq(users.enabled, true)))
          .groupBy(users.orgUnitId),

  /**
   * The class's roster of `date` (of any day in [date, until]), in student-number order: whose class
   * membership (学籍异动, issue 23) covers that day, so a roll of a past day keeps who was in the class
   * then; a student with no membership row at all (made before memberships existed) by their current class.
   */
  students: (tx: Tx, classId: string, date: string, until = date) =>
    tx
      .select({ id: users.id, name: users.name, userNo: users.userNo })
      .from(users)
      .where(
        and(
          eq(users.userType, '2'),
          eq(users.enabled, true),
          inArray(
            users.id,
            sql`(SELECT r.student_id FROM ${classRoster(uuids([classId]), date, until)} r)`,
          ),
        ),
      )
      .orderBy(asc(users.userNo), asc(users.name)),

  /** The class a student belongs to (null for no student of that id). */
  classOfStudent: (tx: Tx, studentId: string) =>
    tx
      .select({ classId: users.orgUnitId })
      .from(users)
      .where(and(eq(users.id, studentId), eq(users.userType, '2')))
      .then((rows) => rows[0]),

  /** Rolls of `date` for these classes (all classes when null), with who took them. */
  rollsOn: (tx: Tx, classIds: readonly string[] | null, date: string) =>
    classIds !== null && classIds.length === 0
      ? Promise.resolve([])
      : tx
          .select({
            classId: attendanceRolls.classId,
            version: attendanceRolls.version,
            takenAt: attendanceRolls.takenAt,
            takenByName: sql<string>`coalesce(${taker.name}, '')`,
          })
          .from(attendanceRolls)
          .leftJoin(taker, joinTaker)
          .where(and(eq(attendanceRolls.date, date), classIds ? inArray(attendanceRolls.classId, [...classIds]) : undefined)),

  /** One roll; `lock` takes its row lock until the transaction ends (submissions serialise on it). */
  findRoll: async (tx: Tx, classId: string, date: string, lock = false) => {
    const query = tx
      .select({
        id: attendanceRolls.id,
        version: attendanceRolls.version,
        semesterId: attendanceRolls.semesterId,
        takenAt: attendanceRolls.takenAt,
        takenByName: sql<string>`coalesce(${taker.name}, '')`,
      })
      .from(attendanceRolls)
      .leftJoin(taker, joinTaker)
      .where(and(eq(attendanceRolls.classId, classId), eq(attendanceRolls.date, date)));
    const rows = lock ? await query.for('update', { of: attendanceRolls }) : await query;
    return rows[0];
  },

  entries: (tx: Tx, rollId: string) =>
    tx
      .select({ studentId: attendanceEntries.studentId, status: attendanceEntries.status, remark: attendanceEntries.remark })
      .from(attendanceEntries)
      .where(eq(attendanceEntries.rollId, rollId)),

  /** Creates the roll unless a concurrent first submission did; returns its id, or undefined then. */
  insertRoll: (tx: Tx, row: { tenantId: string; id: string; classId: string; date: string; semesterId: string; userId: string }) =>
    tx
      .insert(attendanceRolls)
      .values({
        tenantId: row.tenantId,
        id: row.id,
        classId: row.classId,
        date: row.date,
        semesterId: row.semesterId,
        takenBy: row.userId,
        createdBy: row.userId,
        updatedBy: row.userId,
        version: 0,
      })
      .onConflictDoNothing({ target: [attendanceRolls.tenantId, attendanceRolls.classId, attendanceRolls.date] })
      .returning({ id: attendanceRolls.id })
      .then((rows) => rows[0]?.id),

  /** Version + 1, taken by the caller now; returns the new version. */
  markTaken: (tx: Tx, rollId: string, userId: string) =>
    tx
      .update(attendanceRolls)
      .set({ version: sql`${attendanceRolls.version} + 1`, takenBy: userId, takenAt: sql`now()`, updatedAt: sql`now()`, updatedBy: userId })
      .where(eq(attendanceRolls.id, rollId))
      .returning({
        version: attendanceRolls.version,
        takenAt: attendanceRolls.takenAt,
        takenByName: sql<string>`coalesce((SELECT ${users.name} FROM ${users} WHERE ${users.tenantId} = ${attendanceRolls.tenantId} AND ${users.id} = ${userId}), '')`,
      })
      .then((rows) => rows[0]),

  upsertEntries: (tx: Tx, tenantId: string, rollId: string, userId: string, rows: readonly EntryWrite[]) =>
    rows.length === 0
      ? Promise.resolve()
      : tx
          .insert(attendanceEntries)
          .values(rows.map((row) => ({ tenantId, rollId, studentId: row.studentId, status: row.status, remark: row.remark, createdBy: userId, updatedBy: userId })))
          .onConflictDoUpdate({
            target: [attendanceEntries.tenantId, attendanceEntries.rollId, attendanceEntries.studentId],
            set: {
              status: sql`excluded.status`,
              remark: sql`excluded.remark`,
              updatedAt: sql`now()`,
              updatedBy: userId,
              version: sql`${attendanceEntries.version} + 1`,
            },
          })
          .then(() => undefined),

  insertChanges: (tx: Tx, rows: (typeof attendanceChanges.$inferInsert)[]) =>
    rows.length === 0 ? Promise.resolve() : tx.insert(attendanceChanges).values(rows).then(() => undefined),

  /** The audit trail of a roll, newest first. */
  changes: (tx: Tx, rollId: string) =>
    tx
      .select({
        studentId: attendanceChanges.studentId,
        studentName: sql<string>`coalesce(${student.name}, '')`,
        oldStatus: attendanceChanges.oldStatus,
        newStatus: attendanceChanges.newStatus,
        oldRemark: attendanceChanges.oldRemark,
        newRemark: attendanceChanges.newRemark,
        changedByName: sql<string>`coalesce(${taker.name}, '')`,
        changedAt: attendanceChanges.changedAt,
        version: attendanceChanges.rollVersion,
      })
      .from(attendanceChanges)
      .leftJoin(student, and(eq(student.tenantId, attendanceChanges.tenantId), eq(student.id, attendanceChanges.studentId)))
      .leftJoin(taker, and(eq(taker.tenantId, attendanceChanges.tenantId), eq(taker.id, attendanceChanges.changedBy)))
      .where(eq(attendanceChanges.rollId, rollId))
      .orderBy(desc(attendanceChanges.rollVersion), desc(attendanceChanges.changedAt), asc(student.userNo)),

  countHistory: (tx: Tx, filters: HistoryFilters) =>
    tx
      .select({ n: count() })
      .from(attendanceEntries)
      .innerJoin(attendanceRolls, joinRoll)
      .where(historyWhere(filters))
      .then((rows) => rows[0]?.n ?? 0),

  /** History rows, newest day first, then class and student number. */
  pageHistory: (tx: Tx, filters: HistoryFilters, offset: number, limit: number) =>
    tx
      .select({
        date: attendanceRolls.date,
        classId: attendanceRolls.classId,
        className: orgUnits.name,
        classNameEn: orgUnits.nameEn,
        studentId: attendanceEntries.studentId,
        studentName: student.name,
        studentNo: student.userNo,
        status: attendanceEntries.status,
        remark: attendanceEntries.remark,
        takenByName: sql<string>`coalesce(${taker.name}, '')`,
        takenAt: attendanceRolls.takenAt,
      })
      .from(attendanceEntries)
      .innerJoin(attendanceRolls, joinRoll)
      .innerJoin(orgUnits, joinRollClass)
      .innerJoin(student, joinEntryStudent)
      .leftJoin(taker, joinTaker)
      .where(historyWhere(filters))
      .orderBy(desc(attendanceRolls.date), asc(orgUnits.gradeLevel), asc(orgUnits.sort), asc(student.userNo))
      .offset(offset)
      .limit(limit),

  /** Days with a roll of the class in [from, to]. */
  countRolls: (tx: Tx, classId: string, from: string, to: string) =>
    tx
      .select({ n: count() })
      .from(attendanceRolls)
      .where(and(eq(attendanceRolls.classId, classId), gte(attendanceRolls.date, from), lte(attendanceRolls.date, to)))
      .then((rows) => rows[0]?.n ?? 0),

  /** Per student and status: how many days of the class's rolls in [from, to]. */
  statusCounts: (tx: Tx, classId: string, from: string, to: string) =>
    tx
      .select({ studentId: attendanceEntries.studentId, status: attendanceEntries.status, n: count() })
      .from(attendanceEntries)
      .innerJoin(attendanceRolls, joinRoll)
      .where(and(eq(attendanceRolls.classId, classId), gte(attendanceRolls.date, from), lte(attendanceRolls.date, to)))
      .groupBy(attendanceEntries.studentId, attendanceEntries.status),
};
