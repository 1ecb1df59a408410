// Applications and their audits (issue 8): kinds, states, audit steps and the rules both sides apply.
// Zod-free on purpose: screens imported by route files may import this without pulling zod into the
// entry chunk (contracts/applications.ts holds the request schemas).

import { type ApplicationFamily, type ApplicationKind, STAFF_APPLICATION_KINDS } from './application-constants';
import { SCHOOL_OFFSET_MS } from './school-time';

export * from './application-constants';

export const familyOf = (kind: ApplicationKind): ApplicationFamily =>
  (STAFF_APPLICATION_KINDS as readonly string[]).includes(kind) ? 'staff' : 'student';

/** Kinds without a time range: the proofs. */
export const PROOF_KINDS: readonly ApplicationKind[] = ['enrolment_proof', 'score_proof'];
export const hasTimeRange = (kind: ApplicationKind) => !PROOF_KINDS.includes(kind);
/** Kinds with a leave type from a dictionary, and the dictionary. */
export const LEAVE_TYPE_DICTS: Partial<Record<ApplicationKind, string>> = {
  student_leave: 'STD_XSQJLX',
  staff_leave: 'STD_JSQJLX',
};
/** Kinds whose approved applications can be cancelled (销假: the person is back early). */
export const CANCELLABLE_KINDS: readonly ApplicationKind[] = ['student_leave', 'staff_leave', 'staff_outing'];
/**
 * Why 销假 (the person is back early) is refused, or null when it may be done: only an approved, not yet
 * cancelled leave of a cancellable kind, and only once it has started (before its start there is nothing
 * to come back from; the applicant can ask for a new leave instead). Instants compare the same in any
 * time zone. The screen offers the button on the same rule; the server refuses on it.
 */
export function cancelRefusal(
  application: { kind: ApplicationKind; state: ApplicationState; cancelState: CancelState; startsAt: Date | string | null },
  now: Date,
): 'notCancellable' | 'notStarted' | null {
  if (application.state !== 'approved' || application.cancelState !== 'not_cancelled' || !CANCELLABLE_KINDS.includes(application.kind)) return 'notCancellable';
  if (application.startsAt === null || new Date(application.startsAt).getTime() > now.getTime()) return 'notStarted';
  return null;
}
/** SPEC §5: leave certificates 4 pictures (JPG up to 2 MB). */
export const MAX_ATTACHMENTS = 4;
export const REASON_MAX = 300;
export const OPINION_MAX = 300;
/** at most this many applications in one batch audit */
export const BATCH_AUDIT_MAX = 200;

/** Route paths of the screens (contracts/menus.ts). */
export const KIND_PATHS: Record<ApplicationKind, string> = {
  student_leave: '/xssw/qjgl',
  travel: '/xssw/cxsq',
  day_student: '/xssw/zdsq',
  enrolment_proof: '/xssw/zdzm',
  score_proof: '/xssw/cjzm',
  status_change: '/xjgl/xjyd',
  staff_leave: '/jzg/jskq',
  staff_outing: '/jzg/jskq',
  staff_overtime: '/jzg/jskq',
  staff_shift: '/jzg/jskq',
  staff_makeup: '/jzg/jskq',
};
export const STAFF_AUDIT_PATH = '/jzg/kqsp';

/**
 * draft: saved, not submitted (SPEC §4 make-up 'not submitted'); pending: at `step` of its chain;
 * approved / rejected: decided; withdrawn: taken back by the applicant before a decision.
 */
export const APPLICATION_STATES = ['draft', 'pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
/** SPEC §4 leave: not cancelled, cancelled */
export const CANCEL_STATES = ['not_cancelled', 'cancelled'] as const;
export type CancelState = (typeof CANCEL_STATES)[number];
export const EVENT_ACTIONS = ['submit', 'pass', 'reject', 'withdraw', 'cancel'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];
export const AUDIT_DECISIONS = ['pass', 'reject'] as const;
export type AuditDecision = (typeof AUDIT_DECISIONS)[number];

/**
 * Who audits a step. head_teacher: of the student's class (make-up: of the class taught);
 * grade_leader: of that class's grade; department_head: of the staff member's department;
 * role: any member of the role `roleCode` (e.g. teaching_office 教务处).
 */
export const AUDIT_STEP_KINDS = ['head_teacher', 'grade_leader', 'department_head', 'role'] as const;
export type AuditStepKind = (typeof AUDIT_STEP_KINDS)[number];
export interface AuditStep {
  kind: AuditStepKind;
  /** kind 'role' only */
  roleCode?: string;
}
export const MAX_AUDIT_STEPS = 5;
/** the role code of 教务处, the make-up chain's second step (SPEC §4) */
export const TEACHING_OFFICE_ROLE = 'teaching_office';

/** Chains used when a school has configured none for a kind. */
export const DEFAULT_FLOWS: Record<ApplicationKind, AuditStep[]> = {
  student_leave: [{ kind: 'head_teacher' }],
  travel: [{ kind: 'head_teacher' }],
  day_student: [{ kind: 'head_teacher' }, { kind: 'grade_leader' }],
  enrolment_proof: [{ kind: 'head_teacher' }, { kind: 'role', roleCode: TEACHING_OFFICE_ROLE }],
  score_proof: [{ kind: 'head_teacher' }, { kind: 'role', roleCode: TEACHING_OFFICE_ROLE }],
  status_change: [{ kind: 'role', roleCode: TEACHING_OFFICE_ROLE }],
  staff_leave: [{ kind: 'department_head' }],
  staff_outing: [{ kind: 'department_head' }],
  staff_overtime: [{ kind: 'department_head' }],
  staff_shift: [{ kind: 'department_head' }],
  staff_makeup: [{ kind: 'head_teacher' }, { kind: 'role', roleCode: TEACHING_OFFICE_ROLE }],
};
export const DEFAULT_DEADLINE_DAYS = 7;

/**
 * The audit state batch audits compare (SPEC §4 'batch audit only for same audit state'): the state,
 * and for pending ones the step's auditor kind, e.g. 'pending:head_teacher', 'pending:role:teaching_office'.
 */
export function auditStateOf(application: { state: ApplicationState; steps: readonly AuditStep[]; step: number }): string {
  if (application.state !== 'pending') return application.state;
  const step = application.steps[application.step];
  if (!step) return 'pending';
  return step.kind === 'role' ? `pending:role:${step.roleCode ?? ''}` : `pending:${step.kind}`;
}

/** The time zone of the school day (contracts/school-time.ts, the same as attendance's). */
export { SCHOOL_TIME_ZONE_OFFSET } from './school-time';

const DAY_MS = 86_400_000;
/** Noon of the school day: a leave part before it is the morning, after it the afternoon. */
const NOON_MS = 12 * 60 * 60 * 1000;

/**
 * A leave's length in days, in halves (the one rule of the form, the list, the detail, the audit-flow
 * thresholds and the staff summary). The school defines no class hours, so each school day (+08:00)
 * the range touches counts 1, or 0.5 when the range covers only its morning (ends at or before 12:00)
 * or only its afternoon (starts at or after 12:00): 13:00–17:00 is 0.5, 08:00–12:00 is 0.5,
 * 08:00–17:00 is 1, Monday 13:00 – Tuesday 12:00 is 1. An end at midnight ends the day before.
 */
export function leaveDays(startsAt: Date, endsAt: Date): number {
  const start = startsAt.getTime() + SCHOOL_OFFSET_MS;
  // an end at exactly 00:00 closes the previous day (at its 24:00), it does not touch the next one
  const end = endsAt.getTime() + SCHOOL_OFFSET_MS;
  if (!(end > start)) return 0;
  const firstDay = Math.floor(start / DAY_MS);
  const lastDay = Math.ceil(end / DAY_MS) - 1;
  const startInDay = start - firstDay * DAY_MS;
  const endInDay = end - lastDay * DAY_MS;
  if (firstDay === lastDay) return startInDay >= NOON_MS || endInDay <= NOON_MS ? 0.5 : 1;
  const first = startInDay >= NOON_MS ? 0.5 : 1;
  const last = endInDay <= NOON_MS ? 0.5 : 1;
  return first + (lastDay - firstDay - 1) + last;
}

/**
 * The zh and en texts of the rules live in server/i18n/messages.ts (keys `applications…`); the server
 * answers in the caller's language and the screens show its words (forms check the same rules as
 * typed, with their own copy of the texts).
 */
