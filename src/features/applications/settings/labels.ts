import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApplicationKind, AuditStepKind } from '../../../../contracts/application-rules';

/** Every kind named for the settings screen (student and staff kinds side by side, so each says whose). */
export const SETTINGS_KIND_LABELS: Record<ApplicationKind, MessageDescriptor> = {
  student_leave: msg`学生请假`,
  travel: msg`出行申请`,
  day_student: msg`走读申请`,
  enrolment_proof: msg`在读证明`,
  score_proof: msg`成绩证明`,
  staff_leave: msg`教师请假`,
  staff_outing: msg`教师外出`,
  staff_overtime: msg`教师加班`,
  staff_shift: msg`教师调班`,
  staff_makeup: msg`教师补课`,
};

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
