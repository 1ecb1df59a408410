import { describe, expect, it } from 'vitest';
import { auditKindsOf, type Caller, mayAuditStep } from './applications.auditors';

const caller = (over: Partial<Caller> = {}): Caller => ({
  userId: 'u',
  userType: '3',
  admin: false,
  roles: [],
  codes: new Set<string>(),
  headClasses: [],
  gradesLed: [],
  gradeClasses: [],
  departmentsHeaded: [],
  children: [],
  roleKinds: [],
  orgUnitId: null,
  ...over,
});
const leave = { kind: 'student_leave' as const, orgUnitId: 'class1', orgParentId: 'grade7' };

describe('mayAuditStep (who audits a step)', () => {
  it('head teacher of the class, with the audit code', () => {
    expect(mayAuditStep(caller({ headClasses: ['class1'], codes: new Set(['qjgl_audit']) }), leave, { kind: 'head_teacher' })).toBe(true);
    expect(mayAuditStep(caller({ headClasses: ['class1'] }), leave, { kind: 'head_teacher' })).toBe(false);
    expect(mayAuditStep(caller({ headClasses: ['class2'], codes: new Set(['qjgl_audit']) }), leave, { kind: 'head_teacher' })).toBe(false);
  });

  it("grade leader of the class's grade; department head of the department; a role's member", () => {
    const codes = new Set(['qjgl_audit', 'kqsp_audit', 'zdzm_audit']);
    expect(mayAuditStep(caller({ gradesLed: ['grade7'], codes }), leave, { kind: 'grade_leader' })).toBe(true);
    expect(mayAuditStep(caller({ gradesLed: ['grade8'], codes }), leave, { kind: 'grade_leader' })).toBe(false);
    expect(mayAuditStep(caller({ headClasses: ['class1'], codes }), leave, { kind: 'grade_leader' })).toBe(false);
    const staff = { kind: 'staff_leave' as const, orgUnitId: 'office', orgParentId: 'school' };
    expect(mayAuditStep(caller({ departmentsHeaded: ['office'], codes }), staff, { kind: 'department_head' })).toBe(true);
    expect(mayAuditStep(caller({ departmentsHeaded: ['other'], codes }), staff, { kind: 'department_head' })).toBe(false);
    const proof = { kind: 'enrolment_proof' as const, orgUnitId: 'class1', orgParentId: 'grade7' };
    expect(mayAuditStep(caller({ roles: ['teaching_office'], codes }), proof, { kind: 'role', roleCode: 'teaching_office' })).toBe(true);
    expect(mayAuditStep(caller({ roles: ['teacher'], codes }), proof, { kind: 'role', roleCode: 'teaching_office' })).toBe(false);
  });

  it('an administrator audits any step; nobody audits a step that does not exist', () => {
    expect(mayAuditStep(caller({ admin: true }), leave, { kind: 'grade_leader' })).toBe(true);
    expect(mayAuditStep(caller({ admin: true }), leave, undefined)).toBe(false);
    expect(auditKindsOf(caller({ codes: new Set(['kqsp_audit']) }), ['student_leave', 'staff_leave', 'staff_makeup'])).toEqual(['staff_leave', 'staff_makeup']);
  });
});
