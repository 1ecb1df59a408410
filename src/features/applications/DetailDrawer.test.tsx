import 'fake-indexeddb/auto';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail } from '../../../contracts/applications';
import { setConfig } from '../../lib/config';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { fakeFetch, ok } from '../../test/render';
import DetailDrawer, { cancelTimeError } from './DetailDrawer';
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
    show(makeDetail(3, { state: 'approved', auditState: 'approved', expired: true, can: { audit: true, withdraw: true, cancel: true, edit: true, proof: true } }));
    await screen.findByTestId('detail-applicant');
    expect(screen.getByTestId('application-expired').textContent).toBe('已过期');
    expect(screen.getByTestId('application-note').textContent).toBe('该记录已过期，仅可查看');
    expect(buttons()).toEqual([]);
    expect(screen.getByTestId('application-cancel-state').textContent).toBe('未销假');
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

  it('销假: the return time must be inside the leave, as typed', () => {
    const leave = { startsAt: '2026-11-24T08:00:00+08:00', endsAt: '2026-11-26T17:00:00+08:00' };
    const outside = (range: string) => `销假时间应在原请假时间（${range}）之内`;
    expect(cancelTimeError(leave, '2026-11-25T10:00', outside, 'required')).toBe('');
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
});
