import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SurveyRow } from '../../../../contracts/surveys';
import { GrantsProvider } from '../../../components/Permission';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, ok, renderWithProviders } from '../../../test/render';
import { SurveysScreen } from './SurveysScreen';

const notified = vi.hoisted(() => ({ error: [] as string[], success: [] as string[] }));
vi.mock('../../../lib/notify', async (original) => ({
  ...(await original<typeof import('../../../lib/notify')>()),
  notify: {
    error: (title: string) => notified.error.push(title),
    success: (title: string) => notified.success.push(title),
    info: () => undefined,
    warning: () => undefined,
  },
}));

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
      <SurveysScreen search={{}} onSearchChange={vi.fn()} go={go} tenantCode="demo" />
    </GrantsProvider>,
  );

describe('SurveysScreen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified.error.length = 0;
    notified.success.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

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
});
