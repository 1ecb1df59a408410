// The application kinds and their permission codes, alone: route files and the modules they import (the
// /login entry chunk) use these without application-rules.ts (which re-exports them) and its rules.

/** Student kinds first, then staff kinds (teacher attendance, SPEC §1 'Staff'). */
/** status_change: 学籍异动 (issue 23), filed by staff for a student; its effect lives in server/modules/status-changes */
export const STUDENT_APPLICATION_KINDS = ['student_leave', 'travel', 'day_student', 'enrolment_proof', 'score_proof', 'status_change'] as const;
export const STAFF_APPLICATION_KINDS = ['staff_leave', 'staff_outing', 'staff_overtime', 'staff_shift', 'staff_makeup'] as const;
export const APPLICATION_KINDS = [...STUDENT_APPLICATION_KINDS, ...STAFF_APPLICATION_KINDS] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
export type StudentApplicationKind = (typeof STUDENT_APPLICATION_KINDS)[number];
export type StaffApplicationKind = (typeof STAFF_APPLICATION_KINDS)[number];
export type ApplicationFamily = 'student' | 'staff';

/**
 * Permission codes per kind (contracts/menus.ts): the menu (see), add (apply), audit. Staff kinds
 * share 教师考勤 (apply, own records, monthly summary) and 考勤审批 (audit).
 */
export const KIND_PERMISSIONS: Record<ApplicationKind, { menu: string; add: string; audit: string; export?: string }> = {
  student_leave: { menu: 'qjgl', add: 'qjgl_add', audit: 'qjgl_audit', export: 'qjgl_export' },
  travel: { menu: 'cxsq', add: 'cxsq_add', audit: 'cxsq_audit' },
  day_student: { menu: 'zdsq', add: 'zdsq_add', audit: 'zdsq_audit' },
  enrolment_proof: { menu: 'zdzm', add: 'zdzm_add', audit: 'zdzm_audit' },
  score_proof: { menu: 'cjzm', add: 'cjzm_add', audit: 'cjzm_audit' },
  status_change: { menu: 'xjyd', add: 'xjyd_add', audit: 'xjyd_audit', export: 'xjyd_export' },
  staff_leave: { menu: 'jskq', add: 'jskq_add', audit: 'kqsp_audit', export: 'jskq_export' },
  staff_outing: { menu: 'jskq', add: 'jskq_add', audit: 'kqsp_audit', export: 'jskq_export' },
  staff_overtime: { menu: 'jskq', add: 'jskq_add', audit: 'kqsp_audit', export: 'jskq_export' },
  staff_shift: { menu: 'jskq', add: 'jskq_add', audit: 'kqsp_audit', export: 'jskq_export' },
  staff_makeup: { menu: 'jskq', add: 'jskq_add', audit: 'kqsp_audit', export: 'jskq_export' },
};
