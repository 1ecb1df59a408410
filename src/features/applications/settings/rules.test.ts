import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flowErrors, periodErrors, type FlowDraft } from './rules';
import { messages as enApplications } from '../locales/en.po';
import { messages as zhApplications } from '../locales/zh.po';

// the applications catalog (catalog.ts) is loaded with the screens; these tests call the rules directly
beforeAll(() => i18n.load({ zh: zhApplications, en: enApplications }));
afterEach(() => i18n.activate('zh'));

const flow: FlowDraft = { kind: 'staff_leave', leaveType: '', minDays: '3', deadlineDays: '7', steps: [{ kind: 'department_head' }] };

describe('audit settings rules', () => {
  it('a flow needs a kind, 0–365 whole days, and one to five steps with roles chosen', () => {
    expect(flowErrors(flow)).toEqual({});
    expect(flowErrors({ ...flow, kind: '' })).toEqual({ kind: '请选择申请类型' });
    expect(flowErrors({ ...flow, minDays: '366' })).toEqual({ minDays: '最少天数应为0-365的整数' });
    expect(flowErrors({ ...flow, minDays: '1.5' }).minDays).toBe('最少天数应为0-365的整数');
    expect(flowErrors({ ...flow, deadlineDays: '' })).toEqual({ deadlineDays: '请输入审核期限天数' });
    expect(flowErrors({ ...flow, deadlineDays: '-1' }).deadlineDays).toBe('审核期限天数应为0-365的整数');
    expect(flowErrors({ ...flow, steps: [] })).toEqual({ steps: '至少需要一个审核步骤' });
    expect(flowErrors({ ...flow, steps: Array.from({ length: 6 }, () => ({ kind: 'department_head' as const })) })).toEqual({ steps: '审核步骤不能超过5个' });
    expect(flowErrors({ ...flow, steps: [{ kind: 'role', roleCode: '' }] })).toEqual({ steps: '请为按角色审核的步骤选择角色' });
    // steps must fit the kind (the server's applicationsFlowStepInvalid)
    expect(flowErrors({ ...flow, steps: [{ kind: 'department_head' }, { kind: 'head_teacher' }] })).toEqual({ steps: '第2步“班主任”不能用于教师请假的审核流程' });
    expect(flowErrors({ ...flow, kind: 'staff_makeup', steps: [{ kind: 'head_teacher' }, { kind: 'department_head' }] })).toEqual({});
    expect(flowErrors({ ...flow, kind: 'travel', steps: [{ kind: 'grade_leader' }, { kind: 'role', roleCode: 'teaching_office' }] })).toEqual({});
    i18n.activate('en');
    expect(flowErrors({ ...flow, steps: [] })).toEqual({ steps: 'Add at least one audit step' });
    expect(flowErrors({ ...flow, kind: 'travel' }).steps).toBe('Step 1 "Department head" cannot be used in the audit flow for Travel');
  });

  it('a period needs a name of at most 30, start before end, and at least one kind', () => {
    const period = { name: '期末考试周', startsAt: '2027-01-10T00:00', endsAt: '2027-01-16T23:59', kinds: ['staff_leave' as const] };
    expect(periodErrors(period)).toEqual({});
    expect(periodErrors({ ...period, name: ' ' })).toEqual({ name: '请输入名称' });
    expect(periodErrors({ ...period, name: '期'.repeat(31) })).toEqual({ name: '名称不能超过30个字符' });
    expect(periodErrors({ ...period, endsAt: period.startsAt })).toEqual({ endsAt: '开始时间应早于结束时间' });
    expect(periodErrors({ ...period, kinds: [] })).toEqual({ kinds: '请选择适用的申请类型' });
    i18n.activate('en');
    expect(periodErrors({ ...period, endsAt: '2027-01-01T00:00' })).toEqual({ endsAt: 'Start time should be earlier than end time' });
  });
});
