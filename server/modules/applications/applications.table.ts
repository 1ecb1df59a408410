import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_KINDS, APPLICATION_STATES, type AuditStep, CANCEL_STATES, EVENT_ACTIONS } from '../../../contracts/application-rules';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { orgUnits, semesters } from '../school/school.table';
import { users } from '../users/users.table';

/**
 * Applications with an audit chain (SPEC §1 'Student affairs' and 'Staff'): student leave, travel,
 * day-student, enrolment and score proofs; staff leave, outing, overtime, shift and make-up. One
 * table and one audit engine for every kind; `details` holds what only one kind has.
 */
export const applications = pgTable(
  'applications',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: APPLICATION_KINDS }).notNull(),
    /** whom it is for: the student, or the staff member */
    applicantId: uuid('applicant_id').notNull(),
    /** who filled it in: the parent, the student, the staff member */
    submittedBy: uuid('submitted_by').notNull(),
    /** the student's class or the staff member's department when it was filed; make-up: the class taught */
    orgUnitId: uuid('org_unit_id'),
    /** leave kinds: a code of the kind's leave-type dictionary; '' otherwise */
    leaveType: text('leave_type').notNull().default(''),
    /** null for the proofs, which have no time range */
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    /** leaveDays (contracts/application-rules.ts) rounded up: answers compute the exact halves from the times */
    days: integer('days').notNull().default(0),
    reason: text('reason').notNull().default(''),
    /** kind-specific fields, validated by the contract (contracts/applications.ts) */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** file ids (certificate pictures) */
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    state: text('state', { enum: APPLICATION_STATES }).notNull().default('draft'),
    /** the audit chain chosen when it was submitted; `step` indexes it while pending */
    steps: jsonb('steps').$type<AuditStep[]>().notNull().default([]),
    step: integer('step').notNull().default(0),
    submittedAt: timestamptz('submitted_at'),
    decidedAt: timestamptz('decided_at'),
    /** after this the record is view-only (SPEC §4 'records past deadline are view-only') */
    deadlineAt: timestamptz('deadline_at'),
    /** leave (SPEC §4): not cancelled, cancelled; cancelledAt is the return time, inside the leave */
    cancelState: text('cancel_state', { enum: CANCEL_STATES }).notNull().default('not_cancelled'),
    cancelledAt: timestamptz('cancelled_at'),
    /** proofs, once approved: the code the verification QR carries */
    verifyCode: text('verify_code'),
    semesterId: uuid('semester_id'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('applications_tenant_applicant_idx').on(t.tenantId, t.applicantId, t.startsAt),
    index('applications_tenant_kind_state_idx').on(t.tenantId, t.kind, t.state, t.createdAt),
    index('applications_tenant_submitted_by_idx').on(t.tenantId, t.submittedBy),
    index('applications_tenant_org_unit_idx').on(t.tenantId, t.orgUnitId, t.createdAt),
    uniqueIndex('applications_tenant_verify_code_key').on(t.tenantId, t.verifyCode),
    foreignKey({ name: 'applications_applicant_fk', columns: [t.tenantId, t.applicantId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'applications_submitted_by_fk', columns: [t.tenantId, t.submittedBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'applications_org_unit_fk', columns: [t.tenantId, t.orgUnitId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    foreignKey({ name: 'applications_semester_fk', columns: [t.tenantId, t.semesterId], foreignColumns: [semesters.tenantId, semesters.id] }),
  ],
);

/** The trail of an application: submitted, passed or rejected at a step, withdrawn, cancelled. */
export const applicationEvents = pgTable(
  'application_events',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    applicationId: uuid('application_id').notNull(),
    action: text('action', { enum: EVENT_ACTIONS }).notNull(),
    /** pass / reject: the step audited (index into the application's steps) */
    step: integer('step'),
    actorId: uuid('actor_id').notNull(),
    opinion: text('opinion').notNull().default(''),
    at: timestamptz('at').notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('application_events_tenant_application_idx').on(t.tenantId, t.applicationId, t.at),
    index('application_events_tenant_actor_idx').on(t.tenantId, t.actorId, t.at),
    foreignKey({ name: 'application_events_application_fk', columns: [t.tenantId, t.applicationId], foreignColumns: [applications.tenantId, applications.id] }).onDelete('cascade'),
    foreignKey({ name: 'application_events_actor_fk', columns: [t.tenantId, t.actorId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/**
 * Audit chains per kind, leave type and length: the row of the kind whose leave type matches (else
 * the one for any type, '') with the largest `minDays` not above the application's days wins.
 */
export const auditFlows = pgTable(
  'audit_flows',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: APPLICATION_KINDS }).notNull(),
    /** '' = any leave type */
    leaveType: text('leave_type').notNull().default(''),
    minDays: integer('min_days').notNull().default(0),
    steps: jsonb('steps').$type<AuditStep[]>().notNull(),
    /** days after the end (proofs: after submission) until the record becomes view-only */
    deadlineDays: integer('deadline_days').notNull().default(7),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('audit_flows_tenant_kind_type_days_key').on(t.tenantId, t.kind, t.leaveType, t.minDays)],
);

/** Periods a time range may not contain (SPEC §5 'selected time ranges must not contain non-selectable periods'). */
export const blockedPeriods = pgTable(
  'blocked_periods',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** the kinds it blocks */
    kinds: text('kinds').array().notNull(),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('blocked_periods_tenant_starts_idx').on(t.tenantId, t.startsAt)],
);
