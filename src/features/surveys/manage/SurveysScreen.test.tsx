import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SurveyRow } from '../../../../contracts/surveys';
import { GrantsProvider } from '../../../components/Permission';
import { setConfig } from '../../../lib/config';
import { resetOfflineDbForTests, setScope } from '../../../lib/offline/db';
import { blankDraft, keepDraft, storedDraft } from '../builder/draft';
import { fakeFetch, fail, ok, renderWithProviders } from '../../../test/render';
import { SurveysScreen } from './SurveysScreen';
import { recordNotices, type Notices } from '../../../test/notices';

let notified: Notices;

const ID = '01900000-0000-7000-8000-000000000011';
const row = (over: Partial<SurveyRow> = {}): SurveyRow => ({
  id: ID,
  title: '秋季运动会报名意向',
  startsAt: '2026-11-20T08:00:00+08:00',
  endsAt: '2026-12-20T08:00:00+08:00',
  audience: 'targeted',
  anonymous: false,
  oncePer: 'person',
  inUse: true,
  published: false,
  publishedAt: null,
  timeState: 'started',
  questionCount: 3,
  answerCount: 0,
  targetCount: 42,
  createdById: 'u',
  createdByName: '王老师',
  createdAt: '2026-11-20T08:00:00+08:00',
  version: 2,
  can: { edit: true, delete: true, publish: false, results: true },
  ...over,
});

const render = (permissions: string[], go = vi.fn()) =>
  renderWithProviders(
    <GrantsProvider value={{ permissions, roles: [] }}>
      <SurveysScreen search={{}} onSearchChange={vi.fn()} go={go} />
    </GrantsProvider>,
  );

describe('SurveysScreen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices();
    localStorage.clear();
    setScope({ tenant: 'demo', userId: 'teacher' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOfflineDbForTests();
  });

  it('a teacher (no survey_cjwj_publish) is told to contact the administrator, and nothing is sent', async () => {
    const fake = fakeFetch({ '/api/surveys/list': ok({ rows: [row()], total: 1 }), '/api/surveys/publish': ok(row({ published: true })) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    render(['survey_cjwj', 'survey_cjwj_add', 'survey_cjwj_edit', 'survey_cjwj_delete']);
    const found = await screen.findByTestId('survey-row');
    expect(within(found).getByTestId('state-published').textContent).toBe('未发布');
    expect(within(found).getByTestId('state-time').textContent).toBe('进行中');
    expect(within(found).getByTestId('survey-answers').textContent).toBe('0 / 42');
    fireEvent.click(within(found).getByTestId('survey-publish'));
    expect(notified.error).toEqual(['没有发布问卷的权限，请联系管理员']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.some((call) => call.url.pathname === '/api/surveys/publish')).toBe(false);
  });

  it('the administrator publishes after confirming, with the version read; a refusal shows the server’s words', async () => {
    let body: unknown = null;
    const fake = fakeFetch({
      '/api/surveys/list': ok({ rows: [row({ audience: 'everyone', targetCount: null, answerCount: 5 })], total: 1 }),
      '/api/surveys/publish': (init) => {
        body = JSON.parse(String(init.body));
        return fail(40300, '结束时间已过，不能发布');
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    render(['survey_cjwj', 'survey_cjwj_add', 'survey_cjwj_edit', 'survey_cjwj_delete', 'survey_cjwj_publish']);
    const found = await screen.findByTestId('survey-row');
    expect(within(found).getByTestId('survey-answers').textContent).toBe('5');
    fireEvent.click(within(found).getByTestId('survey-publish'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('确定发布问卷“秋季运动会报名意向”吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(body).toEqual({ id: ID, version: 2, published: true }));
    await waitFor(() => expect(notified.error).toEqual(['结束时间已过，不能发布']));
  });

  it('复制链接 copies the link the server made from the school’s public address, or says why there is none', async () => {
    const link = `https://xiaowu.example.edu.cn/survey/wjdt/answerSurvey?id=${ID}&tenant=demo`;
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let refuse = false;
    const fake = fakeFetch({ '/api/surveys/list': ok({ rows: [row({ audience: 'everyone', targetCount: null })], total: 1 }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).includes('/api/surveys/qr')) return fake.impl(input, init);
        if (refuse) return new Response(JSON.stringify({ code: 40000, result: false, msg: '请先在系统配置中设置对外访问地址', data: null }), { headers: { 'Content-Type': 'application/json' } });
        return new Response(new Uint8Array([0x89, 0x50]), { headers: { 'Content-Type': 'image/png', 'X-Survey-Link': encodeURI(link) } });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <GrantsProvider value={{ permissions: ['survey_cjwj'], roles: [] }}>
        <SurveysScreen search={{}} onSearchChange={vi.fn()} go={vi.fn()} />
      </GrantsProvider>,
      queryClient,
    );
    const found = await screen.findByTestId('survey-row');
    // the row's menu by keyboard (jsdom has no pointer to hover an item): down to 复制链接, Enter
    const copyLink = async () => {
      await act(async () => within(found).getByTestId('survey-more').click());
      const item = await screen.findByTestId('survey-copy-link');
      const menu = item.closest('[role=menu]')!;
      for (let step = 0; step < 10 && !item.hasAttribute('data-highlighted'); step += 1) await act(async () => fireEvent.keyDown(menu, { key: 'ArrowDown' }));
      await act(async () => fireEvent.keyDown(menu, { key: 'Enter' }));
    };
    await copyLink();
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));

    refuse = true;
    queryClient.removeQueries();
    await copyLink();
    await waitFor(() => expect(notified.error).toEqual(['请先在系统配置中设置对外访问地址']));
    expect(writeText).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('新建 opens the editor with a new id; 编辑 with the row’s', async () => {
    const fake = fakeFetch({ '/api/surveys/list': ok({ rows: [row()], total: 1 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const go = vi.fn();
    render(['survey_cjwj', 'survey_cjwj_add', 'survey_cjwj_edit'], go);
    const found = await screen.findByTestId('survey-row');
    fireEvent.click(screen.getByTestId('survey-new'));
    expect(go).toHaveBeenLastCalledWith('/survey/cjwj/bjwj', { id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    fireEvent.click(within(found).getByTestId('survey-edit'));
    expect(go).toHaveBeenLastCalledWith('/survey/cjwj/bjwj', { id: ID });
    // no delete permission: no selection, no batch delete
    expect(screen.queryByTestId('survey-batch-delete')).toBeNull();
  });

  it('统计 only where the server says the caller may see the results', async () => {
    const OTHER = '01900000-0000-7000-8000-000000000012';
    const fake = fakeFetch({ '/api/surveys/list': ok({ rows: [row(), row({ id: OTHER, title: '别人的问卷', can: { edit: false, delete: false, publish: false, results: false } })], total: 2 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const go = vi.fn();
    render(['survey_cjwj', 'survey_cjwj_add', 'survey_cjwj_edit'], go);
    await waitFor(() => expect(screen.getAllByTestId('survey-row')).toHaveLength(2));
    const [mine, others] = screen.getAllByTestId('survey-row');
    fireEvent.click(within(mine!).getByTestId('survey-results'));
    expect(go).toHaveBeenLastCalledWith('/survey/cjwj/tjfx', { id: ID });
    expect(within(others!).queryByTestId('survey-results')).toBeNull();
    fireEvent.click(within(others!).getByTestId('survey-more'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('统计')).toBeNull();
    expect(within(menu).getByText('预览')).toBeTruthy();
  });

  it('this user’s unsaved new questionnaires on the device: 继续编辑 opens the editor, 丢弃 asks and drops it; another user’s are not shown', async () => {
    const A = '01900000-0000-7000-8000-0000000000d1';
    const B = '01900000-0000-7000-8000-0000000000d2';
    keepDraft({ ...blankDraft(A), title: '家长会反馈' }, Date.parse('2026-11-20T09:30:00+08:00'));
    keepDraft({ ...blankDraft(B), title: '', questions: [{ id: 'q', kind: 'text', title: '', description: '', required: false } as never] }, Date.parse('2026-11-21T08:05:00+08:00'));
    setScope({ tenant: 'demo', userId: 'someone-else' });
    keepDraft({ ...blankDraft('01900000-0000-7000-8000-0000000000d3'), title: '别人的草稿' });
    setScope({ tenant: 'demo', userId: 'teacher' });
    const fake = fakeFetch({ '/api/surveys/list': ok({ rows: [], total: 0 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const go = vi.fn();
    render(['survey_cjwj', 'survey_cjwj_add', 'survey_cjwj_edit'], go);
    const notice = await screen.findByTestId('device-drafts');
    expect(notice.textContent).toContain('本机有 2 份未保存的新问卷');
    const items = within(notice).getAllByTestId('device-draft');
    expect(items.map((item) => within(item).getByTestId('device-draft-title').textContent)).toEqual(['未命名问卷', '家长会反馈']);
    expect(items[1]!.textContent).toContain('保存于本机 2026-11-20 09:30');
    expect(notice.textContent).not.toContain('别人的草稿');
    fireEvent.click(within(items[1]!).getByTestId('device-draft-continue'));
    expect(go).toHaveBeenLastCalledWith('/survey/cjwj/bjwj', { id: A });
    fireEvent.click(within(items[0]!).getByTestId('device-draft-discard'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('确定丢弃本机保存的未保存问卷“未命名问卷”吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(screen.getByTestId('device-drafts')).getAllByTestId('device-draft')).toHaveLength(1));
    expect(storedDraft(B)).toBeNull();
    expect(storedDraft(A)?.draft.title).toBe('家长会反馈');
  });

  it('批量删除: select-all takes only the rows the caller may delete; the selected go after confirming', async () => {
    const OTHER = '01900000-0000-7000-8000-000000000012';
    const THIRD = '01900000-0000-7000-8000-000000000013';
    let body: unknown = null;
    const fake = fakeFetch({
      '/api/surveys/list': ok({
        rows: [row(), row({ id: OTHER, title: '别人的问卷', can: { edit: false, delete: false, publish: false, results: false } }), row({ id: THIRD, title: '食堂服务评价' })],
        total: 3,
      }),
      '/api/surveys/delete': (init) => {
        body = JSON.parse(String(init.body));
        return ok(null);
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    render(['survey_cjwj', 'survey_cjwj_add', 'survey_cjwj_edit', 'survey_cjwj_delete']);
    await waitFor(() => expect(screen.getAllByTestId('survey-row')).toHaveLength(3));
    expect((screen.getByRole('checkbox', { name: '选择 别人的问卷' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 食堂服务评价' }));
    expect(screen.getByText('已选 1 项')).toBeTruthy();
    fireEvent.click(screen.getByTestId('survey-batch-delete'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('确定删除所选的 1 份问卷吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(body).toEqual({ ids: [ID] }));
  });
});
