import { t } from '@lingui/core/macro';
import { APPLICATION_KINDS, type ApplicationKind, type AuditStep, MAX_AUDIT_STEPS } from '../../../../contracts/application-rules';

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
