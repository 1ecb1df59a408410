import { del, get, set } from 'idb-keyval';
import type { PublicSurveyList, SurveyAnswerResult, SurveyForAnswer } from '../../contracts/surveys';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import type { AnswerValues } from '../../contracts/survey-rules';
import { clearDraft, dropPicture, isLocalToken, keysWithPrefix, pictureOf, surveysStore, type DraftKey } from '../features/surveys/answer/draft-store';
import { call, Refused, Unreachable } from './api';

/**
 * The page's device storage (idb-keyval, database xiaowu-surveys, next to the drafts):
 * - `list:<tenant>`: the last public list (shown offline);
 * - `survey:<tenant>:<id>`: a survey opened once online (opened and answered offline later);
 * - `done:<tenant>:<who>:<id>`: an answer the server confirmed (the survey says 'already answered');
 * - `queue:<answerId>`: an answer submitted and not yet confirmed: sent now, on `online`, at the next
 *   open and with a retry backoff. The server files an answer id once (idempotent), so sending again
 *   after a lost response never makes a second answer. Pictures kept on the device go up first
 *   (SURVEY_URLS.publicUpload) and their tokens are replaced by the server's file ids.
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
  answerId: string;
  values: AnswerValues;
  queuedAt: number;
  attempts: number;
  /** not before this time (ms) */
  nextAt: number;
}
const queueKey = (answerId: string) => `queue:${answerId}`;
export async function queued(): Promise<QueuedAnswer[]> {
  const keys = await keysWithPrefix('queue:');
  const entries = await Promise.all(keys.map((key) => get<QueuedAnswer>(key, store())));
  return entries.filter((entry): entry is QueuedAnswer => Boolean(entry));
}
export const queuedFor = async (draft: DraftKey): Promise<QueuedAnswer | undefined> =>
  (await queued()).find((entry) => entry.draft.tenant === draft.tenant && entry.draft.who === draft.who && entry.draft.questionnaireId === draft.questionnaireId);

/** What became of a queued answer. */
export type SendOutcome =
  | { type: 'sent'; answerId: string; submittedAt: string }
  | { type: 'waiting'; answerId: string }
  | { type: 'refused'; answerId: string; error: Refused };

type Listener = (outcome: SendOutcome) => void;
const listeners = new Set<Listener>();
export function onSendOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Retry delays: 5 s, 15 s, 45 s … at most 5 minutes. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 3 ** Math.max(attempts - 1, 0), 300_000);

async function uploadPictures(entry: QueuedAnswer): Promise<void> {
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
      const data = await call<{ resId: string } | { resId: string }[]>(`${SURVEY_URLS.publicUpload}?${query}`, form);
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

/** Sends one queued answer now. */
export async function sendQueued(entry: QueuedAnswer): Promise<SendOutcome> {
  let outcome: SendOutcome;
  try {
    await uploadPictures(entry);
    const result = await call<SurveyAnswerResult>(SURVEY_URLS.publicAnswer, {
      questionnaireId: entry.draft.questionnaireId,
      answerId: entry.answerId,
      values: entry.values,
    });
    await finish(entry, { answerId: result.answerId, submittedAt: result.submittedAt });
    outcome = { type: 'sent', answerId: entry.answerId, submittedAt: result.submittedAt };
  } catch (error) {
    if (error instanceof Refused) {
      const data = error.data as { answerId?: string; submittedAt?: string } | null;
      const already = error.reason === 'already_submitted';
      await finish(entry, already ? { answerId: data?.answerId ?? entry.answerId, submittedAt: data?.submittedAt ?? new Date().toISOString() } : null);
      outcome = { type: 'refused', answerId: entry.answerId, error };
    } else {
      entry.attempts += 1;
      entry.nextAt = Date.now() + backoffMs(entry.attempts);
      await set(queueKey(entry.answerId), entry, store());
      outcome = { type: 'waiting', answerId: entry.answerId };
    }
  }
  for (const listener of listeners) listener(outcome);
  return outcome;
}

/** Queues an answer (kept on the device first) and tries to send it at once. */
export async function submitAnswer(draft: DraftKey, answerId: string, values: AnswerValues): Promise<SendOutcome> {
  const entry: QueuedAnswer = { draft, answerId, values, queuedAt: Date.now(), attempts: 0, nextAt: 0 };
  await set(queueKey(answerId), entry, store());
  const outcome = await runExclusive(() => sendQueued(entry));
  scheduleDrain();
  return outcome;
}

let running: Promise<unknown> = Promise.resolve();
function runExclusive<T>(work: () => Promise<T>): Promise<T> {
  const next = running.then(work, work);
  running = next.catch(() => undefined);
  return next;
}

/** Sends every queued answer that is due (all of them when `force`: back online, a new open). */
export function drainQueue(force = false): Promise<void> {
  return runExclusive(async () => {
    for (const entry of await queued()) {
      if (force || entry.nextAt <= Date.now()) await sendQueued(entry);
    }
  }).finally(scheduleDrain);
}

let timer: ReturnType<typeof setTimeout> | null = null;
function scheduleDrain(): void {
  void queued().then((entries) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!entries.length) return;
    const due = Math.min(...entries.map((entry) => entry.nextAt));
    timer = setTimeout(() => void drainQueue(), Math.max(due - Date.now(), 1000));
  });
}

/** The page's sender: now, whenever the browser is back online, and by the backoff timer. */
export function startSender(): void {
  window.addEventListener('online', () => void drainQueue(true));
  void drainQueue(true);
}
