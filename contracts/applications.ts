import { z } from 'zod';
import {
  APPLICATION_KINDS,
  type ApplicationKind,
  type ApplicationState,
  AUDIT_DECISIONS,
  AUDIT_STEP_KINDS,
  type AuditStep,
  BATCH_AUDIT_MAX,
  type CancelState,
  type EventAction,
  MAX_ATTACHMENTS,
  MAX_AUDIT_STEPS,
  OPINION_MAX,
  REASON_MAX,
} from './application-rules';
import { calendarDate, calendarDateOrBlank, calendarMonth, dateTime } from './dates';
import { tableARequest } from './envelope';
import { jsonObjectInput } from './input';

/**
 * Applications and audits (issue 8): student leave, travel, day-student, enrolment and score proofs;
 * staff leave, outing, overtime, shift and make-up. SPEC §1, §4 (leave: not cancelled / cancelled,
 * cancellation inside the leave; records past the deadline view-only; make-up states; batch audit only
 * for the same audit state), §5 (leave certificates 4 pictures; cannot audit yourself; selected time
 * ranges must not contain non-selectable periods), §8 messages. Paths are not in the SPEC: POST + JSON
 * in its style, lists are generic table A. Writes carry the version they were read at (40900 with the
 * current record when someone else got there first). Save and audit are idempotent
 * (Idempotency-Key), so the outbox may send them (the audit works offline).
 */

export * from './application-rules';

export { APPLICATION_URLS } from './application-urls';

const id = z.uuid();
const text = (max: number) => z.string().trim().max(max);
const kind = z.enum(APPLICATION_KINDS);

/* ------------------------------------------------------------------ reads */

/**
 * Whose applications a list shows. mine: filed by me or for me (a parent: for their children);
 * todo: waiting for my audit now; done: ones I audited; all: every one I may see as an auditor or
 * manager (head teacher: the class's; department head: the department's; an audit permission holder
 * of a role step: all of the kind).
 */
export const LIST_SCOPES = ['mine', 'todo', 'done', 'all'] as const;
export type ListScope = (typeof LIST_SCOPES)[number];

/** `POST /api/applications/list` (table A): search JSON of these; kinds default to the family's. */
export const applicationSearch = z.object({
  scope: z.enum(LIST_SCOPES).default('mine'),
  kinds: z.array(kind).max(APPLICATION_KINDS.length).optional(),
  /** a state, or an audit state (auditStateOf) */
  state: text(64).optional(),
  /** name or number of the applicant, contains */
  keyword: text(50).optional(),
  /** ranges overlapping [from, to] (dates YYYY-MM-DD) */
  from: calendarDateOrBlank.optional(),
  to: calendarDateOrBlank.optional(),
  /** a class or department */
  orgUnitId: z.union([id, z.literal('')]).optional(),
});
export type ApplicationSearch = z.infer<typeof applicationSearch>;
export const applicationListRequest = tableARequest.extend({ search: jsonObjectInput(applicationSearch) });
export type ApplicationListRequest = z.infer<typeof applicationListRequest>;

export interface ApplicationRow {
  id: string;
  kind: ApplicationKind;
  applicantId: string;
  applicantName: string;
  /** student or job number */
  applicantNo: string;
  submittedById: string;
  submittedByName: string;
  orgUnitName: string;
  leaveType: string;
  leaveTypeName: string;
  startsAt: string | null;
  endsAt: string | null;
  days: number;
  reason: string;
  state: ApplicationState;
  /** auditStateOf: what batch audit compares */
  auditState: string;
  step: number;
  steps: AuditStep[];
  cancelState: CancelState;
  cancelledAt: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  /** past its deadline: view-only (SPEC §4) */
  expired: boolean;
  version: number;
}

export interface ApplicationEvent {
  id: string;
  action: EventAction;
  step: number | null;
  actorId: string;
  actorName: string;
  opinion: string;
  at: string;
}

/** `POST /api/applications/get` */
export const applicationGetRequest = z.object({ id });
export interface ApplicationDetail extends ApplicationRow {
  details: Record<string, unknown>;
  attachments: { resId: string; resName: string }[];
  events: ApplicationEvent[];
  deadlineAt: string | null;
  /** what the caller may do now */
  can: { audit: boolean; withdraw: boolean; cancel: boolean; edit: boolean; proof: boolean };
  /** why an action is not offered, as a message in the caller's language ('' when nothing to say) */
  note: string;
}

/** `POST /api/applications/options`: choices of the application forms of a family. */
export const applicationOptionsRequest = z.object({ family: z.enum(['student', 'staff']) });
export interface ApplicationOptions {
  /** students the caller may apply for: themselves (a student) or their children (a parent) */
  students: { id: string; name: string; className: string }[];
  /** leave types per kind (dictionary entries) */
  leaveTypes: Partial<Record<ApplicationKind, { code: string; name: string }[]>>;
  /** staff: classes the caller teaches (make-up) and the subjects they teach there */
  classes: { id: string; name: string; subjects: { code: string; name: string }[] }[];
  /** staff: colleagues for a shift swap */
  colleagues: { id: string; name: string; departmentName: string }[];
  /** score proof: the published exam batches of each student */
  batches: { studentId: string; id: string; name: string }[];
  /** non-selectable periods from today on */
  blockedPeriods: BlockedPeriodRow[];
}

/* ------------------------------------------------------------------ writes */

/** Kind-specific fields (`details`). */
export const applicationDetailsByKind = {
  student_leave: z.object({}),
  travel: z.object({ destination: text(100).min(1), transport: text(30).default(''), companion: text(30).default('') }),
  day_student: z.object({ address: text(100).min(1), guardian: text(30).min(1), guardianPhone: z.string().trim().regex(/^1\d{10}$/) }),
  enrolment_proof: z.object({ purpose: text(100).min(1), copies: z.number().int().min(1).max(5).default(1) }),
  score_proof: z.object({ purpose: text(100).min(1), batchIds: z.array(id).min(1).max(10), copies: z.number().int().min(1).max(5).default(1) }),
  /** what a status change is lives in its own row (server/modules/status-changes) */
  status_change: z.object({}),
  staff_leave: z.object({}),
  staff_outing: z.object({ destination: text(100).min(1) }),
  staff_overtime: z.object({}),
  /** my duty [startsAt, endsAt] swapped with the colleague's [swapStartsAt, swapEndsAt] */
  staff_shift: z.object({ counterpartId: id, swapStartsAt: dateTime, swapEndsAt: dateTime }),
  /** the make-up lesson is [startsAt, endsAt]; the missed lesson's date */
  staff_makeup: z.object({ classId: id, subject: text(16).min(1), missedDate: calendarDate }),
} satisfies Record<ApplicationKind, z.ZodType>;

/**
 * `POST /api/applications/save` (idempotent): create (a new id made by the client) or change a draft;
 * `submit` sends it to its first auditor. A submitted application is not edited; withdraw it first.
 */
export const applicationSaveRequest = z
  .object({
    id,
    /** required when changing a draft */
    version: z.number().int().min(1).optional(),
    kind,
    /** the student (a parent: one of their children) or, for staff kinds, the caller (may be omitted) */
    applicantId: id.optional(),
    leaveType: text(16).default(''),
    startsAt: dateTime.nullable().default(null),
    endsAt: dateTime.nullable().default(null),
    reason: text(REASON_MAX).min(1),
    details: z.record(z.string(), z.unknown()).default({}),
    attachments: z.array(z.uuid()).max(MAX_ATTACHMENTS).default([]),
    submit: z.boolean().default(true),
  });
export type ApplicationSaveRequest = z.input<typeof applicationSaveRequest>;

/** `POST /api/applications/withdraw` */
export const applicationWithdrawRequest = z.object({ id, version: z.number().int().min(1) });

/**
 * `POST /api/applications/audit` (idempotent; outbox kind 'applications.audit'): pass or reject the
 * step the application is at. `version` is the one the auditor saw: another's audit meanwhile →
 * 40900 with the current ApplicationDetail (the conflict inbox shows it).
 */
export const applicationAuditRequest = z.object({
  id,
  version: z.number().int().min(1),
  decision: z.enum(AUDIT_DECISIONS),
  opinion: text(OPINION_MAX).default(''),
});
export type ApplicationAuditRequest = z.input<typeof applicationAuditRequest>;

/** `POST /api/applications/batch-audit`: all in the same audit state, else 42200 notSameAuditState. */
export const applicationBatchAuditRequest = z.object({
  ids: z.array(id).min(1).max(BATCH_AUDIT_MAX),
  decision: z.enum(AUDIT_DECISIONS),
  opinion: text(OPINION_MAX).default(''),
  /** the audit state the user selected (auditStateOf); when given, a row in another state now → 40900 with the current ApplicationRow[] */
  auditState: z.string().max(64).optional(),
});
export interface BatchAuditResult {
  count: number;
}

/** `POST /api/applications/cancel` (销假): the return time, inside the original leave. */
export const applicationCancelRequest = z.object({ id, version: z.number().int().min(1), cancelledAt: dateTime, reason: text(REASON_MAX).default('') });

/** `POST /api/applications/todo-count`: waiting for the caller's audit, by kind (dashboard card). */
export interface TodoCount {
  total: number;
  byKind: Partial<Record<ApplicationKind, number>>;
}

/* ------------------------------------------------------------------ settings */

export const auditStepSchema = z
  .object({ kind: z.enum(AUDIT_STEP_KINDS), roleCode: z.string().trim().min(1).max(64).optional() })
  .refine((step) => (step.kind === 'role') === (step.roleCode !== undefined), { path: ['roleCode'] });

export interface AuditFlowRow {
  id: string;
  kind: ApplicationKind;
  leaveType: string;
  minDays: number;
  steps: AuditStep[];
  deadlineDays: number;
  version: number;
}
/** `POST /api/applications/flows/save`: id absent = new. */
export const auditFlowSaveRequest = z.object({
  id: id.optional(),
  version: z.number().int().min(1).optional(),
  kind,
  leaveType: text(16).default(''),
  minDays: z.number().int().min(0).max(365),
  steps: z.array(auditStepSchema).min(1).max(MAX_AUDIT_STEPS),
  deadlineDays: z.number().int().min(0).max(365),
});
export const idVersionRequest = z.object({ id, version: z.number().int().min(1) });

export interface BlockedPeriodRow {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  kinds: ApplicationKind[];
  version: number;
}
export const blockedPeriodSaveRequest = z.object({
  id: id.optional(),
  version: z.number().int().min(1).optional(),
  name: text(30).min(1),
  startsAt: dateTime,
  endsAt: dateTime,
  kinds: z.array(kind).min(1).max(APPLICATION_KINDS.length),
});

export interface SealSetting {
  /** '' when the school uses the drawn seal */
  resId: string;
  resName: string;
}
export const sealSaveRequest = z.object({ resId: z.string().trim().max(64) });

/* ------------------------------------------------------------------ staff monthly summary */

/** `POST /api/applications/staff-summary`: approved staff applications of a month, per person and department. */
export const staffSummaryRequest = z.object({
  month: calendarMonth,
  departmentId: z.union([id, z.literal('')]).default(''),
});
export interface StaffSummaryFigures {
  leaveCount: number;
  /** calendar days inside the month */
  leaveDays: number;
  outingCount: number;
  outingHours: number;
  overtimeHours: number;
  shiftCount: number;
  makeupCount: number;
}
export interface StaffSummaryRow extends StaffSummaryFigures {
  userId: string;
  name: string;
  jobNo: string;
  departmentId: string;
  departmentName: string;
}
export interface StaffSummary {
  month: string;
  people: StaffSummaryRow[];
  departments: ({ departmentId: string; departmentName: string; people: number } & StaffSummaryFigures)[];
}
