import 'fake-indexeddb/auto';
import { clear, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { keepPicture, keysWithPrefix, loadDraft, openDraft, saveDraft, surveysStore, type DraftKey } from '../features/surveys/answer/draft-store';
import { configureApi } from './api';
import { currentTenant, deviceId, newId } from './env';
import type { SurveyForAnswer } from '../../contracts/surveys';
import {
  backoffMs,
  doneOf,
  drainQueue,
  forgetEndedSurveys,
  keepSurvey,
  keptSurvey,
  onSendOutcome,
  queued,
  refusedOf,
  refusedRecords,
  submitAnswer,
  type QueuedAnswer,
  type SendOutcome,
} from './offline';

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
const logInAs = (userId: string | null, token = `tok-${userId}`) => {
  for (const name of ['xiaowu-token', 'xiaowu-user', 'xiaowu-token-header']) document.cookie = `${name}=; path=/; max-age=0`;
  if (!userId) return;
  document.cookie = `xiaowu-token=${token}; path=/`;
  document.cookie = 'xiaowu-token-header=X-Access-Token; path=/';
  document.cookie = `xiaowu-user=${userId}; path=/`;
};

afterEach(async () => {
  vi.unstubAllGlobals();
  // leave nothing to the next test
  await drainQueue(true).catch(() => undefined);
  await clear(surveysStore());
  logInAs(null);
});

describe('the public page queue (answers kept on the device until the server confirms)', () => {
  it('online: sent at once with the page headers; done recorded, draft and queue cleared', async () => {
    logInAs('user-1', 'tok-123');
    const draft: DraftKey = { tenant: 'demo', who: 'u:user-1', questionnaireId: Q };
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

  it('a device’s answer (d:) goes without the app’s token, even while someone is logged in', async () => {
    logInAs('user-1');
    serve({ [SURVEY_URLS.publicAnswer]: (body) => ok({ answerId: (body as { answerId: string }).answerId, submittedAt: '2026-11-21T01:00:00.000Z' }) });
    expect((await submitAnswer(key(), newId(), { q1: 'a' })).type).toBe('sent');
    expect(calls[0]!.headers.get('X-Access-Token')).toBeNull();
  });
});

describe('each queued answer is sent as what it was queued as', () => {
  const answered = (body: unknown) => ok({ answerId: (body as { answerId: string }).answerId, submittedAt: '2026-11-21T04:00:00.000Z' });

  it('an entry queued as u:A is not sent while u:B (or nobody) is logged in, and is sent after A logs in again', async () => {
    logInAs('A');
    const draft: DraftKey = { tenant: 'demo', who: 'u:A', questionnaireId: Q };
    serve({ [SURVEY_URLS.publicAnswer]: offline });
    const answerId = newId();
    expect((await submitAnswer(draft, answerId, { q1: 'a' }, { tenant: 'demo' })).type).toBe('waiting');

    const outcomes: SendOutcome[] = [];
    const off = onSendOutcome((outcome) => outcomes.push(outcome));
    serve({ [SURVEY_URLS.publicAnswer]: answered });
    logInAs('B');
    await drainQueue(true);
    logInAs(null);
    await drainQueue(true);
    expect(calls).toEqual([]);
    expect(await queued()).toHaveLength(1);
    expect((await queued())[0]!.attempts).toBe(1); // skipping is not an attempt

    logInAs('A', 'tok-A2');
    await drainQueue(true);
    off();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('X-Access-Token')).toBe('tok-A2');
    expect(outcomes).toEqual([{ type: 'sent', answerId, submittedAt: '2026-11-21T04:00:00.000Z' }]);
    expect(await queued()).toEqual([]);
  });

  it('a login_required refusal of a u: entry keeps it (held) for its user', async () => {
    logInAs('A');
    const draft: DraftKey = { tenant: 'demo', who: 'u:A', questionnaireId: Q };
    serve({ [SURVEY_URLS.publicAnswer]: () => ({ code: 40300, result: false, msg: '没有权限，可能未登录，请登录后再填写', data: { reason: 'login_required' } }) });
    const answerId = newId();
    expect(await submitAnswer(draft, answerId, { q1: 'a' })).toEqual({ type: 'held', answerId, why: 'login_required' });
    expect(await queued()).toMatchObject([{ answerId, held: true }]);
    expect(await refusedOf(draft)).toBeUndefined();
    // not retried by the timer's ordinary drain; sent when forced (the next open after logging in)
    serve({ [SURVEY_URLS.publicAnswer]: answered });
    await drainQueue();
    expect(calls).toEqual([]);
    await drainQueue(true);
    expect(calls).toHaveLength(1);
    expect(await queued()).toEqual([]);
    expect(await doneOf(draft)).toMatchObject({ answerId });
  });

  it('an entry of tenant a is sent with X-Tenant a from a page of tenant b', async () => {
    const draft: DraftKey = { tenant: 'a', who: 'd:device-a', questionnaireId: Q };
    configureApi({ tenant: 'a' });
    serve({ [SURVEY_URLS.publicAnswer]: offline });
    await submitAnswer(draft, newId(), { q1: 'a' }, { tenant: 'a' });
    expect(calls[0]!.headers.get('X-Tenant')).toBe('a');

    configureApi({ tenant: 'b' }); // the page now open is school b's
    serve({ [SURVEY_URLS.publicAnswer]: answered });
    await drainQueue(true);
    expect(calls.map((call) => call.headers.get('X-Tenant'))).toEqual(['a']);
    expect(await queued()).toEqual([]);
  });
});

describe('a queued answer refused in the background is never dropped silently', () => {
  it('keeps a refused record (reason, msg, problems, time, values) and the draft; a resubmit removes it', async () => {
    const draft = key();
    const { answerId } = await openDraft(draft, newId);
    await saveDraft(draft, { answerId, values: { q1: 'zzz' }, updatedAt: 0 });
    serve({ [SURVEY_URLS.publicAnswer]: offline });
    await submitAnswer(draft, answerId, { q1: 'zzz' }, { tenant: 'demo', title: '家长问卷' });

    const problems = [{ code: 'invalid', index: 0 }];
    serve({ [SURVEY_URLS.publicAnswer]: () => ({ code: 40000, result: false, msg: '第1题：答案无效', data: { problems } }) });
    const before = Date.now();
    await drainQueue(true);
    expect(await queued()).toEqual([]);
    const record = await refusedOf(draft);
    expect(record).toMatchObject({ questionnaireId: Q, answerId, title: '家长问卷', reason: null, code: 40000, msg: '第1题：答案无效', problems, values: { q1: 'zzz' } });
    expect(record!.at).toBeGreaterThanOrEqual(before);
    expect(await refusedRecords('demo', draft.who)).toHaveLength(1);
    expect((await loadDraft(draft))?.values).toEqual({ q1: 'zzz' });

    serve({ [SURVEY_URLS.publicAnswer]: (body) => ok({ answerId: (body as { answerId: string }).answerId, submittedAt: '2026-11-21T05:00:00.000Z' }) });
    expect((await submitAnswer(draft, answerId, { q1: 'ok' })).type).toBe('sent');
    expect(await refusedOf(draft)).toBeUndefined();
  });

  it('expired in the background: recorded with its reason', async () => {
    const draft = key();
    serve({ [SURVEY_URLS.publicAnswer]: offline });
    await submitAnswer(draft, newId(), { q1: 'a' });
    serve({ [SURVEY_URLS.publicAnswer]: () => ({ code: 40300, result: false, msg: '问卷已过期，截止时间：2026-11-20 00:00', data: { reason: 'expired' } }) });
    await drainQueue(true);
    expect(await refusedOf(draft)).toMatchObject({ reason: 'expired', msg: '问卷已过期，截止时间：2026-11-20 00:00' });
  });

  it('already submitted with a different answer id: done, and the user is told this answer was not filed', async () => {
    const draft = key();
    serve({ [SURVEY_URLS.publicAnswer]: () => ({ code: 40900, result: false, msg: '您已提交过该问卷，感谢参与', data: { reason: 'already_submitted', answerId: 'earlier', submittedAt: '2026-11-19T00:00:00.000Z' } }) });
    await submitAnswer(draft, newId(), { q1: 'a' });
    expect(await doneOf(draft)).toEqual({ answerId: 'earlier', submittedAt: '2026-11-19T00:00:00.000Z' });
    expect(await refusedOf(draft)).toMatchObject({ reason: 'already_submitted' });
  });
});

describe('device data of ended surveys', () => {
  const survey = (id: string, endsAt: string): SurveyForAnswer => ({ id, title: 't', endsAt, startsAt: '2026-01-01T00:00:00.000Z', questions: [] }) as unknown as SurveyForAnswer;

  it('drops kept surveys ended over 30 days ago with their unsubmitted drafts and pictures; never queued answers or refused records', async () => {
    const now = Date.parse('2026-11-21T00:00:00.000Z');
    const old = '01900000-0000-7000-8000-00000000000a';
    const recent = '01900000-0000-7000-8000-00000000000b';
    const queuedOld = '01900000-0000-7000-8000-00000000000c';
    const refusedOld = '01900000-0000-7000-8000-00000000000d';
    for (const [id, ended] of [[old, '2026-10-20T00:00:00.000Z'], [recent, '2026-10-25T00:00:00.000Z'], [queuedOld, '2026-10-01T00:00:00.000Z'], [refusedOld, '2026-10-01T00:00:00.000Z']] as const) {
      await keepSurvey('host:phone:8080', survey(id, ended));
      const draft: DraftKey = { tenant: 'host:phone:8080', who: 'u:A', questionnaireId: id };
      const { answerId } = await openDraft(draft, newId);
      const token = await keepPicture(new File(['x'], 'p.png', { type: 'image/png' }), { questionnaireId: id, answerId }, newId);
      await saveDraft(draft, { answerId, values: { pic: [token] }, updatedAt: 0 });
    }
    const entry: QueuedAnswer = { draft: { tenant: 'host:phone:8080', who: 'u:A', questionnaireId: queuedOld }, answerId: 'q', values: {}, queuedAt: 0, attempts: 3, nextAt: 0 };
    await set('queue:q', entry, surveysStore());
    await set(`refused:host:phone:8080:u:A:${refusedOld}`, { reason: 'expired' }, surveysStore());

    await forgetEndedSurveys(now);
    expect(await keptSurvey('host:phone:8080', old)).toBeUndefined();
    expect(await loadDraft({ tenant: 'host:phone:8080', who: 'u:A', questionnaireId: old })).toBeUndefined();
    expect(await keptSurvey('host:phone:8080', recent)).toBeDefined();
    expect(await loadDraft({ tenant: 'host:phone:8080', who: 'u:A', questionnaireId: recent })).toBeDefined();
    expect(await keptSurvey('host:phone:8080', queuedOld)).toBeDefined();
    expect(await loadDraft({ tenant: 'host:phone:8080', who: 'u:A', questionnaireId: queuedOld })).toBeDefined();
    expect(await get('queue:q', surveysStore())).toBeDefined();
    expect(await loadDraft({ tenant: 'host:phone:8080', who: 'u:A', questionnaireId: refusedOld })).toBeDefined();
    expect(await get(`refused:host:phone:8080:u:A:${refusedOld}`, surveysStore())).toBeDefined();
    expect(await keysWithPrefix('picture:')).toHaveLength(3);
  });
});

describe('two tabs', () => {
  it('drain under one Web Lock: a kept picture is uploaded once', async () => {
    // a shared lock manager (the browser's), two copies of the queue module (two tabs)
    const held = new Map<string, Promise<unknown>>();
    const locks = {
      request: (name: string, work: () => Promise<unknown>) => {
        const next = (held.get(name) ?? Promise.resolve()).then(work, work);
        held.set(name, next.catch(() => undefined));
        return next;
      },
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { locks }));
    const draft = key();
    const { answerId } = await openDraft(draft, newId);
    const token = await keepPicture(new File(['png'], 'p.png', { type: 'image/png' }), { questionnaireId: Q, answerId }, newId);
    serve({ [SURVEY_URLS.publicAnswer]: offline, [SURVEY_URLS.publicUpload]: offline });
    await submitAnswer(draft, answerId, { pic: [token] });
    let uploads = 0;
    const answers: string[] = [];
    serve({
      [SURVEY_URLS.publicUpload]: () => ok({ resId: `file-${++uploads}` }),
      [SURVEY_URLS.publicAnswer]: (body) => {
        answers.push((body as { answerId: string }).answerId);
        return ok({ answerId, submittedAt: '2026-11-21T06:00:00.000Z' });
      },
    });
    vi.resetModules();
    const tabA = await import('./offline');
    vi.resetModules();
    const tabB = await import('./offline');
    await Promise.all([tabA.drainQueue(true), tabB.drainQueue(true)]);
    expect(uploads).toBe(1);
    expect(answers).toEqual([answerId]);
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
