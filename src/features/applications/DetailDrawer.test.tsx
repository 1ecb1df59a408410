import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail } from '../../../contracts/applications';
import { setConfig } from '../../lib/config';
import { newOpId } from '../../lib/offline/outbox';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { fakeFetch, ok } from '../../test/render';
import DetailDrawer, { cancelTimeError, defaultReturn } from './DetailDrawer';
import { messages as en } from './locales/en.po';
import { app, makeDetail, renderWithGrants } from './test-support';

const NONE = { audit: false, withdraw: false, cancel: false, edit: false, proof: false };
let serial = 0;

function show(detail: ApplicationDetail) {
  const fake = fakeFetch({ '/api/applications/get': ok(detail), '/api/applications/options': ok({ students: [], leaveTypes: {}, classes: [], colleagues: [], batches: [], blockedPeriods: [] }) });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  renderWithGrants(<DetailDrawer id={detail.id} onClose={vi.fn()} />, ['qjgl', 'qjgl_audit']);
  return fake;
}
const buttons = () => ['audit-pass', 'audit-reject', 'application-withdraw', 'cancel-open', 'application-proof', 'application-edit'].filter((id) => screen.queryByTestId(id));

describe('DetailDrawer', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    serial += 1;
    setScope({ tenant: 'demo', userId: `d${serial}` });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOfflineDbForTests();
  });

  it('offers exactly the actions `can` allows', async () => {
    show(makeDetail(1, { can: { ...NONE, withdraw: true } }));
    await screen.findByTestId('detail-applicant');
    expect(buttons()).toEqual(['application-withdraw']);
  });

  it('an approved proof offers 打印证明 and shows its own fields', async () => {
    show(makeDetail(2, { kind: 'enrolment_proof', state: 'approved', auditState: 'approved', startsAt: null, endsAt: null, details: { purpose: '出国', copies: 2 }, can: { ...NONE, proof: true } }));
    await screen.findByTestId('detail-applicant');
    expect(buttons()).toEqual(['application-proof']);
    expect(screen.getByText('出国')).toBeTruthy();
  });

  it('an expired record shows 已过期 and 该记录已过期，仅可查看, and no actions even when `can` says so', async () => {
    show(makeDetail(3, { state: 'approved', auditState: 'approved', expired: true, can: { audit: true, withdraw: true, cancel: true, edit: true, proof: false } }));
    await screen.findByTestId('detail-applicant');
    expect(screen.getByTestId('application-expired').textContent).toBe('已过期');
    expect(screen.getByTestId('application-note').textContent).toBe('该记录已过期，仅可查看');
    expect(buttons()).toEqual([]);
    expect(screen.getByTestId('application-cancel-state').textContent).toBe('未销假');
  });

  it('an approved proof past its deadline is view-only but still offers 打印证明', async () => {
    show(makeDetail(13, { kind: 'enrolment_proof', state: 'approved', auditState: 'approved', startsAt: null, endsAt: null, expired: true, details: { purpose: '出国', copies: 1 }, can: { ...NONE, withdraw: true, proof: true } }));
    await screen.findByTestId('detail-applicant');
    expect(screen.getByTestId('application-note').textContent).toBe('该记录已过期，仅可查看');
    expect(buttons()).toEqual(['application-proof']);
  });

  it('names a role step by the school\'s role list, not its code', async () => {
    const fake = fakeFetch({
      '/api/applications/get': ok(makeDetail(14, { steps: [{ kind: 'role', roleCode: 'grade_office' }], step: 0, auditState: 'pending:role:grade_office' })),
      '/components/getRoles': ok([{ CODE: 'sys', NAME: '系统', CHILD: [{ CODE: 'grade_office', NAME: '年级办公室', TYPE: '1' }] }]),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<DetailDrawer id={app(14)} onClose={vi.fn()} />, ['qjgl']);
    await waitFor(() => expect(screen.getByTestId('application-waiting').textContent).toBe('等待年级办公室审核'));
    expect(screen.getByTestId('application-state').textContent).toBe('待年级办公室审核');
  });

  it('shows the audit trail: who, when, opinion, and the step waiting', async () => {
    show(
      makeDetail(4, {
        steps: [{ kind: 'head_teacher' }, { kind: 'role', roleCode: 'teaching_office' }],
        step: 1,
        auditState: 'pending:role:teaching_office',
        events: [
          { id: app(801), action: 'submit', step: null, actorId: 'x', actorName: '王家长', opinion: '', at: '2026-11-21T09:00:00+08:00' },
          { id: app(802), action: 'pass', step: 0, actorId: 'y', actorName: '李明华', opinion: '同意', at: '2026-11-21T10:30:00+08:00' },
        ],
      }),
    );
    const events = await screen.findAllByTestId('application-event');
    expect(events.map((event) => event.textContent)).toEqual(['提交申请王家长 · 2026-11-21 09:00', '审核通过 · 班主任李明华 · 2026-11-21 10:30同意']);
    expect(screen.getByTestId('application-waiting').textContent).toBe('等待教务处审核');
    expect(screen.getByTestId('application-state').textContent).toBe('待教务处审核');
  });

  it('a pass queues in the outbox with the version seen and the detail shows 待同步 at once; a reject wants an opinion', async () => {
    const fake = show(makeDetail(5, { version: 4, can: { ...NONE, audit: true } }));
    fireEvent.click(await screen.findByTestId('audit-reject'));
    expect(await screen.findByText('驳回时请填写审核意见')).toBeTruthy();
    fireEvent.change(screen.getByTestId('audit-opinion'), { target: { value: '同意，注意安全' } });
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fireEvent.click(screen.getByTestId('audit-pass'));
    expect((await screen.findByTestId('application-queued')).textContent).toBe('待同步');
    expect(screen.queryByTestId('audit-pass')).toBeNull();
    const [entry] = await currentDb()!.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'applications.audit', entityKey: `application:${app(5)}`, baseVersion: 4, payload: { id: app(5), version: 4, decision: 'pass', opinion: '同意，注意安全' } });
    expect(fake.calls.some((call) => call.url.pathname === '/api/applications/audit')).toBe(false);
  });

  it('销假: the return time must be inside the leave [start, end], ends included, as typed; the form starts at now clamped into it', () => {
    const leave = { startsAt: '2026-11-24T08:00:00+08:00', endsAt: '2026-11-26T17:00:00+08:00' };
    const outside = (range: string) => `销假时间应在原请假时间（${range}）之内`;
    expect(cancelTimeError(leave, '2026-11-25T10:00', outside, 'required')).toBe('');
    // a return at the start: the leave was not taken
    expect(cancelTimeError(leave, '2026-11-24T08:00', outside, 'required')).toBe('');
    expect(cancelTimeError(leave, '2026-11-24T07:59', outside, 'required')).toBe('销假时间应在原请假时间（2026-11-24 08:00 ~ 2026-11-26 17:00）之内');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-21T10:00:00+08:00'));
      expect(defaultReturn(leave)).toBe('2026-11-24T08:00');
      vi.setSystemTime(new Date('2026-11-25T12:30:00+08:00'));
      expect(defaultReturn(leave)).toBe('2026-11-25T12:30');
      vi.setSystemTime(new Date('2026-11-28T09:00:00+08:00'));
      expect(defaultReturn(leave)).toBe('2026-11-26T17:00');
    } finally {
      vi.useRealTimers();
    }
    expect(cancelTimeError(leave, '2026-11-26T17:00', outside, 'required')).toBe('');
    expect(cancelTimeError(leave, '2026-11-26T17:01', outside, 'required')).toBe('销假时间应在原请假时间（2026-11-24 08:00 ~ 2026-11-26 17:00）之内');
    expect(cancelTimeError(leave, '', outside, 'required')).toBe('required');
  });

  it('销假 refuses a time outside the leave before sending', async () => {
    const fake = show(makeDetail(6, { state: 'approved', auditState: 'approved', startsAt: '2026-11-24T08:00:00+08:00', endsAt: '2026-11-24T17:00:00+08:00', can: { ...NONE, cancel: true } }));
    fireEvent.click(await screen.findByTestId('cancel-open'));
    fireEvent.change(screen.getByTestId('cancel-at'), { target: { value: '2026-11-25T09:00' } });
    fireEvent.click(screen.getByTestId('cancel-confirm'));
    expect((await screen.findByTestId('cancel-error')).textContent).toBe('销假时间应在原请假时间（2026-11-24 08:00 ~ 2026-11-24 17:00）之内');
    expect(fake.calls.some((call) => call.url.pathname === '/api/applications/cancel')).toBe(false);
  });

  it('an approved leave that has not started offers no 销假, even from a detail that says it may', async () => {
    show(makeDetail(16, { state: 'approved', auditState: 'approved', startsAt: '2099-11-24T08:00:00+08:00', endsAt: '2099-11-24T17:00:00+08:00', can: { ...NONE, cancel: true } }));
    await screen.findByTestId('detail-applicant');
    expect(buttons()).toEqual([]);
  });

  it('counts half days, and says day or days in English', async () => {
    show(makeDetail(17, { startsAt: '2026-11-24T13:00:00+08:00', endsAt: '2026-11-24T17:00:00+08:00', days: 0.5 }));
    expect((await screen.findByTestId('detail-range')).textContent).toContain('（0.5 天）');
    i18n.load('en', en);
    i18n.activate('en');
    // the message <Plural> renders (its catalog id is the source's hash)
    const days = (count: number) => i18n._({ id: generateMessageId('{0, plural, other {（# 天）}}'), values: { 0: count } });
    try {
      expect([days(0.5), days(1), days(2)]).toEqual([' (0.5 days)', ' (1 day)', ' (2 days)']);
    } finally {
      i18n.activate('zh');
    }
  });

  it('a fast double tap on 通过 queues one audit', async () => {
    show(makeDetail(15, { version: 2, can: { ...NONE, audit: true } }));
    const pass = await screen.findByTestId('audit-pass');
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fireEvent.click(pass);
    fireEvent.click(pass);
    await screen.findByTestId('application-queued');
    expect(await currentDb()!.outbox.count()).toBe(1);
  });

  it('a conflicting audit hides the form and shows the application as it is now (the conflict\'s data)', async () => {
    const mine = makeDetail(16, { version: 1, can: { ...NONE, audit: true } });
    const now = makeDetail(16, {
      version: 2,
      state: 'rejected',
      auditState: 'rejected',
      can: NONE,
      events: [...mine.events, { id: app(990), action: 'reject', step: 0, actorId: 'z', actorName: '管理员', opinion: '材料不全', at: '2026-11-21T10:05:00+08:00' }],
    });
    await currentDb()!.outbox.add({
      opId: newOpId(),
      kind: 'applications.audit',
      entityKey: `application:${app(16)}`,
      payload: { id: app(16), version: 1, decision: 'pass', opinion: '' },
      baseVersion: 1,
      createdAt: Date.now(),
      attempts: 1,
      state: 'conflict',
      lastError: { code: 40900, msg: '数据已被修改' },
      serverData: now,
      nextAttemptAt: 0,
    });
    show(mine);
    expect((await screen.findByTestId('application-stuck')).textContent).toBe('您的审核未能同步，请在待同步面板中处理');
    await waitFor(() => expect(screen.getByTestId('application-state').textContent).toBe('审核不通过'));
    expect(screen.queryByTestId('audit-form')).toBeNull();
    expect(screen.getAllByTestId('application-event').map((event) => event.dataset.action)).toEqual(['submit', 'reject']);
  });

  it('a failed audit also hides the form (no second entry on the stale version)', async () => {
    await currentDb()!.outbox.add({
      opId: newOpId(),
      kind: 'applications.audit',
      entityKey: `application:${app(17)}`,
      payload: { id: app(17), version: 1, decision: 'pass', opinion: '' },
      baseVersion: 1,
      createdAt: Date.now(),
      attempts: 1,
      state: 'failed',
      lastError: { code: 50000, msg: '服务器错误' },
      serverData: null,
      nextAttemptAt: 0,
    });
    show(makeDetail(17, { can: { ...NONE, audit: true } }));
    await screen.findByTestId('application-stuck');
    expect(screen.queryByTestId('audit-form')).toBeNull();
  });

  it('撤回 on a stale version (40900) shows the application as it is now', async () => {
    const before = makeDetail(18, { can: { ...NONE, withdraw: true } });
    const now = makeDetail(18, { version: 2, state: 'approved', auditState: 'approved', can: NONE });
    let gets = 0;
    const fake = fakeFetch({
      // the first read only: a later one would hide whether the conflict's data was used
      '/api/applications/get': () => (gets++ === 0 ? ok(before) : { error: new TypeError('Failed to fetch') }),
      '/api/applications/withdraw': { body: { code: 40900, result: false, msg: '数据已被修改，请刷新后重试', data: now } },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<DetailDrawer id={before.id} onClose={vi.fn()} />, ['qjgl', 'qjgl_add']);
    fireEvent.click(await screen.findByTestId('application-withdraw'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByTestId('application-state').textContent).toBe('审核通过'));
    expect(screen.queryByTestId('application-withdraw')).toBeNull();
  });
});
