import { del, get, set } from 'idb-keyval';
import type { PublicSurveyList, SurveyAnswerResult, SurveyForAnswer } from '../../contracts/surveys';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import type { AnswerProblem, AnswerValues, RefusalReason } from '../../contracts/survey-rules';
import { clearDraft, dropPicture, isLocalToken, keysWithPrefix, pictureOf, surveysStore, type DraftKey } from '../features/surveys/answer/draft-store';
import { call, Refused, Unreachable, type CallAs } from './api';
import { appSession } from './env';

/**
 * The page's device storage (idb-keyval, database xiaowu-surveys, next to the drafts):
 * - `list:<tenant>`: the last public list (shown offline);
 * - `survey:<tenant>:<id>`: a survey opened once online (opened and answered offline later);
 * - `done:<tenant>:<who>:<id>`: an answer the server confirmed (the survey says 'already answered');
 * - `queue:<answerId>`: an answer submitted and not yet confirmed: sent now, on `online`, at the next
 *   open and with a retry backoff. The server files an answer id once (idempotent), so sending again
 *   after a lost response never makes a second answer. Pictures kept on the device go up first
 *   (SURVEY_URLS.publicUpload) and their tokens are replaced by the server's file ids. Each entry is
 *   sent as what it was queued as: to its own school, and a `u:<id>` entry only with that user's
 *   session (kept while another user or nobody is logged in; `held` after a login_required refusal);
 *   `d:` entries go without the app's token. One tab at a time drains (Web Locks where available);
 * - `refused:<tenant>:<who>:<id>`: a queued answer the server refused (maybe in the background): the
 *   list and the answer page say so until the user resubmits or dismisses it (the draft stays);
 * At start, kept surveys that ended more than 30 days ago go with their unsubmitted drafts (never
 * queued answers or refused records).
 */
const store = surveysStore;

export const keepList = (tenant: string, list: PublicSurveyList) => set(`list:${tenant}`, list, store());
export const keptList = (tenant: string) => get<PublicSurveyList>(`list:${tenant}`, store());

export interface KeptSurvey {
  survey: SurveyForAnswer;
  keptAt: number;
}
export const keepSurvey = (tenant: string, survey: SurveyForAnswer) => set(`survey:${tenant}:${survey.id}`, { survey, keptAt: Date.now() } satisfies KeptSurvey, store());
export const keptSurvey = (tenant: string, id: string) => get<KeptSurvey>(`survey:${tenant}:${id}`, store());
export const forgetSurvey = (tenant: string, id: string) => del(`survey:${tenant}:${id}`, store());

export interface DoneRecord {
  answerId: string;
  submittedAt: string;
}
const doneKey = (key: DraftKey) => `done:${key.tenant}:${key.who}:${key.questionnaireId}`;
export const doneOf = (key: DraftKey) => get<DoneRecord>(doneKey(key), store());
export async function doneIds(tenant: string, who: string): Promise<Set<string>> {
  const prefix = `done:${tenant}:${who}:`;
  return new Set((await keysWithPrefix(prefix)).map((key) => key.slice(prefix.length)));
}

export interface QueuedAnswer {
  draft: DraftKey;
  /** the school's code as the page had it ('' = the host's school): the entry goes to that school */
  tenant?: string;
  /** the survey's title (the list names a refused answer even when the survey has left the list) */
  title?: string;
  answerId: string;
  values: AnswerValues;
  queuedAt: number;
  attempts: number;
  /** not before this time (ms) */
  nextAt: number;
  /** refused login_required: sent again only when its user is logged in and the queue is forced (an open, online) */
  held?: boolean;
}
const queueKey = (answerId: string) => `queue:${answerId}`;
export async function queued(): Promise<QueuedAnswer[]> {
  const keys = await keysWithPrefix('queue:');
  const entries = await Promise.all(keys.map((key) => get<QueuedAnswer>(key, store())));
  return entries.filter((entry): entry is QueuedAnswer => Boolean(entry));
}
const sameDraft = (a: DraftKey, b: DraftKey) => a.tenant === b.tenant && a.who === b.who && a.questionnaireId === b.questionnaireId;
export const queuedFor = async (draft: DraftKey): Promise<QueuedAnswer | undefined> => (await queued()).find((entry) => sameDraft(entry.draft, draft));

/** The school code an entry goes to (entries queued before the code was stored: from the key). */
const tenantOf = (entry: QueuedAnswer): string => entry.tenant ?? (entry.draft.tenant.startsWith('host:') ? '' : entry.draft.tenant);

/**
 * Whom an entry may be sent as now: a `u:<id>` entry only with that user's session on this device;
 * a device's (`d:`) entry without the app's token. null: it waits for its user to log in.
 */
export function senderOf(entry: QueuedAnswer): CallAs | null {
  const tenant = tenantOf(entry);
  if (!entry.draft.who.startsWith('u:')) return { tenant, session: null };
  const session = appSession();
  return session && `u:${session.userId}` === entry.draft.who ? { tenant, session } : null;
}

/** A queued answer the server refused (kept until the user resubmits or dismisses it). */
export interface RefusedRecord {
  questionnaireId: string;
  answerId: string;
  title?: string;
  reason: RefusalReason | null;
  code: number;
  msg: string;
  problems: AnswerProblem[] | null;
  /** when it was refused (ms) */
  at: number;
  values: AnswerValues;
}
const refusedKey = (key: DraftKey) => `refused:${key.tenant}:${key.who}:${key.questionnaireId}`;
export const refusedOf = (key: DraftKey) => get<RefusedRecord>(refusedKey(key), store());
export const dismissRefused = (key: DraftKey) => del(refusedKey(key), store());
export async function refusedRecords(tenant: string, who: string): Promise<RefusedRecord[]> {
  const keys = await keysWithPrefix(`refused:${tenant}:${who}:`);
  const records = await Promise.all(keys.map((key) => get<RefusedRecord>(key, store())));
  return records.filter((record): record is RefusedRecord => Boolean(record));
}

/** What became of a queued answer. */
export type SendOutcome =
  | { type: 'sent'; answerId: string; submittedAt: string }
  | { type: 'waiting'; answerId: string }
  /** kept: its user is not logged in here (other_user) or their login has expired (login_required) */
  | { type: 'held'; answerId: string; why: 'other_user' | 'login_required' }
  | { type: 'refused'; answerId: string; error: Refused };

type Listener = (outcome: SendOutcome) => void;
const listeners = new Set<Listener>();
export function onSendOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function emit(outcome: SendOutcome): SendOutcome {
  for (const listener of listeners) listener(outcome);
  return outcome;
}

/** Retry delays: 5 s, 15 s, 45 s … at most 5 minutes. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 3 ** Math.max(attempts - 1, 0), 300_000);

async function uploadPictures(entry: QueuedAnswer, as: CallAs): Promise<void> {
  for (const [questionId, value] of Object.entries(entry.values)) {
    if (!Array.isArray(value) || !value.some((token) => isLocalToken(token))) continue;
    const out: string[] = [];
    for (const token of value) {
      if (!isLocalToken(token)) {
        out.push(token);
        continue;
      }
      const picture = await pictureOf(token);
      if (!picture) continue; // gone from the device: the server's checks decide
      const form = new FormData();
      // the questionnaire and answer ids go in the query: the server checks them before receiving the file
      const query = new URLSearchParams({ questionnaireId: entry.draft.questionnaireId, answerId: entry.answerId });
      form.append('file', new File([picture.blob], picture.name, { type: picture.type }));
      const data = await call<{ resId: string } | { resId: string }[]>(`${SURVEY_URLS.publicUpload}?${query}`, form, as);
      const stored = Array.isArray(data) ? data[0] : data;
      if (!stored?.resId) throw new Unreachable('upload answered no file');
      out.push(stored.resId);
      // the upload is kept in the queue at once: a retry never uploads it again
      entry.values = { ...entry.values, [questionId]: [...out, ...value.slice(out.length)] };
      await set(queueKey(entry.answerId), entry, store());
    }
    entry.values = { ...entry.values, [questionId]: out };
  }
}

async function finish(entry: QueuedAnswer, done: DoneRecord | null): Promise<void> {
  await del(queueKey(entry.answerId), store());
  if (done) {
    await set(doneKey(entry.draft), done, store());
    await clearDraft(entry.draft);
  }
  // pictures still only on the device (clearDraft drops the draft's own)
  if (done) await Promise.all(Object.values(entry.values).flatMap((value) => (Array.isArray(value) ? value.filter((token) => isLocalToken(token)).map((token) => dropPicture(token)) : [])));
}

async function keepRefusal(entry: QueuedAnswer, error: Refused): Promise<void> {
  const record: RefusedRecord = {
    questionnaireId: entry.draft.questionnaireId,
    answerId: entry.answerId,
    title: entry.title,
    reason: error.reason,
    code: error.code,
    msg: error.msg,
    problems: error.problems,
    at: Date.now(),
    values: entry.values,
  };
  await set(refusedKey(entry.draft), record, store());
}

/** An entry gone from the queue before this tab got to it (another tab sent or refused it). */
async function settledElsewhere(entry: QueuedAnswer): Promise<SendOutcome> {
  const [done, refused] = await Promise.all([doneOf(entry.draft), refusedOf(entry.draft)]);
  if (done?.answerId === entry.answerId) return { type: 'sent', answerId: entry.answerId, submittedAt: done.submittedAt };
  if (refused?.answerId === entry.answerId) return { type: 'refused', answerId: entry.answerId, error: new Refused(refused.code, refused.msg, refused.reason, refused.problems, { reason: refused.reason, problems: refused.problems }) };
  return { type: 'waiting', answerId: entry.answerId };
}

/** Sends one queued answer now (as what it was queued as; read afresh: another tab may have sent it). */
async function sendQueued(given: QueuedAnswer): Promise<SendOutcome> {
  const entry = await get<QueuedAnswer>(queueKey(given.answerId), store());
  if (!entry) return emit(await settledElsewhere(given));
  const as = senderOf(entry);
  if (!as) return emit({ type: 'held', answerId: entry.answerId, why: 'other_user' });
  let outcome: SendOutcome;
  try {
    await uploadPictures(entry, as);
    const result = await call<SurveyAnswerResult>(
      SURVEY_URLS.publicAnswer,
      { questionnaireId: entry.draft.questionnaireId, answerId: entry.answerId, values: entry.values },
      as,
    );
    await finish(entry, { answerId: result.answerId, submittedAt: result.submittedAt });
    await dismissRefused(entry.draft);
    outcome = { type: 'sent', answerId: entry.answerId, submittedAt: result.submittedAt };
  } catch (error) {
    if (error instanceof Refused && error.reason === 'login_required' && entry.draft.who.startsWith('u:')) {
      // the user's login expired: kept for them (OFFLINE.md §6), sent after they log in again
      await set(queueKey(entry.answerId), { ...entry, held: true } satisfies QueuedAnswer, store());
      outcome = { type: 'held', answerId: entry.answerId, why: 'login_required' };
    } else if (error instanceof Refused) {
      const data = error.data as { answerId?: string; submittedAt?: string } | null;
      const already = error.reason === 'already_submitted';
      await finish(entry, already ? { answerId: data?.answerId ?? entry.answerId, submittedAt: data?.submittedAt ?? new Date().toISOString() } : null);
      // never dropped silently: the list and the answer page tell the user (an earlier answer of
      // this device or account counts as 'already submitted': this one was not filed)
      if (!already || (data?.answerId && data.answerId !== entry.answerId)) await keepRefusal(entry, error);
      outcome = { type: 'refused', answerId: entry.answerId, error };
    } else {
      entry.attempts += 1;
      entry.nextAt = Date.now() + backoffMs(entry.attempts);
      await set(queueKey(entry.answerId), entry, store());
      outcome = { type: 'waiting', answerId: entry.answerId };
    }
  }
  return emit(outcome);
}

/** Queues an answer (kept on the device first) and tries to send it at once. A resubmit replaces a refusal. */
export async function submitAnswer(draft: DraftKey, answerId: string, values: AnswerValues, meta: { tenant?: string; title?: string } = {}): Promise<SendOutcome> {
  const entry: QueuedAnswer = { draft, tenant: meta.tenant, title: meta.title, answerId, values, queuedAt: Date.now(), attempts: 0, nextAt: 0 };
  await dismissRefused(draft);
  await set(queueKey(answerId), entry, store());
  const outcome = await exclusive(() => sendQueued(entry));
  scheduleDrain();
  return outcome;
}

let running: Promise<unknown> = Promise.resolve();
function runExclusive<T>(work: () => Promise<T>): Promise<T> {
  const next = running.then(work, work);
  running = next.catch(() => undefined);
  return next;
}

/** The queue's lock: one tab at a time uploads and sends (two tabs never upload a picture twice). */
export const QUEUE_LOCK = 'xiaowu-survey-queue';
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  return runExclusive(() => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? (locks.request(QUEUE_LOCK, work) as Promise<T>) : work();
  });
}

/**
 * Sends every queued answer that is due and may be sent as its own user (all of those when
 * `force`: back online, a new open; held ones only then).
 */
export function drainQueue(force = false): Promise<void> {
  return exclusive(async () => {
    for (const entry of await queued()) {
      if (!senderOf(entry)) continue;
      if (entry.held ? force : force || entry.nextAt <= Date.now()) await sendQueued(entry);
    }
  }).finally(scheduleDrain);
}

let timer: ReturnType<typeof setTimeout> | null = null;
function scheduleDrain(): void {
  void queued().then((all) => {
    if (timer) clearTimeout(timer);
    timer = null;
    const entries = all.filter((entry) => !entry.held && senderOf(entry));
    if (!entries.length) return;
    const due = Math.min(...entries.map((entry) => entry.nextAt));
    timer = setTimeout(() => void drainQueue(), Math.max(due - Date.now(), 1000));
  });
}

/** Kept surveys and unsubmitted drafts are dropped this long after the survey ended. */
export const KEEP_ENDED_MS = 30 * 86_400_000;

/**
 * Drops kept surveys that ended more than 30 days ago with their unsubmitted drafts (and pictures);
 * a survey with a queued answer or a refused record stays, and those are never dropped.
 */
export async function forgetEndedSurveys(now = Date.now()): Promise<void> {
  const all = await keysWithPrefix('');
  const queue = await queued();
  for (const key of all.filter((name) => name.startsWith('survey:'))) {
    const kept = await get<KeptSurvey>(key, store());
    const endsAt = Date.parse(kept?.survey.endsAt ?? '');
    if (!kept || Number.isNaN(endsAt) || endsAt + KEEP_ENDED_MS > now) continue;
    const id = kept.survey.id;
    const tenant = key.slice('survey:'.length, key.length - id.length - 1);
    const ofSurvey = (prefix: string) => all.filter((name) => name.startsWith(`${prefix}:${tenant}:`) && name.endsWith(`:${id}`));
    if (queue.some((entry) => entry.draft.tenant === tenant && entry.draft.questionnaireId === id) || ofSurvey('refused').length) continue;
    for (const draft of ofSurvey('draft')) {
      await clearDraft({ tenant, who: draft.slice(`draft:${tenant}:`.length, draft.length - id.length - 1), questionnaireId: id });
    }
    await del(key, store());
  }
}

/** The page's sender: now, whenever the browser is back online, and by the backoff timer. */
export function startSender(): void {
  window.addEventListener('online', () => void drainQueue(true));
  void forgetEndedSurveys().catch(() => undefined);
  void drainQueue(true);
}
