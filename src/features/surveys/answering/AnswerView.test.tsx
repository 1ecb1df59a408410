import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SurveyAnswerRequest, SurveyForAnswer } from '../../../../contracts/surveys';
import { SURVEY_URLS } from '../../../../contracts/survey-urls';
import { tableKeys } from '../../../components/table/table-query';
import { currentDb, resetOfflineDbForTests, setScope } from '../../../lib/offline/db';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { surveyAnswerKeys } from '../answer-api';
import { AnswerView } from './AnswerView';
import { loadDraft, openDraft, saveDraft } from './draft';

const ID = '44444444-4444-4444-8444-444444444444';
const Q1 = '55555555-5555-4555-8555-555555555555';
const YES = '66666666-6666-4666-8666-666666666666';
const DAY = 86_400_000;
const survey = (over: Partial<SurveyForAnswer> = {}): SurveyForAnswer => ({
  id: ID,
  tenantCode: 'demo',
  schoolName: '示例学校',
  title: '课后服务需求调查',
  description: '',
  startsAt: new Date(Date.now() - DAY).toISOString(),
  endsAt: new Date(Date.now() + DAY).toISOString(),
  anonymous: false,
  oncePer: 'person',
  audience: 'targeted',
  questions: [
    {
      id: Q1,
      kind: 'single',
      title: '是否需要课后托管？',
      description: '',
      required: true,
      options: [
        { id: YES, label: '需要' },
        { id: '77777777-7777-4777-8777-777777777777', label: '不需要' },
      ],
      rows: [],
      min: null,
      max: null,
      integer: false,
      multiline: false,
      skips: [],
    },
  ],
  answered: null,
  ...over,
});

function renderView(data?: SurveyForAnswer) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (data) queryClient.setQueryData(surveyAnswerKeys.open(ID), data);
  return renderWithProviders(<AnswerView id={ID} onBack={() => undefined} />, queryClient);
}

let serial = 0;
describe('AnswerView (问卷填报 ?id=)', () => {
  beforeEach(() => {
    serial += 1;
    setScope({ tenant: 'demo', userId: `v${serial}` });
  });
  afterEach(() => {
    resetOfflineDbForTests();
    vi.unstubAllGlobals();
  });

  it("submitting queues the answer in the outbox under the draft's answer id and shows 待同步 at once", async () => {
    renderView(survey());
    await screen.findByTestId('survey-answer-form');
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(await screen.findByTestId('survey-problem-1')).toHaveProperty('textContent', '此题为必答题');
    expect(await currentDb()!.outbox.count()).toBe(0);
    fireEvent.click(screen.getByLabelText('需要'));
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(await screen.findByTestId('survey-answer-pending')).toHaveProperty('textContent', expect.stringContaining('待同步'));
    const [entry] = (await currentDb()!.outbox.toArray()) as OutboxEntry<SurveyAnswerRequest>[];
    const draft = await loadDraft(ID);
    expect(entry).toMatchObject({ kind: 'surveys.answer', entityKey: `survey:${ID}`, url: SURVEY_URLS.answer });
    expect(entry!.payload).toEqual({ questionnaireId: ID, answerId: draft!.answerId, values: { [Q1]: YES } });
    // no second submit while it waits
    expect(screen.queryByTestId('survey-submit')).toBeNull();
  });

  it('an answered questionnaire says so with the time and offers no submit', async () => {
    renderView(survey({ answered: { answerId: '88888888-8888-4888-8888-888888888888', submittedAt: '2026-11-20T02:30:00.000Z' } }));
    const answered = await screen.findByTestId('survey-answered');
    expect(answered.textContent).toContain('已提交');
    expect(answered.textContent).toContain('2026-11-20 10:30');
    expect(screen.queryByTestId('survey-submit')).toBeNull();
  });

  it('an expired questionnaire shows the SPEC §8 words with its end (from the kept copy, offline too), read-only', async () => {
    const endsAt = '2026-11-01T09:00:00.000Z';
    renderView(survey({ startsAt: '2026-10-01T00:00:00.000Z', endsAt }));
    const refusal = await screen.findByTestId('survey-refusal');
    expect(refusal.getAttribute('data-reason')).toBe('expired');
    expect(refusal.textContent).toContain('问卷已过期，截止时间：2026-11-01 17:00');
    await waitFor(() => expect(screen.queryByTestId('survey-submit')).toBeNull());
  });

  it("a refusal of the open call shows the reason's words (not found)", async () => {
    const fake = fakeFetch({ [SURVEY_URLS.open]: { body: { code: 40400, result: false, msg: '问卷不存在', data: { reason: 'not_found' } } } });
    vi.stubGlobal('fetch', fake.impl);
    renderView();
    const refusal = await screen.findByTestId('survey-refusal');
    expect(refusal.getAttribute('data-reason')).toBe('not_found');
    expect(refusal.textContent).toContain('问卷不存在或已被删除');
  });

  it('an expired refusal names the end from the list row read before, under its title', async () => {
    const fake = fakeFetch({ [SURVEY_URLS.open]: { body: { code: 40300, result: false, msg: '问卷已过期', data: { reason: 'expired' } } } });
    vi.stubGlobal('fetch', fake.impl);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const row = { id: ID, title: '食堂服务评价', startsAt: '2026-10-01T00:00:00.000Z', endsAt: '2026-11-20T09:10:00.000Z', timeState: 'expired', anonymous: false, questionCount: 3, answeredAt: null };
    queryClient.setQueryData([...tableKeys.url(SURVEY_URLS.mine), 'A', { page: 0 }], { rows: [row], total: 1 });
    renderWithProviders(<AnswerView id={ID} onBack={() => undefined} />, queryClient);
    const refusal = await screen.findByTestId('survey-refusal');
    expect(refusal.textContent).toContain('问卷已过期，截止时间：2026-11-20 17:10');
    expect(screen.getByRole('heading', { name: '食堂服务评价' })).toBeDefined();
  });

  it('a refused answer (40000) offers 修改后重新提交: the entry goes without asking, the form opens with the values and the server’s problem under its question', async () => {
    const draft = await openDraft(ID);
    await saveDraft(ID, { ...draft, values: { [Q1]: YES } }, true);
    const opId = '01900000-0000-7000-8000-00000000a001';
    await currentDb()!.outbox.add({
      opId,
      kind: 'surveys.answer',
      entityKey: `survey:${ID}`,
      payload: { questionnaireId: ID, answerId: draft.answerId, values: { [Q1]: YES } },
      baseVersion: null,
      createdAt: 1,
      attempts: 1,
      state: 'failed',
      lastError: { code: 40000, msg: '第1题：答案无效', data: { problems: [{ code: 'invalid', index: 0 }] } },
      serverData: null,
      nextAttemptAt: 0,
    });
    renderView(survey());
    expect((await screen.findByTestId('survey-answer-failed')).textContent).toContain('提交未被接受：第1题：答案无效');
    expect(screen.queryByTestId('survey-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('survey-answer-resubmit'));
    expect((await screen.findByTestId('survey-answer-refused')).textContent).toContain('第1题：答案无效');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await currentDb()!.outbox.count()).toBe(0);
    expect(await screen.findByTestId('survey-problem-1')).toHaveProperty('textContent', '答案无效，请重新填写');
    expect((screen.getByLabelText('需要') as HTMLInputElement).checked).toBe(true);
    // changed: the server's problem with that question goes; submitted again under the same answer id
    fireEvent.click(screen.getByLabelText('不需要'));
    await waitFor(() => expect(screen.queryByTestId('survey-problem-1')).toBeNull());
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(await screen.findByTestId('survey-answer-pending')).toBeDefined();
    const [entry] = (await currentDb()!.outbox.toArray()) as OutboxEntry<SurveyAnswerRequest>[];
    expect(entry!.opId).not.toBe(opId);
    expect(entry!.payload).toEqual({ questionnaireId: ID, answerId: draft.answerId, values: { [Q1]: '77777777-7777-4777-8777-777777777777' } });
  });
});
