import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApplicationKind } from '../../../../contracts/application-rules';

/**
 * Every kind named with whose it is (学生请假 / 教师请假): the dashboard card and the settings screen.
 * In the main catalog (lingui.config.ts): the card shows before the feature's catalog loads.
 */
export const KIND_LABELS: Record<ApplicationKind, MessageDescriptor> = {
  student_leave: msg`学生请假`,
  travel: msg`出行申请`,
  day_student: msg`走读申请`,
  enrolment_proof: msg`在读证明`,
  score_proof: msg`成绩证明`,
  status_change: msg`学籍异动`,
  staff_leave: msg`教师请假`,
  staff_outing: msg`教师外出`,
  staff_overtime: msg`教师加班`,
  staff_shift: msg`教师调班`,
  staff_makeup: msg`教师补课`,
};
