import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { clear } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankQuestion, type SurveyQuestion } from '../../contracts/survey-rules';
import type { PublicSurveyList, SurveyForAnswer } from '../../contracts/surveys';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { openDraft, saveDraft, surveysStore, type DraftKey } from '../features/surveys/answer/draft-store';
import { configureApi } from './api';
import { AnswerPage, loginHref } from './AnswerPage';
import { deviceId, newId, tenantKey } from './env';
import { ListPage } from './ListPage';
import { drainQueue, submitAnswer } from './offline';

// The public pages tell what became of a queued answer the server refused in the background (issue 9
// review H3): the list's row and notice, and the answer page with the problems and the values.

const Q = '01900000-0000-7000-8000-0000000000f1';
const text: SurveyQuestion = { ...blankQuestion('01900000-0000-7000-8000-0000000000f2', 'text', newId), title: '宿舍意见', required: true };
const survey: SurveyForAnswer = {
  id: Q,
  tenantCode: 'demo',
  schoolName: '示范学校',
  title: '家长问卷',
  description: '',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2099-01-01T00:00:00.000Z',
  anonymous: true,
  oncePer: 'device',
  audience: 'everyone',
  questions: [text],
  answered: null,
};
const list: PublicSurveyList = {
  schoolName: '示范学校',
  tenantCode: 'demo',
  rows: [{ id: Q, title: survey.title, description: '', startsAt: survey.startsAt, endsAt: survey.endsAt, timeState: 'started', questionCount: 1 }],
};

let answer: () => unknown;
const ok = (data: unknown) => ({ code: 1, result: true, msg: '', data });
const problem = { code: 40000, result: false, msg: '第1题：答案无效，请重新填写', data: { problems: [{ code: 'invalid', index: 0 }] } };

beforeEach(() => {
  configureApi({ locale: 'zh', tenant: 'demo' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const data = url === SURVEY_URLS.publicList ? ok(list) : url === SURVEY_URLS.publicOpen ? ok(survey) : url === SURVEY_URLS.publicAnswer ? answer() : null;
      if (!data) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await clear(surveysStore());
});

/** An answer queued offline (typed 'zzz'), as the device keeps it. */
async function queueOffline(): Promise<DraftKey> {
  const draft: DraftKey = { tenant: tenantKey('demo'), who: `d:${deviceId()}`, questionnaireId: Q };
  const { answerId } = await openDraft(draft, newId);
  await saveDraft(draft, { answerId, values: { [text.id]: 'zzz' }, updatedAt: 0 });
  answer = () => null; // offline
  expect((await submitAnswer(draft, answerId, { [text.id]: 'zzz' }, { tenant: 'demo', title: survey.title })).type).toBe('waiting');
  return draft;
}

const page = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe('a queued answer refused in the background', () => {
  it('40000 while the list is open: the row and the top notice say it was not accepted', async () => {
    await queueOffline();
    page(<ListPage tenant="demo" />);
    expect((await screen.findByTestId('public-queue-notice')).textContent).toContain('有 1 份答卷保存在本设备上');

    answer = () => problem;
    await drainQueue(true);
    const row = await screen.findByTestId('public-row-refused');
    expect(row.textContent).toContain('提交未被接受，点此修改：第1题：答案无效，请重新填写');
    const notice = screen.getByTestId('public-refused-notice');
    expect(within(notice).getByRole('link').textContent).toContain('「家长问卷」未提交：第1题：答案无效，请重新填写');
    expect(screen.queryByTestId('public-queue-notice')).toBeNull();
  });

  it('expired: the row says so', async () => {
    await queueOffline();
    page(<ListPage tenant="demo" />);
    await screen.findByTestId('public-survey-row');
    answer = () => ({ code: 40300, result: false, msg: '问卷已过期，截止时间：2026-11-20 00:00', data: { reason: 'expired' } });
    await drainQueue(true);
    expect((await screen.findByTestId('public-row-refused')).textContent).toContain('未提交：问卷已过期，截止时间：2026-11-20 00:00');
  });

  it('the answer page opens with the problem under its question and the values editable; dismissing removes the notice', async () => {
    await queueOffline();
    answer = () => problem;
    await drainQueue(true);
    page(<AnswerPage tenant="demo" id={Q} />);
    const box = await screen.findByRole('textbox');
    expect((box as HTMLTextAreaElement).value).toBe('zzz');
    expect((box as HTMLTextAreaElement).disabled).toBe(false);
    expect((screen.getByTestId('survey-problem-1')).textContent).toContain('答案无效，请重新填写');
    expect((screen.getByTestId('public-submit-refusal')).textContent).toContain('答卷未提交');
    screen.getByTestId('public-dismiss-refusal').click();
    await vi.waitFor(() => expect(screen.queryByTestId('public-submit-refusal')).toBeNull());

    // gone from the list too
    page(<ListPage tenant="demo" />);
    await screen.findAllByTestId('public-survey-row');
    expect(screen.queryByTestId('public-row-refused')).toBeNull();
  });
});

describe('a refused answer of a survey that has closed', () => {
  it('the answer page says the kept answer was not submitted, beside the refusal; 知道了 removes it', async () => {
    await queueOffline();
    const expired = { code: 40300, result: false, msg: '问卷已过期，截止时间：2026-11-20 00:00', data: { reason: 'expired' } };
    answer = () => expired;
    await drainQueue(true);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(expired), { status: 200, headers: { 'content-type': 'application/json' } })));
    page(<AnswerPage tenant="demo" id={Q} />);
    expect((await screen.findByTestId('public-refusal-text')).textContent).toBe('问卷已过期，截止时间：2026-11-20 00:00');
    const note = await screen.findByTestId('public-stored-refusal');
    expect(note.textContent).toContain('本设备上的答卷没有提交成功：问卷已过期');
    within(note).getByRole('button', { name: '知道了' }).click();
    await vi.waitFor(() => expect(screen.queryByTestId('public-stored-refusal')).toBeNull());
  });
});

describe('logging in from the public page', () => {
  it('comes back to the same survey', () => {
    expect(loginHref({ pathname: '/survey/wjdt/answerSurvey', search: `?id=${Q}&tenant=demo` })).toBe(`/login?redirect=${encodeURIComponent(`/survey/wjdt/answerSurvey?id=${Q}&tenant=demo`)}`);
  });
});
