import { and, asc, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { examBatches, scoreSystems } from '../../modules/exams/exams.table';
import { orgUnits, semesters } from '../../modules/school/school.table';
import { scoreChanges, scoreSheets, scores } from '../../modules/scores/scores.table';
import { staffDuties, users } from '../../modules/users/users.table';
import type { Tx } from '../client';
import { insertInChunks } from './insert';
import { createRandom } from './random';

/** The demo batches this seed fills (server/db/seed/exams.ts makes them) and what it fills. */
export const SEED_SCORES = {
  /** published: every student of both classes, subjects 01 02 03, sheets submitted */
  published: { batch: '第一次月考', classes: ['七年级(1)班', '七年级(2)班'], subjects: ['01', '02', '03'] },
  /** unpublished: 七年级(1)班 语文 only (a student sees 月考 but not 期中); 数学 stays empty for the demo teacher */
  unpublished: { batch: '期中考试', classes: ['七年级(1)班'], subjects: ['01'] },
} as const;

type ScoreInsert = typeof scores.$inferInsert;

/**
 * Scores of the demo school (deterministic: the same seed gives the same scores): the seeded batches
 * of the current semester are looked up by name; nothing happens when they are missing. Each score
 * is entered by the class's subject teacher the day after the exam and has its audit row.
 */
export async function seedScores(tx: Tx, tenantId: string): Promise<{ scores: number }> {
  const random = createRandom(20261121);
  let written = 0;
  for (const plan of [SEED_SCORES.published, SEED_SCORES.unpublished]) {
    const [batch] = await tx
      .select({ id: examBatches.id, endDate: examBatches.endDate, gradeIds: examBatches.gradeIds })
      .from(examBatches)
      .innerJoin(semesters, and(eq(semesters.tenantId, examBatches.tenantId), eq(semesters.id, examBatches.semesterId)))
      .where(and(eq(semesters.isCurrent, true), eq(examBatches.name, plan.batch)));
    if (!batch) continue;
    const systems = await tx.select().from(scoreSystems).where(eq(scoreSystems.batchId, batch.id));
    const classes = await tx
      .select({ id: orgUnits.id, name: orgUnits.name, gradeId: orgUnits.parentId })
      .from(orgUnits)
      .where(and(eq(orgUnits.kind, 'class'), inArray(orgUnits.name, [...plan.classes])))
      .orderBy(asc(orgUnits.code));
    const enteredAt = new Date(`${batch.endDate}T16:30:00+08:00`);
    const sheetRows: (typeof scoreSheets.$inferInsert)[] = [];
    const scoreRows: ScoreInsert[] = [];
    const changeRows: (typeof scoreChanges.$inferInsert)[] = [];
    for (const klass of classes) {
      const roster = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgUnitId, klass.id), eq(users.userType, '2'), eq(users.enabled, true)))
        .orderBy(asc(users.userNo));
      const teachers = await tx
        .select({ userId: staffDuties.userId, subject: staffDuties.subject })
        .from(staffDuties)
        .where(and(eq(staffDuties.orgUnitId, klass.id), eq(staffDuties.duty, 'subject_teacher')));
      for (const subject of plan.subjects) {
        const system = systems.find(
          (s) => (s.gradeIds.length === 0 || (klass.gradeId !== null && s.gradeIds.includes(klass.gradeId))) && (s.subjects.length === 0 || s.subjects.includes(subject)),
        );
        const teacherId = teachers.find((row) => row.subject === subject)?.userId;
        if (!system || !teacherId || roster.length === 0) continue;
        const sheetId = uuidv7();
        sheetRows.push({
          tenantId,
          id: sheetId,
          batchId: batch.id,
          classId: klass.id,
          subject,
          submitted: true,
          submittedAt: new Date(enteredAt.getTime() + 30 * 60_000),
          submittedBy: teacherId,
          createdAt: enteredAt,
          updatedAt: enteredAt,
          createdBy: teacherId,
          updatedBy: teacherId,
        });
        roster.forEach((student, index) => {
          // one student of each class sat out one subject; the rest spread around 75 % of the full mark
          const absent = subject === plan.subjects[plan.subjects.length - 1] && index === roster.length - 1;
          const spread = (random.next() + random.next() + random.next()) / 3; // 0..1, peaked in the middle
          const raw = system.fullMark * (0.45 + 0.6 * spread);
          const score = absent ? null : Math.min(system.fullMark, Math.round(raw * 2) / 2);
          const mark = absent ? ('absent' as const) : ('' as const);
          scoreRows.push({ tenantId, sheetId, studentId: student.id, score, mark, enteredBy: teacherId, enteredAt, createdAt: enteredAt, updatedAt: enteredAt, createdBy: teacherId, updatedBy: teacherId, version: 1 });
          changeRows.push({
            tenantId,
            id: uuidv7(),
            sheetId,
            studentId: student.id,
            oldScore: null,
            oldMark: null,
            newScore: score,
            newMark: mark,
            correction: false,
            changedBy: teacherId,
            changedAt: enteredAt,
            scoreVersion: 1,
            createdAt: enteredAt,
            updatedAt: enteredAt,
            createdBy: teacherId,
            updatedBy: teacherId,
          });
        });
      }
    }
    await insertInChunks(tx, scoreSheets, sheetRows);
    await insertInChunks(tx, scores, scoreRows);
    await insertInChunks(tx, scoreChanges, changeRows);
    written += scoreRows.length;
  }
  return { scores: written };
}
