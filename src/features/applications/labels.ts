import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditStep } from '../../../contracts/application-rules';
import type { ListScope } from '../../../contracts/applications';

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

export const STEP_LABELS: Record<string, MessageDescriptor> = {
  head_teacher: msg`班主任`,
  grade_leader: msg`年级组长`,
  department_head: msg`部门负责人`,
  'role:teaching_office': msg`教务处`,
};
export const stepLabel = (step: AuditStep | undefined): MessageDescriptor | string =>
  !step ? '' : (STEP_LABELS[step.kind === 'role' ? `role:${step.roleCode ?? ''}` : step.kind] ?? step.roleCode ?? step.kind);

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
  reject: msg`驳回`,
  withdraw: msg`撤回`,
  cancel: msg`销假`,
};
