import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { semesters } from '../school/school.table';
import { users } from '../users/users.table';

/**
 * An exam batch (考试批次, SPEC §3 "exam batch"): a sitting of some subjects by some grades within a
 * semester. Grades are grade org units (the cohort, which keeps its id across upgrades); subjects are
 * codes of the STD_KM dictionary. Publishing makes the batch's scores visible to students and parents.
 */
export const examBatches = pgTable(
  'exam_batches',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    semesterId: uuid('semester_id').notNull(),
    name: text('name').notNull(),
    /** grade org unit ids */
    gradeIds: uuid('grade_ids').array().notNull(),
    /** STD_KM codes */
    subjects: text('subjects').array().notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** SPEC §5: a multiple of 10 for regular sessions */
    sort: integer('sort').notNull().default(0),
    /** true: a regular session (月考, 期中, 期末), whose sort must be a multiple of 10 */
    regular: boolean('regular').notNull().default(true),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamptz('published_at'),
    publishedBy: uuid('published_by'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('exam_batches_tenant_semester_name_key').on(t.tenantId, t.semesterId, t.name),
    foreignKey({ name: 'exam_batches_semester_fk', columns: [t.tenantId, t.semesterId], foreignColumns: [semesters.tenantId, semesters.id] }),
    foreignKey({ name: 'exam_batches_published_by_fk', columns: [t.tenantId, t.publishedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/**
 * A score system (成绩体系, SPEC §3): for one batch, the grades and subjects it governs, the full
 * mark (the scale a score is entered against, 0-200), the excellent and pass lines (scores, the
 * excellent line not below the pass line), the conversion ratio, and its grade bands.
 */
export const scoreSystems = pgTable(
  'score_systems',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    batchId: uuid('batch_id').notNull(),
    name: text('name').notNull(),
    /** grade org unit ids among the batch's; [] = every grade of the batch */
    gradeIds: uuid('grade_ids').array().notNull(),
    /** STD_KM codes among the batch's; [] = every subject of the batch */
    subjects: text('subjects').array().notNull(),
    /** the scale: scores are entered between 0 and this (integer 0-200) */
    fullMark: integer('full_mark').notNull(),
    excellentLine: numeric('excellent_line', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    passLine: numeric('pass_line', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** conversion ratio of this batch's scores into term totals, 0-1 */
    ratio: numeric('ratio', { precision: 4, scale: 3, mode: 'number' }).notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('score_systems_tenant_batch_name_key').on(t.tenantId, t.batchId, t.name),
    foreignKey({ name: 'score_systems_batch_fk', columns: [t.tenantId, t.batchId], foreignColumns: [examBatches.tenantId, examBatches.id] }),
  ],
);

/** A grade band of a score system (优秀 85-100 → 95): name unique in its system, min ≤ conversion ≤ max, integers 0-200. */
export const scoreBands = pgTable(
  'score_bands',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    systemId: uuid('system_id').notNull(),
    name: text('name').notNull(),
    /** '' when the band has no English name (the client shows the Chinese one) */
    nameEn: text('name_en').notNull().default(''),
    conversionScore: integer('conversion_score').notNull(),
    minScore: integer('min_score').notNull(),
    maxScore: integer('max_score').notNull(),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('score_bands_tenant_system_name_key').on(t.tenantId, t.systemId, t.name),
    index('score_bands_tenant_system_idx').on(t.tenantId, t.systemId),
    check('score_bands_name_en_check', sql`char_length(${t.nameEn}) <= 20`),
    foreignKey({ name: 'score_bands_system_fk', columns: [t.tenantId, t.systemId], foreignColumns: [scoreSystems.tenantId, scoreSystems.id] }),
  ],
);
