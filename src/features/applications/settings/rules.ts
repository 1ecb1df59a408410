import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { APPLICATION_KINDS, type ApplicationKind, type AuditStep, type AuditStepKind, familyOf, MAX_AUDIT_STEPS } from '../../../../contracts/application-rules';
import { KIND_LABELS } from '../dashboard/kind-labels';
import { STEP_KIND_LABELS } from './labels';

/** The rules of the settings forms as typed (contracts/applications.ts auditFlowSaveRequest, blockedPeriodSaveRequest). */
export const MIN_DAYS_MAX = 365;
export const DEADLINE_DAYS_MAX = 365;
export const PERIOD_NAME_MAX = 30;

export interface FlowDraft {
  kind: ApplicationKind | '';
  leaveType: string;
  /** as typed */
  minDays: string;
  deadlineDays: string;
  steps: AuditStep[];
}

export type FlowErrors = Partial<Record<'kind' | 'minDays' | 'deadlineDays' | 'steps', string>>;

function dayCount(value: string, max: number, label: string): string | undefined {
  const text = value.trim();
  if (!text) return t`请输入${label}`;
  const number = Number(text);
  if (!Number.isInteger(number) || number < 0 || number > max) return t`${label}应为0-${max}的整数`;
  return undefined;
}

/**
 * The step kinds a kind's chain may hold (the server's rule, applicationsFlowStepInvalid): student
 * kinds are filed under a class (its head teacher, its grade leader); staff kinds under a department
 * (its head), the make-up under the class taught (its head teacher too); a role step anywhere.
 */
export function stepFits(kind: ApplicationKind, step: AuditStepKind): boolean {
  if (step === 'role') return true;
  if (familyOf(kind) === 'student') return step === 'head_teacher' || step === 'grade_leader';
  return step === 'department_head' || (kind === 'staff_makeup' && step === 'head_teacher');
}

/** The step a new step of a kind's chain starts as: the first one that fits. */
export const firstFittingStep = (kind: ApplicationKind | ''): AuditStep => ({ kind: kind && familyOf(kind) === 'student' ? 'head_teacher' : 'department_head' });

/** The first step that does not fit the flow's kind, in the server's words; shown as soon as it is chosen. */
export function stepKindErrors(draft: FlowDraft): FlowErrors {
  const flowKind = draft.kind;
  if (!flowKind || !(APPLICATION_KINDS as readonly string[]).includes(flowKind)) return {};
  const index = draft.steps.findIndex((item) => !stepFits(flowKind, item.kind));
  if (index < 0) return {};
  const n = index + 1;
  const step = i18n._(STEP_KIND_LABELS[draft.steps[index]!.kind as Exclude<AuditStepKind, 'role'>]);
  const kind = i18n._(KIND_LABELS[flowKind]);
  return { steps: t`第${n}步“${step}”不能用于${kind}的审核流程` };
}

export function flowErrors(draft: FlowDraft): FlowErrors {
  const errors: FlowErrors = {};
  if (!draft.kind || !(APPLICATION_KINDS as readonly string[]).includes(draft.kind)) errors.kind = t`请选择申请类型`;
  const minDays = dayCount(draft.minDays, MIN_DAYS_MAX, t`最少天数`);
  if (minDays) errors.minDays = minDays;
  const deadlineDays = dayCount(draft.deadlineDays, DEADLINE_DAYS_MAX, t`审核期限天数`);
  if (deadlineDays) errors.deadlineDays = deadlineDays;
  if (draft.steps.length === 0) errors.steps = t`至少需要一个审核步骤`;
  else if (draft.steps.length > MAX_AUDIT_STEPS) errors.steps = t`审核步骤不能超过${MAX_AUDIT_STEPS}个`;
  else if (draft.steps.some((step) => step.kind === 'role' && !step.roleCode)) errors.steps = t`请为按角色审核的步骤选择角色`;
  else if (stepKindErrors(draft).steps) errors.steps = stepKindErrors(draft).steps;
  return errors;
}

export interface PeriodDraft {
  name: string;
  /** datetime-local values in school time */
  startsAt: string;
  endsAt: string;
  kinds: ApplicationKind[];
}
export type PeriodErrors = Partial<Record<'name' | 'startsAt' | 'endsAt' | 'kinds', string>>;

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export function periodErrors(draft: PeriodDraft): PeriodErrors {
  const errors: PeriodErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = t`请输入名称`;
  else if (name.length > PERIOD_NAME_MAX) errors.name = t`名称不能超过${PERIOD_NAME_MAX}个字符`;
  if (!LOCAL.test(draft.startsAt)) errors.startsAt = t`请选择开始时间`;
  if (!LOCAL.test(draft.endsAt)) errors.endsAt = t`请选择结束时间`;
  // same format and zone on both sides: the text order is the time order
  else if (!errors.startsAt && draft.startsAt >= draft.endsAt) errors.endsAt = t`开始时间应早于结束时间`;
  if (draft.kinds.length === 0) errors.kinds = t`请选择适用的申请类型`;
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
