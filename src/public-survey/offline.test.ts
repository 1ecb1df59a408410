import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { keepPicture, loadDraft, openDraft, saveDraft, type DraftKey } from '../features/surveys/answer/draft-store';
import { configureApi } from './api';
import { currentTenant, deviceId, newId } from './env';
import { backoffMs, doneOf, drainQueue, onSendOutcome, queued, submitAnswer, type SendOutcome } from './offline';

const Q = '01900000-0000-7000-8000-000000000001';
let n = 0;
const key = (): DraftKey => ({ tenant: 'demo', who: `d:device-${++n}`, questionnaireId: Q });

interface Call {
  url: string;
  headers: Headers;
  body: unknown;
}
let calls: Call[] = [];

/** fetch answering by path; a function may throw (the network is down) or return an envelope. */
function serve(routes: Record<string, (body: unknown) => unknown>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const body = init.body instanceof FormData ? init.body : JSON.parse(String(init.body ?? '{}'));
      calls.push({ url, headers: new Headers(init.headers), body });
      const route = routes[url.split('?')[0]];
      if (!route) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(route(body)), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}
const ok = (data: unknown) => ({ code: 1, result: true, msg: '', data });
const offline = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  configureApi({ locale: 'zh', tenant: 'demo' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  // leave no queued answer to the next test
  serve({ [SURVEY_URLS.publicAnswer]: () => ok({ answerId: 'x', submittedAt: '2026-11-21T00:00:00Z' }) });
  await drainQueue(true);
  vi.unstubAllGlobals();
});

describe('the public page queue (answers kept on the device until the server confirms)', () => {
  it('online: sent at once with the page headers; done recorded, draft and queue cleared', async () => {
    document.cookie = 'xiaowu-token=tok-123; path=/';
    document.cookie = 'xiaowu-token-header=X-Access-Token; path=/';
    const draft = key();
    const { answerId } = await openDraft(draft, newId);
    serve({ [SURVEY_URLS.publicAnswer]: (body) => ok({ answerId: (body as { answerId: string }).answerId, submittedAt: '2026-11-21T01:00:00.000Z' }) });
    const outcome = await submitAnswer(draft, answerId, { q1: 'a' });
    expect(outcome).toEqual({ type: 'sent', answerId, submittedAt: '2026-11-21T01:00:00.000Z' });
    const [call] = calls;
    expect(call!.body).toEqual({ questionnaireId: Q, answerId, values: { q1: 'a' } });
    expect(call!.headers.get('X-Device-Id')).toBe(deviceId());
    expect(call!.headers.get('X-Tenant')).toBe('demo');
    expect(call!.headers.get('Accept-Language')).toBe('zh-CN');
    expect(call!.headers.get('X-Access-Token')).toBe('tok-123');
    expect(await doneOf(draft)).toEqual({ answerId, submittedAt: '2026-11-21T01:00:00.000Z' });
    expect(await loadDraft(draft)).toBeUndefined();
    expect(await queued()).toEqual([]);
  });

  it('offline: kept with a backoff; sent when the queue drains (back online), exactly the same answer id', async () => {
    const draft = key();
    const { answerId } = await openDraft(draft, newId);
    serve({ [SURVEY_URLS.publicAnswer]: offline });
    const before = Date.now();
    expect(await submitAnswer(draft, answerId, { q1: 'b' })).toEqual({ type: 'waiting', answerId });
    const [entry] = await queued();
    expect(entry).toMatchObject({ answerId, attempts: 1, values: { q1: 'b' } });
    expect(entry!.nextAt).toBeGreaterThanOrEqual(before + backoffMs(1));
    expect(await loadDraft(draft)).toBeDefined(); // nothing typed is lost until the server confirms

    const outcomes: SendOutcome[] = [];
    const off = onSendOutcome((outcome) => outcomes.push(outcome));
    // not due yet: an ordinary drain leaves it; a forced one (online event, next open) sends it
    await drainQueue();
    expect(outcomes).toEqual([]);
    serve({ [SURVEY_URLS.publicAnswer]: (body) => ok({ answerId: (body as { answerId: string }).answerId, submittedAt: '2026-11-21T02:00:00.000Z' }) });
    await drainQueue(true);
    off();
    expect(outcomes).toEqual([{ type: 'sent', answerId, submittedAt: '2026-11-21T02:00:00.000Z' }]);
    expect(calls.map((call) => (call.body as { answerId: string }).answerId)).toEqual([answerId]);
    expect(await queued()).toEqual([]);
    expect(backoffMs(1)).toBe(5000);
    expect(backoffMs(20)).toBe(300_000);
  });

  it('a rate limit (42900) waits like an unreachable server', async () => {
    const draft = key();
    serve({ [SURVEY_URLS.publicAnswer]: () => ({ code: 42900, result: false, msg: '请求过于频繁', data: null }) });
    expect((await submitAnswer(draft, newId(), { q1: 'c' })).type).toBe('waiting');
    expect(await queued()).toHaveLength(1);
  });

  it('already submitted: the server’s answer is recorded as done; answer problems: refused, the draft stays for corrections', async () => {
    const first = key();
    serve({
      [SURVEY_URLS.publicAnswer]: () => ({ code: 40900, result: false, msg: '您已提交过该问卷，感谢参与', data: { reason: 'already_submitted', answerId: 'other', submittedAt: '2026-11-20T00:00:00.000Z' } }),
    });
    const refused = await submitAnswer(first, newId(), { q1: 'a' });
    expect(refused.type === 'refused' && refused.error.reason).toBe('already_submitted');
    expect(await doneOf(first)).toEqual({ answerId: 'other', submittedAt: '2026-11-20T00:00:00.000Z' });

    const second = key();
    const { answerId } = await openDraft(second, newId);
    await saveDraft(second, { answerId, values: { q1: 'zzz' }, updatedAt: 0 });
    const problems = [{ code: 'invalid', index: 0 }];
    serve({ [SURVEY_URLS.publicAnswer]: () => ({ code: 40000, result: false, msg: '第1题：答案无效', data: { problems } }) });
    const outcome = await submitAnswer(second, answerId, { q1: 'zzz' });
    expect(outcome.type === 'refused' && outcome.error.problems).toEqual(problems);
    expect(await queued()).toEqual([]);
    expect((await loadDraft(second))?.values).toEqual({ q1: 'zzz' });
    expect(await doneOf(second)).toBeUndefined();
  });

  it('pictures kept on the device are uploaded first (once), then the answer names the server files', async () => {
    const draft = key();
    const { answerId } = await openDraft(draft, newId);
    const token = await keepPicture(new File(['png-bytes'], 'photo.png', { type: 'image/png' }), { questionnaireId: Q, answerId }, newId);
    expect(token).toMatch(/^local:/);
    let uploads = 0;
    // the upload goes through, the answer does not (offline again)
    serve({
      [SURVEY_URLS.publicUpload]: () => {
        uploads += 1;
        return ok({ resId: 'file-1', resName: 'photo.png', resSuffix: 'png', size: 9 });
      },
      [SURVEY_URLS.publicAnswer]: offline,
    });
    expect((await submitAnswer(draft, answerId, { pic: [token] })).type).toBe('waiting');
    const form = calls[0]!.body as FormData;
    const sent = new URL(calls[0]!.url, 'http://localhost').searchParams;
    expect([sent.get('questionnaireId'), sent.get('answerId'), (form.get('file') as File).name]).toEqual([Q, answerId, 'photo.png']);
    expect((await queued())[0]!.values).toEqual({ pic: ['file-1'] });

    serve({
      [SURVEY_URLS.publicUpload]: () => {
        uploads += 1;
        return ok({ resId: 'file-2' });
      },
      [SURVEY_URLS.publicAnswer]: (body) => ok({ answerId: (body as { answerId: string }).answerId, submittedAt: '2026-11-21T03:00:00.000Z' }),
    });
    await drainQueue(true);
    expect(uploads).toBe(1);
    expect(calls.map((call) => call.url)).toEqual([SURVEY_URLS.publicAnswer]);
    expect(calls[0]!.body).toMatchObject({ values: { pic: ['file-1'] } });
  });
});

describe('the page surroundings', () => {
  it('keeps the school from ?tenant= for the installed app’s start, and one device id', () => {
    expect(currentTenant('?tenant=demo')).toBe('demo');
    expect(currentTenant('')).toBe('demo');
    expect(deviceId()).toBe(deviceId());
    expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
