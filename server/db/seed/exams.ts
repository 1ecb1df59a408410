import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { examBatches, scoreBands, scoreSystems } from '../../modules/exams/exams.table';
import { orgUnits, semesters } from '../../modules/school/school.table';
import { users } from '../../modules/users/users.table';
import type { Tx } from '../client';

/** Names of the seeded batches (current semester), for the score seed and the tests. */
export const SEED_EXAM_BATCHES = {
  /** published, early October (first semester), sort 10 */
  firstMonthly: '第一次月考',
  /** unpublished, early November (first semester), sort 20 */
  midterm: '期中考试',
} as const;
/** grade levels of the seeded batches (七年级, 八年级) and their subjects (语文, 数学, 英语) */
export const SEED_EXAM_GRADE_LEVELS = [7, 8] as const;
export const SEED_EXAM_SUBJECTS = ['01', '02', '03'] as const;
/** the seeded score system of each batch */
export const SEED_SCORE_SYSTEM = {
  name: '百二十分制',
  fullMark: 120,
  excellentLine: 102,
  passLine: 72,
  bands: [
    { name: '优秀', nameEn: 'Excellent', minScore: 102, maxScore: 120, conversionScore: 110 },
    { name: '良好', nameEn: 'Good', minScore: 90, maxScore: 101, conversionScore: 95 },
    { name: '及格', nameEn: 'Pass', minScore: 72, maxScore: 89, conversionScore: 80 },
    { name: '不及格', nameEn: 'Fail', minScore: 0, maxScore: 71, conversionScore: 60 },
  ],
} as const;

export interface SeededExams {
  semesterId: string;
  gradeIds: string[];
  /** batch id by key of SEED_EXAM_BATCHES */
  batchIds: Record<keyof typeof SEED_EXAM_BATCHES, string>;
  /** score system id by batch key */
  systemIds: Record<keyof typeof SEED_EXAM_BATCHES, string>;
}

/**
 * Two regular batches of the current semester for the K12 demo school (the profile with a demo
 * class): 第一次月考 (published by admin) and 期中考试 (unpublished), grades 七年级 and 八年级,
 * subjects 01 02 03, each with one 120-point score system and four bands. No scores (the score seed
 * adds them). Returns the ids; `seededExams` finds them again later.
 */
export async function seedExams(tx: Tx, tenantId: string): Promise<SeededExams | null> {
  const [semester] = await tx.select().from(semesters).where(eq(semesters.isCurrent, true)).limit(1);
  const grades = await tx
    .select({ id: orgUnits.id, level: orgUnits.gradeLevel })
    .from(orgUnits)
    .where(and(eq(orgUnits.kind, 'grade'), inArray(orgUnits.gradeLevel, [...SEED_EXAM_GRADE_LEVELS]), eq(orgUnits.graduated, false)));
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!semester || grades.length === 0 || !admin) return null;
  const gradeIds = [...grades].sort((a, b) => (a.level ?? 0) - (b.level ?? 0)).map((grade) => grade.id);
  // first semester (starts in autumn): October and November; second: March and April of the next year
  const autumn = Number(semester.startDate.slice(5, 7)) >= 8;
  const year = autumn ? semester.year : semester.year + 1;
  const [m1, m2] = autumn ? ['10', '11'] : ['03', '04'];
  const batches = {
    firstMonthly: { name: SEED_EXAM_BATCHES.firstMonthly, startDate: `${year}-${m1}-08`, endDate: `${year}-${m1}-09`, sort: 10, published: true },
    midterm: { name: SEED_EXAM_BATCHES.midterm, startDate: `${year}-${m2}-04`, endDate: `${year}-${m2}-06`, sort: 20, published: false },
  };
  const batchIds = {} as SeededExams['batchIds'];
  const systemIds = {} as SeededExams['systemIds'];
  for (const key of Object.keys(batches) as (keyof typeof batches)[]) {
    const batch = batches[key];
    const batchId = uuidv7();
    batchIds[key] = batchId;
    await tx.insert(examBatches).values({
      tenantId,
      id: batchId,
      semesterId: semester.id,
      name: batch.name,
      gradeIds,
      subjects: [...SEED_EXAM_SUBJECTS],
      startDate: batch.startDate,
      endDate: batch.endDate,
      sort: batch.sort,
      regular: true,
      published: batch.published,
      publishedAt: batch.published ? new Date(`${batch.endDate}T18:00:00+08:00`) : null,
      publishedBy: batch.published ? admin.id : null,
      createdBy: admin.id,
      updatedBy: admin.id,
    });
    const systemId = uuidv7();
    systemIds[key] = systemId;
    await tx.insert(scoreSystems).values({
      tenantId,
      id: systemId,
      batchId,
      name: SEED_SCORE_SYSTEM.name,
      gradeIds: [],
      subjects: [...SEED_EXAM_SUBJECTS],
      fullMark: SEED_SCORE_SYSTEM.fullMark,
      excellentLine: SEED_SCORE_SYSTEM.excellentLine,
      passLine: SEED_SCORE_SYSTEM.passLine,
      ratio: 1,
      createdBy: admin.id,
      updatedBy: admin.id,
    });
    await tx.insert(scoreBands).values(
      SEED_SCORE_SYSTEM.bands.map((band, index) => ({
        tenantId,
        id: uuidv7(),
        systemId,
        ...band,
        sort: (index + 1) * 10,
        createdBy: admin.id,
        updatedBy: admin.id,
      })),
    );
  }
  return { semesterId: semester.id, gradeIds, batchIds, systemIds };
}

/** The seeded batches of the current semester by key (for the score seed), or null when absent. */
export async function seededExams(tx: Tx): Promise<Record<keyof typeof SEED_EXAM_BATCHES, string> | null> {
  const rows = await tx
    .select({ id: examBatches.id, name: examBatches.name })
    .from(examBatches)
    .innerJoin(semesters, and(eq(semesters.tenantId, examBatches.tenantId), eq(semesters.id, examBatches.semesterId)))
    .where(and(eq(semesters.isCurrent, true), inArray(examBatches.name, Object.values(SEED_EXAM_BATCHES))));
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  const firstMonthly = byName.get(SEED_EXAM_BATCHES.firstMonthly);
  const midterm = byName.get(SEED_EXAM_BATCHES.midterm);
  return firstMonthly && midterm ? { firstMonthly, midterm } : null;
}
