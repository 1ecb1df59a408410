import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditStepKind } from '../../../../contracts/application-rules';

/** Step kinds other than 'role' (a role step is named by its role). */
export const STEP_KIND_LABELS: Record<Exclude<AuditStepKind, 'role'>, MessageDescriptor> = {
  head_teacher: msg`班主任`,
  grade_leader: msg`年级组长`,
  department_head: msg`部门负责人`,
};
export const ROLE_STEP_LABEL = msg`指定角色`;

/** Roles offered when the role list cannot be read: 教务处 and the administrator. */
export const KNOWN_ROLES: { code: string; name: MessageDescriptor }[] = [
  { code: 'teaching_office', name: msg`教务处` },
  { code: 'admin', name: msg`系统管理员` },
];
