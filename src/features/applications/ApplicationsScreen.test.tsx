import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../lib/config';
import { fail, fakeFetch, ok } from '../../test/render';
import { ApplicationsScreen } from './ApplicationsScreen';
import { app, makeDetail, makeRow, renderWithGrants } from './test-support';

const NOT_SAME = '所选申请不是同一审核状态，不能批量审核';

describe('ApplicationsScreen', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => vi.unstubAllGlobals());

  it('offers the scope tabs the permissions allow; a parent sees only 我的申请 and the 申请 button', async () => {
    const fake = fakeFetch({ '/api/applications/list': ok({ rows: [makeRow(1)], total: 1 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['mine', 'todo', 'done', 'all']} search={{}} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl', 'qjgl_add']);
    await screen.findAllByTestId('application-row');
    expect(screen.queryByTestId('scope-todo')).toBeNull();
    expect(screen.getByTestId('application-apply')).toBeTruthy();
    expect(screen.queryByTestId('batch-pass')).toBeNull();
    expect(within(screen.getByTestId('application-row')).getByTestId('application-state').textContent).toBe('待班主任审核');
    const body = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/applications/list')!.init.body));
    expect(JSON.parse(body.search)).toEqual({ scope: 'mine', kinds: ['student_leave'] });
  });

  it('batch audit: a mixed selection shows the message and sends nothing; the same audit state passes at once', async () => {
    const rows = [makeRow(1), makeRow(2), makeRow(3, { state: 'approved', auditState: 'approved' })];
    let batchBody: unknown = null;
    const fake = fakeFetch({
      '/api/applications/list': ok({ rows, total: 3 }),
      '/api/applications/batch-audit': (init) => {
        batchBody = JSON.parse(String(init.body));
        return ok({ count: 2 });
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['mine', 'todo', 'done', 'all']} search={{ scope: 'all' }} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl', 'qjgl_audit']);
    const found = await screen.findAllByTestId('application-row');
    expect(found).toHaveLength(3);
    expect((screen.getByTestId('batch-pass') as HTMLButtonElement).disabled).toBe(true);
    const select = (n: number) => fireEvent.click(within(found[n]!).getByTestId('application-select'));
    select(0);
    select(2);
    fireEvent.click(screen.getByTestId('batch-pass'));
    expect((await screen.findByTestId('batch-error')).textContent).toBe(NOT_SAME);
    expect(screen.queryByTestId('batch-opinion')).toBeNull();
    expect(batchBody).toBeNull();

    select(2);
    select(1);
    expect(screen.queryByTestId('batch-error')).toBeNull();
    fireEvent.click(screen.getByTestId('batch-pass'));
    fireEvent.change(await screen.findByTestId('batch-opinion'), { target: { value: '同意' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(batchBody).toEqual({ ids: [app(1), app(2)], decision: 'pass', opinion: '同意' }));
  });

  it("shows the server's refusal of a batch", async () => {
    const fake = fakeFetch({
      '/api/applications/list': ok({ rows: [makeRow(1), makeRow(2)], total: 2 }),
      '/api/applications/batch-audit': fail(42200, NOT_SAME),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['todo']} search={{}} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl_audit']);
    const found = await screen.findAllByTestId('application-row');
    for (const row of found) fireEvent.click(within(row).getByTestId('application-select'));
    fireEvent.click(screen.getByTestId('batch-reject'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect((await screen.findByTestId('batch-dialog-error')).textContent).toBe('驳回时请填写审核意见');
    fireEvent.change(screen.getByTestId('batch-opinion'), { target: { value: '材料不全' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect((await screen.findByTestId('batch-error')).textContent).toBe(NOT_SAME);
  });

  it('opens the detail of ?id= and closes it into the URL', async () => {
    const fake = fakeFetch({
      '/api/applications/list': ok({ rows: [makeRow(1)], total: 1 }),
      '/api/applications/get': ok(makeDetail(1)),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['mine']} search={{ id: app(1) }} onSearchChange={onSearchChange} title="请假管理" />, ['qjgl']);
    const detail = await screen.findByTestId('application-detail');
    expect((await within(detail).findByTestId('detail-applicant')).textContent).toContain('学生1');
    fireEvent.click(within(await screen.findByTestId('application-row')).getByTestId('application-open'));
    expect(onSearchChange).toHaveBeenLastCalledWith({ id: app(1) });
  });
});
