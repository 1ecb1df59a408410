import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../lib/config';
import { fail, fakeFetch, ok } from '../../test/render';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApplicationsScreen, type ScreenSearch } from './ApplicationsScreen';
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

  it('batch audit (待我审核): a mixed selection shows the message and sends nothing; the same audit state passes at once, sending that state', async () => {
    // an administrator's todo holds rows at several steps
    const rows = [makeRow(1), makeRow(2), makeRow(3, { step: 1, steps: [{ kind: 'head_teacher' }, { kind: 'role', roleCode: 'teaching_office' }], auditState: 'pending:role:teaching_office' })];
    let batchBody: unknown = null;
    const fake = fakeFetch({
      '/api/applications/list': ok({ rows, total: 3 }),
      '/api/applications/batch-audit': (init) => {
        batchBody = JSON.parse(String(init.body));
        return ok({ count: 2 });
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['mine', 'todo', 'done', 'all']} search={{ scope: 'todo' }} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl', 'qjgl_audit']);
    const found = await screen.findAllByTestId('application-row');
    expect(found).toHaveLength(3);
    expect(within(found[2]!).getByTestId('application-state').textContent).toBe('待教务处审核');
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
    await waitFor(() => expect(batchBody).toEqual({ ids: [app(1), app(2)], decision: 'pass', opinion: '同意', auditState: 'pending:head_teacher' }));
  });

  it('batch audit: 40900 (a selected row moved on meanwhile) refreshes the list and says the selection changed', async () => {
    let lists = 0;
    const fake = fakeFetch({
      '/api/applications/list': () => {
        lists += 1;
        return ok({ rows: [makeRow(1), makeRow(2)], total: 2 });
      },
      '/api/applications/batch-audit': { body: { code: 40900, result: false, msg: '数据已被修改', data: [makeRow(1, { auditState: 'pending:role:teaching_office' })] } },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['todo']} search={{}} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl_audit']);
    const found = await screen.findAllByTestId('application-row');
    fireEvent.click(screen.getByTestId('application-select-all'));
    fireEvent.click(screen.getByTestId('batch-pass'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect((await screen.findByTestId('batch-error')).textContent).toBe('所选申请的审核状态已变化，列表已刷新，请重新选择');
    expect(screen.queryByTestId('batch-opinion')).toBeNull();
    await waitFor(() => expect(lists).toBeGreaterThan(1));
    expect(found.some((row) => (within(row).getByTestId('application-select') as HTMLInputElement).checked)).toBe(false);
  });

  it('batch audit needs a connection: offline both buttons are disabled with 批量审核需要联网', async () => {
    const fake = fakeFetch({ '/api/applications/list': ok({ rows: [makeRow(1)], total: 1 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['todo']} search={{}} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl_audit']);
    fireEvent.click(within(await screen.findByTestId('application-row')).getByTestId('application-select'));
    expect((screen.getByTestId('batch-pass') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('batch-offline')).toBeNull();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('batch-offline').textContent).toBe('批量审核需要联网');
    expect((screen.getByTestId('batch-pass') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('batch-reject') as HTMLButtonElement).disabled).toBe(true);
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect((screen.getByTestId('batch-pass') as HTMLButtonElement).disabled).toBe(false);
  });

  it('全部 offers no selection; a todo page of expired rows has select-all unticked and disabled', async () => {
    const fake = fakeFetch({ '/api/applications/list': ok({ rows: [makeRow(1, { expired: true })], total: 1 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const view = renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['todo', 'all']} search={{ scope: 'all' }} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl_audit']);
    await screen.findByTestId('application-row');
    expect(screen.queryByTestId('application-select-all')).toBeNull();
    expect(screen.queryByTestId('batch-pass')).toBeNull();
    view.unmount();
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['todo', 'all']} search={{ scope: 'todo' }} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl_audit']);
    const all = (await screen.findByTestId('application-select-all')) as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.disabled).toBe(true);
  });

  it('an auditor without an add code starts on 待我审核 (no empty 我的申请); the todo page prefetches its details', async () => {
    const fake = fakeFetch({ '/api/applications/list': ok({ rows: [makeRow(1), makeRow(2)], total: 2 }), '/api/applications/get': (init) => ok(makeDetail(Number(JSON.parse(String(init.body)).id.slice(-3)))) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const { queryClient } = renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['mine', 'todo', 'done', 'all']} search={{}} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl', 'qjgl_audit']);
    await screen.findAllByTestId('application-row');
    expect(screen.queryByTestId('scope-mine')).toBeNull();
    expect(screen.getByTestId('scope-todo').getAttribute('aria-selected')).toBe('true');
    const body = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/applications/list')!.init.body));
    expect(JSON.parse(body.search)).toEqual({ scope: 'todo', kinds: ['student_leave'] });
    await waitFor(() => expect(queryClient.getQueryData(['applications', 'detail', app(2)])).toMatchObject({ id: app(2) }));
    expect(queryClient.getQueryData(['applications', 'detail', app(1)])).toMatchObject({ id: app(1) });
  });

  it('the search fields follow the URL (a message link, the back button)', async () => {
    const fake = fakeFetch({ '/api/applications/list': ok({ rows: [], total: 0 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    function Harness() {
      const [search, setSearch] = useState<ScreenSearch>({ keyword: '王' });
      return (
        <>
          <button type="button" onClick={() => setSearch({ keyword: '李', state: 'approved' })}>
            back
          </button>
          <ApplicationsScreen kinds={['student_leave']} scopes={['mine']} search={search} onSearchChange={onSearchChange} title="请假管理" />
        </>
      );
    }
    renderWithGrants(<Harness />, ['qjgl', 'qjgl_add']);
    const keyword = (await screen.findByPlaceholderText('请输入')) as HTMLInputElement;
    expect(keyword.value).toBe('王');
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(keyword.value).toBe('李'));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ keyword: '李', state: 'approved' });
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
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['mine']} search={{ id: app(1) }} onSearchChange={onSearchChange} title="请假管理" />, ['qjgl', 'qjgl_add']);
    const detail = await screen.findByTestId('application-detail');
    expect((await within(detail).findByTestId('detail-applicant')).textContent).toContain('学生1');
    fireEvent.click(within(await screen.findByTestId('application-row')).getByTestId('application-open'));
    expect(onSearchChange).toHaveBeenLastCalledWith({ id: app(1) });
  });

  it('offline (no answer), the todo page read last time stays on screen', async () => {
    let online = true;
    const fake = fakeFetch({ '/api/applications/list': () => (online ? ok({ rows: [makeRow(1), makeRow(2)], total: 2 }) : { error: new TypeError('Failed to fetch') }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst', staleTime: 0 } } });
    const first = renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['todo']} search={{}} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl_audit'], queryClient);
    expect(await screen.findAllByTestId('application-row')).toHaveLength(2);
    first.unmount();
    online = false;
    renderWithGrants(<ApplicationsScreen kinds={['student_leave']} scopes={['todo']} search={{}} onSearchChange={vi.fn()} title="请假管理" />, ['qjgl_audit'], queryClient);
    await waitFor(() => expect(fake.calls.filter((call) => call.url.pathname === '/api/applications/list')).toHaveLength(2));
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['table'] })[0]!.state.status).toBe('error'));
    expect(screen.getAllByTestId('application-row')).toHaveLength(2);
  });
});
