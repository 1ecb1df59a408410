import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankQuestion } from '../../../../contracts/survey-rules';
import type { SurveyDetail } from '../../../../contracts/surveys';
import { setConfig } from '../../../lib/config';
import { resetOfflineDbForTests, setScope } from '../../../lib/offline/db';
import { fail, fakeFetch, ok, renderScreen } from '../../../test/render';
import { blankDraft, keepDraft, storedDraft } from './draft';
import { SurveyEditor } from './SurveyEditor';

const ID = '01900000-0000-7000-8000-000000000021';
const ADMIN = ['survey_cjwj', 'survey_cjwj_add', 'survey_cjwj_edit', 'survey_cjwj_delete', 'survey_cjwj_publish', 'jzwj_wjsz'];

const renderEditor = (ui: ReactElement, permissions = ADMIN) => renderScreen(ui, { permissions });

const q = (n: number, title: string) => ({ ...blankQuestion(`00000000-0000-4000-8000-00000000000${n}`, 'text', () => crypto.randomUUID()), title });

const detail = (over: Partial<SurveyDetail> = {}): SurveyDetail => ({
  id: ID,
  title: '家长会反馈',
  description: '',
  startsAt: '2026-11-20T08:00:00+08:00',
  endsAt: '2026-12-20T08:00:00+08:00',
  audience: 'everyone',
  anonymous: true,
  oncePer: 'device',
  inUse: true,
  published: false,
  publishedAt: null,
  timeState: 'started',
  questionCount: 3,
  answerCount: 0,
  targetCount: null,
  createdById: 'u',
  createdByName: '管理员',
  createdAt: '2026-11-20T08:00:00+08:00',
  version: 4,
  can: { edit: true, delete: true, publish: true, results: true },
  target: { userIds: [], orgIds: [], roleCodes: [] },
  targetNames: { userIds: {}, orgIds: {}, roleCodes: {} },
  questions: [q(1, '第一'), q(2, '第二'), q(3, '第三')],
  ...over,
});

const titles = () => (screen.getAllByTestId('question-title') as HTMLInputElement[]).map((input) => input.value);

describe('SurveyEditor', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    localStorage.clear();
    setScope({ tenant: 'demo', userId: 'teacher' });
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOfflineDbForTests();
  });

  it('a new questionnaire: problems stop the save; then it saves as version 0 and the kept draft goes', async () => {
    let saved: Record<string, unknown> | null = null;
    const fake = fakeFetch({
      '/api/surveys/get': fail(40400, '问卷不存在或已被删除'),
      '/api/surveys/save': (init) => {
        saved = JSON.parse(String(init.body)) as Record<string, unknown>;
        return ok({ ...detail({ version: 1, questions: saved.questions as SurveyDetail['questions'] }), title: saved.title as string });
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderEditor(<SurveyEditor id={ID} onBack={vi.fn()} onPreview={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: '新建问卷' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('survey-save'));
    expect((await screen.findByTestId('survey-save-error')).textContent).toBe('请先修改标出的问题再保存');
    expect(screen.getByText('请输入问卷标题')).toBeTruthy();
    expect(saved).toBeNull();

    fireEvent.change(screen.getByTestId('survey-title'), { target: { value: '食堂满意度' } });
    // the kind menu by keyboard (jsdom has no pointer to hover an item): Home is 单选题
    await act(async () => screen.getByTestId('question-add').click());
    const menu = (await screen.findByRole('menuitem', { name: /单选题/ })).closest('[role=menu]')!;
    await act(async () => fireEvent.keyDown(menu, { key: 'Home' }));
    await act(async () => fireEvent.keyDown(menu, { key: 'Enter' }));
    const card = await screen.findByTestId('question-card');
    expect(card.getAttribute('data-kind')).toBe('single');
    fireEvent.change(within(card).getByTestId('question-title'), { target: { value: '您满意吗？' } });
    // typed: kept on the device
    await waitFor(() => expect(storedDraft(ID)?.draft.title).toBe('食堂满意度'));
    const labels = within(card).getAllByTestId('option-label');
    fireEvent.change(labels[0]!, { target: { value: '满意' } });
    fireEvent.change(labels[1]!, { target: { value: '不满意' } });
    fireEvent.click(screen.getByTestId('survey-save'));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({ id: ID, version: 0, title: '食堂满意度', audience: 'everyone', oncePer: 'person' });
    expect((saved!.questions as { options: { label: string }[] }[])[0]!.options.map((o) => o.label)).toEqual(['满意', '不满意']);
    await waitFor(() => expect(storedDraft(ID)).toBeNull());
    expect(await screen.findByRole('heading', { name: '编辑问卷' })).toBeTruthy();
  });

  it('restores what was typed on this device, with a notice; 放弃这些修改 goes back to the saved one', async () => {
    const fake = fakeFetch({ '/api/surveys/get': ok(detail()) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    keepDraft({ ...blankDraft(ID), version: 4, title: '家长会反馈（改）', questions: detail().questions, startsAt: '2026-11-20T08:00', endsAt: '2026-12-20T08:00', anonymous: true, oncePer: 'device' }, Date.parse('2026-11-21T10:30:00+08:00'));
    renderEditor(<SurveyEditor id={ID} onBack={vi.fn()} onPreview={vi.fn()} />);
    expect((await screen.findByTestId('draft-restored')).textContent).toContain('已恢复 2026-11-21 10:30 在本机保存的未提交修改');
    expect((screen.getByTestId('survey-title') as HTMLInputElement).value).toBe('家长会反馈（改）');
    fireEvent.click(screen.getByRole('button', { name: '放弃这些修改' }));
    expect((screen.getByTestId('survey-title') as HTMLInputElement).value).toBe('家长会反馈');
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    await waitFor(() => expect(storedDraft(ID)).toBeNull());
  });

  it('back from its preview the typed draft is there without the restored notice', async () => {
    const fake = fakeFetch({ '/api/surveys/get': ok(detail()) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onPreview = vi.fn();
    const first = renderEditor(<SurveyEditor id={ID} onBack={vi.fn()} onPreview={onPreview} />);
    fireEvent.change(await screen.findByTestId('survey-title'), { target: { value: '家长会反馈（预览前）' } });
    fireEvent.click(screen.getByTestId('survey-preview'));
    expect(onPreview).toHaveBeenCalledWith(ID, true);
    expect(storedDraft(ID)?.draft.title).toBe('家长会反馈（预览前）');
    first.unmount();
    renderEditor(<SurveyEditor id={ID} onBack={vi.fn()} onPreview={vi.fn()} />);
    await waitFor(() => expect((screen.getByTestId('survey-title') as HTMLInputElement).value).toBe('家长会反馈（预览前）'));
    expect(screen.queryByTestId('draft-restored')).toBeNull();
  });

  it('a published questionnaire: questions read-only with the reason, the title still editable; 40900 keeps what was typed', async () => {
    let saves = 0;
    const fake = fakeFetch({
      '/api/surveys/get': ok(detail({ published: true, answerCount: 2 })),
      '/api/surveys/save': () => {
        saves += 1;
        return { body: { code: 40900, result: false, msg: '数据已被他人修改', data: detail({ published: true, answerCount: 3, version: 5, title: '别人改的' }) } };
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderEditor(<SurveyEditor id={ID} onBack={vi.fn()} onPreview={vi.fn()} />);
    expect(await screen.findByTestId('questions-locked')).toBeTruthy();
    expect(screen.queryByTestId('question-add')).toBeNull();
    expect(screen.queryByTestId('question-handle')).toBeNull();
    expect((screen.getAllByTestId('question-title')[0] as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByTestId('survey-title'), { target: { value: '家长会反馈（延期）' } });
    fireEvent.click(screen.getByTestId('survey-save'));
    expect(await screen.findByTestId('survey-conflict')).toBeTruthy();
    expect(saves).toBe(1);
    expect((screen.getByTestId('survey-title') as HTMLInputElement).value).toBe('家长会反馈（延期）');
    await act(async () => fireEvent.click(screen.getByTestId('conflict-keep-mine')));
    expect(screen.queryByTestId('survey-conflict')).toBeNull();
    expect((screen.getByTestId('survey-title') as HTMLInputElement).value).toBe('家长会反馈（延期）');
  });

  it('questions move with the buttons and with the keyboard on the drag handle', async () => {
    const fake = fakeFetch({ '/api/surveys/get': ok(detail()) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderEditor(<SurveyEditor id={ID} onBack={vi.fn()} onPreview={vi.fn()} />);
    await screen.findAllByTestId('question-card');
    expect(titles()).toEqual(['第一', '第二', '第三']);
    fireEvent.click(screen.getAllByTestId('question-down')[0]!);
    expect(titles()).toEqual(['第二', '第一', '第三']);
    fireEvent.click(screen.getAllByTestId('question-up')[2]!);
    expect(titles()).toEqual(['第二', '第三', '第一']);

    // keyboard sorting (dnd-kit): cards laid out 100 px apart (jsdom has no layout)
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const card = this.closest('[data-testid="question-card"]');
      const cards = screen.queryAllByTestId('question-card');
      const top = card ? cards.indexOf(card as HTMLElement) * 100 : 0;
      return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 90, width: 600, height: 90, toJSON: () => ({}) } as DOMRect;
    });
    const handle = screen.getAllByTestId('question-handle')[0]!;
    handle.focus();
    await act(async () => fireEvent.keyDown(handle, { key: ' ', code: 'Space' }));
    // a screen reader hears it in Chinese
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^(已拿起第1题|移到第1题的位置)$/));
    await act(async () => fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' }));
    await act(async () => fireEvent.keyDown(document, { key: ' ', code: 'Space' }));
    await waitFor(() => expect(titles()).toEqual(['第三', '第二', '第一']));
    rect.mockRestore();
  });
});
