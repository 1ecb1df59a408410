import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SurveyAnswerRequest, SurveyForAnswer } from '../../../contracts/surveys';
import { SURVEY_URLS } from '../../../contracts/survey-urls';
import { tableKeys } from '../../components/table/table-query';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { enqueue, outboxKind, takeServers, type OutboxEntry } from '../../lib/offline/outbox';
import { fakeFetch, renderWithProviders } from '../../test/render';
import { surveyAnswerKeys } from './answer-api';
import AnswerConflictView from './answering/AnswerConflictView';
import { keepPicture, loadDraft, openDraft, pictureBlob, saveDraft } from './answering/draft';
import { knownSurveyTitles } from './answering/known';
import { answerEntityKey, answerSurveyKind } from './outbox-kind';

const SURVEY = '11111111-1111-4111-8111-111111111111';
const payload: SurveyAnswerRequest = { questionnaireId: SURVEY, answerId: '22222222-2222-4222-8222-222222222222', values: { q1: 'o1' } };
const openView = (): SurveyForAnswer => ({
  id: SURVEY,
  tenantCode: 'demo',
  schoolName: '示例学校',
  title: '课后服务需求调查',
  description: '',
  startsAt: '2026-11-01T00:00:00+08:00',
  endsAt: '2026-12-31T00:00:00+08:00',
  anonymous: false,
  oncePer: 'person',
  audience: 'targeted',
  questions: [],
  answered: null,
});
let serial = 0;

const entryOf = (over: Partial<OutboxEntry<SurveyAnswerRequest>> = {}): OutboxEntry<SurveyAnswerRequest> => ({
  opId: '01900000-0000-7000-8000-00000000f001',
  kind: 'surveys.answer',
  entityKey: answerEntityKey(SURVEY),
  payload,
  baseVersion: null,
  createdAt: 1,
  attempts: 1,
  state: 'conflict',
  lastError: { code: 40900, msg: '您已提交过该问卷' },
  serverData: { reason: 'already_submitted', answerId: '33333333-3333-4333-8333-333333333333', submittedAt: '2026-11-21T02:30:00.000Z' },
  nextAttemptAt: 0,
  ...over,
});

describe("outbox kind 'surveys.answer'", () => {
  beforeEach(() => {
    serial += 1;
    setScope({ tenant: 'demo', userId: `s${serial}` });
  });
  afterEach(() => {
    resetOfflineDbForTests();
    vi.unstubAllGlobals();
  });

  it('is registered under its name with the answer URL, never offers keep mine, and describes an answer with its title', () => {
    expect(outboxKind('surveys.answer')).toBe(answerSurveyKind);
    expect(answerSurveyKind.url).toBe(SURVEY_URLS.answer);
    expect(answerSurveyKind.canKeepMine!(entryOf())).toBe(false);
    knownSurveyTitles.delete(SURVEY);
    expect(answerSurveyKind.describe(payload)).toBe('问卷答卷');
    knownSurveyTitles.set(SURVEY, '课后服务需求调查');
    expect(answerSurveyKind.describe(payload)).toBe('问卷答卷：课后服务需求调查');
  });

  it('on delivery the open view says answered (with the time), my list refreshes, and the draft goes', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(surveyAnswerKeys.open(SURVEY), openView());
    const listKey = [...tableKeys.url(SURVEY_URLS.mine), 'A', { page: 0 }];
    queryClient.setQueryData(listKey, { rows: [], total: 0 });
    const draft = await openDraft(SURVEY);
    expect(await loadDraft(SURVEY)).toBeDefined();
    await answerSurveyKind.onDelivered!({ answerId: draft.answerId, submittedAt: '2026-11-21T03:00:00.000Z' }, entryOf({ state: 'sending' }), queryClient);
    expect(queryClient.getQueryData<SurveyForAnswer>(surveyAnswerKeys.open(SURVEY))!.answered).toEqual({ answerId: draft.answerId, submittedAt: '2026-11-21T03:00:00.000Z' });
    expect(queryClient.getQueryState(listKey)!.isInvalidated).toBe(true);
    expect(await loadDraft(SURVEY)).toBeUndefined();
  });

  it("'already submitted' elsewhere → take the server's marks it answered with the other answer's time, the entry goes", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(surveyAnswerKeys.open(SURVEY), openView());
    const db = currentDb()!;
    const queued = await enqueue(answerSurveyKind, { entityKey: answerEntityKey(SURVEY), payload });
    expect(queued.entityKey).toBe(`survey:${SURVEY}`);
    await db.outbox.update(queued.opId, { state: 'conflict', serverData: entryOf().serverData });
    await takeServers(queued.opId, queryClient);
    expect(await db.outbox.count()).toBe(0);
    expect(queryClient.getQueryData<SurveyForAnswer>(surveyAnswerKeys.open(SURVEY))!.answered).toEqual({
      answerId: '33333333-3333-4333-8333-333333333333',
      submittedAt: '2026-11-21T02:30:00.000Z',
    });
  });

  it('the conflict view says it was submitted elsewhere and when', () => {
    knownSurveyTitles.set(SURVEY, '课后服务需求调查');
    renderWithProviders(<AnswerConflictView entry={entryOf()} />);
    const view = screen.getByTestId('survey-answer-conflict');
    expect(view.textContent).toContain('课后服务需求调查');
    expect(view.textContent).toMatch(/已在其他设备或页面提交（.*2026.*），每人只能提交一次/);
  });

  it('prepare uploads each picture kept on the device (quietly, with the questionnaire and answer ids), stores each file id at once, and the draft takes it', async () => {
    const draft = await openDraft(SURVEY);
    const kept = await keepPicture(new File(['png'], '照片.png', { type: 'image/png' }), SURVEY, draft.answerId);
    const gone = 'local:99999999-9999-4999-8999-999999999999';
    const values = { q1: 'o1', q4: [kept, gone, 'f0'] };
    await saveDraft(SURVEY, { ...draft, values }, true);
    const uploads: Record<string, string>[] = [];
    const fake = fakeFetch({
      [SURVEY_URLS.publicUpload]: (init, url) => {
        const file = (init.body as FormData).get('file') as File;
        uploads.push({ questionnaireId: url.searchParams.get('questionnaireId') ?? '', answerId: url.searchParams.get('answerId') ?? '', file: file.name });
        return { body: { code: 1, result: true, msg: '', data: { resId: 'f1' } } };
      },
    });
    vi.stubGlobal('fetch', fake.impl);
    const saved: unknown[] = [];
    const prepared = await answerSurveyKind.prepare!(entryOf({ state: 'pending', payload: { ...payload, answerId: draft.answerId, values } }), async (next) => {
      saved.push(next);
    });
    // the picture missing from the device keeps its token: the server says which question
    const expected = { questionnaireId: SURVEY, answerId: draft.answerId, values: { q1: 'o1', q4: ['f1', gone, 'f0'] } };
    expect(prepared).toEqual({ payload: expected });
    expect(saved).toEqual([expected]);
    expect(uploads).toEqual([{ questionnaireId: SURVEY, answerId: draft.answerId, file: '照片.png' }]);
    expect((await loadDraft(SURVEY))!.values).toEqual({ q1: 'o1', q4: ['f1', gone, 'f0'] });
    expect(await pictureBlob(kept)).toBeUndefined();
    // nothing left to upload: nothing to do
    expect(await answerSurveyKind.prepare!(entryOf({ payload: expected }), async () => undefined)).toBeNull();
  });
});
