import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditStep } from '../../../contracts/application-rules';
import type { ListScope } from '../../../contracts/applications';
import { KNOWN_ROLES, STEP_KIND_LABELS } from './settings/labels';

/** Audit states (auditStateOf) as the brief names them; SPEC §4. */
export const AUDIT_STATE_LABELS: Record<string, MessageDescriptor> = {
  draft: msg`未提交`,
  'pending:head_teacher': msg`待班主任审核`,
  'pending:grade_leader': msg`待年级组长审核`,
  'pending:department_head': msg`待部门负责人审核`,
  'pending:role:teaching_office': msg`待教务处审核`,
  pending: msg`待审核`,
  approved: msg`审核通过`,
  rejected: msg`审核不通过`,
  withdrawn: msg`已撤回`,
};

/** The filter choices of the state select, in this order. */
export const STATE_FILTERS: readonly string[] = [
  'draft',
  'pending',
  'pending:head_teacher',
  'pending:grade_leader',
  'pending:department_head',
  'pending:role:teaching_office',
  'approved',
  'rejected',
  'withdrawn',
];

export const auditStateLabel = (auditState: string): MessageDescriptor => AUDIT_STATE_LABELS[auditState] ?? AUDIT_STATE_LABELS.pending!;

export const auditStateColor = (auditState: string): string =>
  auditState === 'approved' ? 'green' : auditState === 'rejected' ? 'red' : auditState === 'draft' || auditState === 'withdrawn' ? 'gray' : 'orange';

/**
 * The name of a step, one table for the feature (settings/labels.ts STEP_KIND_LABELS for the step
 * kinds, KNOWN_ROLES for 教务处 and the administrator): a role step is named by its role, from the
 * school's role list (`roleNames`, useRoleNames) when known, else its code.
 */
export function stepText(i18n: I18n, step: Pick<AuditStep, 'kind' | 'roleCode'> | undefined, roleNames?: ReadonlyMap<string, string>): string {
  if (!step) return '';
  if (step.kind !== 'role') return i18n._(STEP_KIND_LABELS[step.kind]);
  const code = step.roleCode ?? '';
  const known = KNOWN_ROLES.find((role) => role.code === code);
  return known ? i18n._(known.name) : (roleNames?.get(code) ?? code);
}

/** The role code of an audit state waiting at a role step ('pending:role:<code>'), else undefined. */
export const roleOfAuditState = (auditState: string): string | undefined => (auditState.startsWith('pending:role:') ? auditState.slice('pending:role:'.length) : undefined);

/** An audit state as shown: the table's label; a role step outside it → 待<role name>审核. */
export function auditStateText(i18n: I18n, auditState: string, roleNames?: ReadonlyMap<string, string>): string {
  const known = AUDIT_STATE_LABELS[auditState];
  if (known) return i18n._(known);
  const code = roleOfAuditState(auditState);
  if (code === undefined) return i18n._(AUDIT_STATE_LABELS.pending!);
  const name = stepText(i18n, { kind: 'role', roleCode: code }, roleNames);
  return i18n._(msg`待${name}审核`);
}

export const SCOPE_LABELS: Record<ListScope, MessageDescriptor> = {
  mine: msg`我的申请`,
  todo: msg`待我审核`,
  done: msg`我已审核`,
  all: msg`全部`,
};

export const CANCEL_LABELS = { not_cancelled: msg`未销假`, cancelled: msg`已销假` } as const;
export const EXPIRED_LABEL = msg`已过期`;
export const QUEUED_LABEL = msg`待同步`;

export const EVENT_LABELS: Record<string, MessageDescriptor> = {
  submit: msg`提交申请`,
  pass: msg`审核通过`,
  // a past event (the trail, the conflict view): 已驳回 / Rejected, not the button's 驳回 / Reject
  reject: msg`已驳回`,
  withdraw: msg`撤回`,
  cancel: msg`销假`,
};
