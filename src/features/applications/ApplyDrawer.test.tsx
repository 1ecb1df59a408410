import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../lib/config';
import { fail, fakeFetch, ok } from '../../test/render';
import ApplyDrawer, { validateApplication, type ApplyMessages, type ApplyValues } from './ApplyDrawer';
import { makeDetail, makeOptions, renderWithGrants, STUDENT } from './test-support';

const messages: ApplyMessages = {
  kind: '',
  applicantRequired: 'student',
  leaveTypeRequired: 'type',
  timeRequired: 'time',
  startBeforeEnd: '开始时间应早于结束时间',
  blocked: (period) => `blocked ${period.name}`,
  reasonRequired: 'reason',
  reasonTooLong: 'long',
};
const leave = (over: Partial<ApplyValues> = {}): ApplyValues => ({
  kind: 'student_leave',
  applicantId: STUDENT,
  leaveType: '1',
  startsAt: '2026-11-24T08:00',
  endsAt: '2026-11-24T17:00',
  reason: '发烧',
  attachments: [],
  details: {},
  ...over,
});
const period = { id: 'p', name: '期中考试', startsAt: '2026-11-25T00:00:00+08:00', endsAt: '2026-11-26T00:00:00+08:00', kinds: ['student_leave' as const], version: 1 };

describe('the apply form rules as typed', () => {
  const check = (values: ApplyValues, blockedPeriods = [period]) => validateApplication(values, { blockedPeriods, students: [] }, messages, true);

  it('passes a one-day leave and refuses end not after start, a missing time, type or student', () => {
    expect(check(leave())).toEqual({});
    expect(check(leave({ endsAt: '2026-11-24T08:00' }))).toEqual({ time: '开始时间应早于结束时间' });
    expect(check(leave({ startsAt: '2026-11-24T18:00' }))).toEqual({ time: '开始时间应早于结束时间' });
    expect(check(leave({ endsAt: '' }))).toEqual({ time: 'time' });
    expect(check(leave({ leaveType: '', applicantId: '' }))).toEqual({ leaveType: 'type', applicantId: 'student' });
  });

  it('refuses a range touching a non-selectable period of the kind (school time +08:00), not one of another kind', () => {
    expect(check(leave({ startsAt: '2026-11-24T08:00', endsAt: '2026-11-25T08:00' }))).toEqual({ time: 'blocked 期中考试' });
    expect(check(leave({ startsAt: '2026-11-24T08:00', endsAt: '2026-11-25T00:00' }))).toEqual({});
    expect(check(leave({ kind: 'travel', details: { destination: '杭州' }, startsAt: '2026-11-24T08:00', endsAt: '2026-11-25T08:00' }))).toEqual({});
  });

  it('a draft (保存草稿) checks only the student, the reason, the formats and start < end when both are given', () => {
    const draft = (values: ApplyValues) => validateApplication(values, { blockedPeriods: [period], students: [] }, messages, true, true);
    expect(draft(leave({ leaveType: '', startsAt: '', endsAt: '' }))).toEqual({});
    expect(draft(leave({ endsAt: '' }))).toEqual({});
    expect(draft(leave({ startsAt: '2026-11-24T08:00', endsAt: '2026-11-25T08:00' }))).toEqual({});
    expect(draft(leave({ endsAt: '2026-11-24T07:00' }))).toEqual({ time: '开始时间应早于结束时间' });
    expect(draft(leave({ reason: ' ' }))).toEqual({ reason: 'reason' });
    // the kind's required fields may wait; a bad value may not
    expect(draft(leave({ kind: 'day_student', details: { address: '', guardian: '', guardianPhone: '' } }))).toEqual({});
    expect(draft(leave({ kind: 'day_student', details: { address: '', guardian: '', guardianPhone: '123' } }))).toEqual({ 'details.guardianPhone': '请输入正确的手机号码' });
    expect(draft(leave({ kind: 'staff_makeup', details: {} }))).toEqual({});
  });

  it('wants a reason of at most 300 characters and the kind fields', () => {
    expect(check(leave({ reason: '   ' }))).toEqual({ reason: 'reason' });
    expect(check(leave({ reason: '好'.repeat(301) }))).toEqual({ reason: 'long' });
    expect(check(leave({ reason: '好'.repeat(300) }))).toEqual({});
    expect(check(leave({ kind: 'day_student', details: { address: '', guardian: '王', guardianPhone: '123' } }))).toEqual({
      'details.address': '请输入家庭住址',
      'details.guardianPhone': '请输入正确的手机号码',
    });
    expect(check(leave({ kind: 'score_proof', startsAt: '', endsAt: '', details: { purpose: '升学', batchIds: [], copies: 9 } }))).toEqual({
      'details.batchIds': '请选择考试批次',
      'details.copies': '份数应为1至5',
    });
  });
});

describe('ApplyDrawer', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => vi.unstubAllGlobals());

  const fill = async () => {
    await screen.findByTestId('apply-student');
    fireEvent.change(screen.getByLabelText('请假类型'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('apply-start'), { target: { value: '2026-11-24T08:00' } });
    fireEvent.change(screen.getByTestId('apply-end'), { target: { value: '2026-11-24T07:00' } });
    fireEvent.change(screen.getByTestId('apply-reason'), { target: { value: '发烧' } });
  };

  it('shows 开始时间应早于结束时间 as typed and sends nothing; a refused save shows the server words and keeps the input; the id is the key', async () => {
    let saves = 0;
    const fake = fakeFetch({
      '/api/applications/options': ok(makeOptions()),
      '/api/applications/save': () => (++saves === 1 ? fail(42200, '该时间段已有请假或申请（2026-11-24 08:00 ~ 2026-11-24 17:00）') : ok(makeDetail(1, { version: 1 }))),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSaved = vi.fn();
    renderWithGrants(<ApplyDrawer kinds={['student_leave']} onClose={vi.fn()} onSaved={onSaved} />, ['qjgl_add']);
    await fill();
    expect(screen.getByTestId('apply-student').textContent).toBe('王小明（七年级(1)班）');
    // titled by its kind; both times carry the required mark
    expect(screen.getByText('请假申请')).toBeTruthy();
    expect(screen.getByTestId('apply-end').parentElement!.textContent).toContain('结束时间*');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByTestId('apply-time-error')).textContent).toBe('开始时间应早于结束时间');
    expect(fake.calls.some((call) => call.url.pathname === '/api/applications/save')).toBe(false);

    // the pair is checked again as soon as either time changes: the fixed range clears the message at once
    fireEvent.change(screen.getByTestId('apply-end'), { target: { value: '2026-11-24T17:00' } });
    expect(screen.queryByTestId('apply-time-error')).toBeNull();
    fireEvent.change(screen.getByTestId('apply-start'), { target: { value: '2026-11-24T18:00' } });
    expect(screen.getByTestId('apply-time-error').textContent).toBe('开始时间应早于结束时间');
    fireEvent.change(screen.getByTestId('apply-start'), { target: { value: '2026-11-24T08:00' } });
    expect(screen.queryByTestId('apply-time-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByTestId('apply-error')).textContent).toContain('该时间段已有请假或申请');
    expect((screen.getByTestId('apply-reason') as HTMLTextAreaElement).value).toBe('发烧');
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = fake.calls.filter((call) => call.url.pathname === '/api/applications/save');
    expect(sent).toHaveLength(2);
    const bodies = sent.map((call) => JSON.parse(String(call.init.body)));
    const keys = sent.map((call) => new Headers(call.init.headers).get('Idempotency-Key'));
    // the retry after a refusal is the same application (same id and key), never a second one
    expect(bodies[0].id).toBe(bodies[1].id);
    expect(keys).toEqual([bodies[0].id, bodies[0].id]);
    expect(bodies[1]).toMatchObject({
      kind: 'student_leave',
      applicantId: STUDENT,
      leaveType: '1',
      startsAt: '2026-11-24T08:00:00+08:00',
      endsAt: '2026-11-24T17:00:00+08:00',
      reason: '发烧',
      attachments: [],
      submit: true,
    });
  });

  it('保存草稿 sends submit false; a parent picks one of the children', async () => {
    const fake = fakeFetch({
      '/api/applications/options': ok(makeOptions({ students: [{ id: STUDENT, name: '王小明', className: '七年级(1)班' }, { id: 'c2', name: '王小红', className: '八年级(2)班' }] })),
      '/api/applications/save': ok(makeDetail(1, { state: 'draft' })),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<ApplyDrawer kinds={['student_leave']} onClose={vi.fn()} onSaved={vi.fn()} />, ['qjgl_add']);
    const child = await screen.findByLabelText('学生');
    await waitFor(() => expect(child.querySelectorAll('option')).toHaveLength(3));
    fireEvent.click(screen.getByTestId('apply-draft'));
    expect(await screen.findByText('请选择学生')).toBeTruthy();
    fireEvent.change(child, { target: { value: 'c2' } });
    fireEvent.change(screen.getByLabelText('请假类型'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('apply-start'), { target: { value: '2026-11-24T08:00' } });
    fireEvent.change(screen.getByTestId('apply-end'), { target: { value: '2026-11-25T17:00' } });
    fireEvent.change(screen.getByTestId('apply-reason'), { target: { value: '家中有事' } });
    fireEvent.click(screen.getByTestId('apply-draft'));
    await waitFor(() => expect(fake.calls.some((call) => call.url.pathname === '/api/applications/save')).toBe(true));
    const body = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/applications/save')!.init.body));
    expect(body).toMatchObject({ applicantId: 'c2', leaveType: '2', submit: false });
  });

  it('a draft opens with its values and is submitted as the same application on its version, under a key of its own', async () => {
    const fake = fakeFetch({ '/api/applications/options': ok(makeOptions()), '/api/applications/save': ok(makeDetail(1, { version: 4 })) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const draft = makeDetail(1, { state: 'draft', auditState: 'draft', version: 3, reason: '复诊', leaveType: '2' });
    const onSaved = vi.fn();
    renderWithGrants(<ApplyDrawer kinds={['student_leave']} draft={draft} onClose={vi.fn()} onSaved={onSaved} />, ['qjgl_add']);
    await screen.findByTestId('apply-student');
    expect((screen.getByTestId('apply-reason') as HTMLTextAreaElement).value).toBe('复诊');
    expect((screen.getByTestId('apply-start') as HTMLInputElement).value).toBe('2026-11-24T08:00');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(draft.id));
    const call = fake.calls.find((item) => item.url.pathname === '/api/applications/save')!;
    expect(JSON.parse(String(call.init.body))).toMatchObject({ id: draft.id, version: 3, leaveType: '2', submit: true });
    expect(new Headers(call.init.headers).get('Idempotency-Key')).not.toBe(draft.id);
  });
});
