import { boolean, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { examBatches } from '../exams/exams.table';
import { orgUnits } from '../school/school.table';
import { users } from '../users/users.table';

export const SCORE_MARKS = ['', 'absent', 'exempt'] as const;

/**
 * One class's sheet of one subject in one batch: whether the teacher has submitted it (after which
 * only corrections, while the batch is unpublished, change it).
 */
export const scoreSheets = pgTable(
  'score_sheets',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    batchId: uuid('batch_id').notNull(),
    classId: uuid('class_id').notNull(),
    /** STD_KM code */
    subject: text('subject').notNull(),
    submitted: boolean('submitted').notNull().default(false),
    submittedAt: timestamptz('submitted_at'),
    submittedBy: uuid('submitted_by'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('score_sheets_tenant_batch_class_subject_key').on(t.tenantId, t.batchId, t.classId, t.subject),
    foreignKey({ name: 'score_sheets_batch_fk', columns: [t.tenantId, t.batchId], foreignColumns: [examBatches.tenantId, examBatches.id] }),
    foreignKey({ name: 'score_sheets_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    foreignKey({ name: 'score_sheets_submitted_by_fk', columns: [t.tenantId, t.submittedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/**
 * One student's score on a sheet: a score (0 to the scale, two decimals) or a mark (absent, exempt).
 * `version` (audit columns) is what a save must carry: a save from an older version is a conflict.
 */
export const scores = pgTable(
  'scores',
  {
    tenantId: tenantIdColumn(),
    sheetId: uuid('sheet_id').notNull(),
    studentId: uuid('student_id').notNull(),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }),
    mark: text('mark', { enum: SCORE_MARKS }).notNull().default(''),
    enteredBy: uuid('entered_by').notNull(),
    enteredAt: timestamptz('entered_at').notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.sheetId, t.studentId] }),
    // a student's (or parent's) own scores across batches
    index('scores_tenant_student_idx').on(t.tenantId, t.studentId),
    foreignKey({ name: 'scores_sheet_fk', columns: [t.tenantId, t.sheetId], foreignColumns: [scoreSheets.tenantId, scoreSheets.id] }).onDelete('cascade'),
    foreignKey({ name: 'scores_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'scores_entered_by_fk', columns: [t.tenantId, t.enteredBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** The audit trail: every change of a score (old values null on the first entry). */
export const scoreChanges = pgTable(
  'score_changes',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    sheetId: uuid('sheet_id').notNull(),
    studentId: uuid('student_id').notNull(),
    oldScore: numeric('old_score', { precision: 5, scale: 2, mode: 'number' }),
    oldMark: text('old_mark'),
    newScore: numeric('new_score', { precision: 5, scale: 2, mode: 'number' }),
    newMark: text('new_mark').notNull(),
    /** true when made after the sheet was submitted (a correction) */
    correction: boolean('correction').notNull().default(false),
    changedBy: uuid('changed_by').notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
    /** the score's version this change produced */
    scoreVersion: integer('score_version').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('score_changes_tenant_sheet_idx').on(t.tenantId, t.sheetId, t.studentId),
    foreignKey({ name: 'score_changes_sheet_fk', columns: [t.tenantId, t.sheetId], foreignColumns: [scoreSheets.tenantId, scoreSheets.id] }).onDelete('cascade'),
    foreignKey({ name: 'score_changes_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'score_changes_changed_by_fk', columns: [t.tenantId, t.changedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
