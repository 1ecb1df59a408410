import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { AnswerValues } from '../../../../contracts/survey-rules';

/**
 * What is typed into a survey, kept on the device (issue 9: nothing typed is ever lost): per
 * (tenant, user or device, questionnaire) the answer id made when the page opened the survey and the
 * values as typed (saved debounced), plus the pictures picked for picture questions while they cannot
 * be uploaded yet (Blobs under `local:<uuid>` tokens). A reload continues the same answer id, so the
 * server's idempotency by answer id files it once. Cleared after a confirmed submit.
 *
 * idb-keyval (tiny: the public page's budget), its own database `xiaowu-surveys` with one store; the
 * public page keeps its kept surveys and queued answers in the same store (other key prefixes).
 */
let store: UseStore | null = null;
export function surveysStore(): UseStore {
  store ??= createStore('xiaowu-surveys', 'kv');
  return store;
}

export interface DraftKey {
  tenant: string;
  /** 'u:<user id>' when logged in, else 'd:<device id>' */
  who: string;
  questionnaireId: string;
}

export interface SurveyDraft {
  answerId: string;
  values: AnswerValues;
  updatedAt: number;
}

const draftKey = (key: DraftKey) => `draft:${key.tenant}:${key.who}:${key.questionnaireId}`;

export async function loadDraft(key: DraftKey): Promise<SurveyDraft | undefined> {
  return get<SurveyDraft>(draftKey(key), surveysStore());
}

/** The draft for this survey, or a new one with a fresh answer id (kept at once, so a reload continues it). */
export async function openDraft(key: DraftKey, newId: () => string): Promise<SurveyDraft> {
  const found = await loadDraft(key);
  if (found) return found;
  const draft: SurveyDraft = { answerId: newId(), values: {}, updatedAt: Date.now() };
  await set(draftKey(key), draft, surveysStore());
  return draft;
}

export async function saveDraft(key: DraftKey, draft: SurveyDraft): Promise<void> {
  await set(draftKey(key), { ...draft, updatedAt: Date.now() }, surveysStore());
}

const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; run: () => Promise<void> }>();

/** Saves after `ms` without further typing (the last call wins); flushDrafts() saves at once. */
export function saveDraftSoon(key: DraftKey, draft: SurveyDraft, ms = 400): void {
  const id = draftKey(key);
  const before = pending.get(id);
  if (before) clearTimeout(before.timer);
  const run = () => {
    pending.delete(id);
    return saveDraft(key, draft).catch(() => undefined);
  };
  pending.set(id, { timer: setTimeout(() => void run(), ms), run });
}

/** Writes every draft still waiting for its debounce (before a submit, on pagehide). */
export async function flushDrafts(): Promise<void> {
  const runs = [...pending.values()];
  for (const entry of runs) clearTimeout(entry.timer);
  await Promise.all(runs.map((entry) => entry.run()));
}

/** After a confirmed submit: the draft and the pictures it kept on the device go. */
export async function clearDraft(key: DraftKey): Promise<void> {
  const id = draftKey(key);
  const waiting = pending.get(id);
  if (waiting) {
    clearTimeout(waiting.timer);
    pending.delete(id);
  }
  const draft = await loadDraft(key);
  await del(id, surveysStore());
  if (draft) await Promise.all(localTokensOf(draft.values).map((token) => dropPicture(token)));
}

/* ------------------------------------------------------------------ pictures kept on the device */

export const LOCAL_PREFIX = 'local:';
export const isLocalToken = (token: string) => token.startsWith(LOCAL_PREFIX);

export interface KeptPicture {
  blob: Blob;
  name: string;
  type: string;
  questionnaireId: string;
  answerId: string;
}

const pictureKey = (token: string) => `picture:${token}`;
const objectUrls = new Map<string, string>();

/** Keeps a picked picture on the device; its token goes into the answer until it is uploaded. */
export async function keepPicture(file: File, owner: { questionnaireId: string; answerId: string }, newId: () => string): Promise<string> {
  const token = `${LOCAL_PREFIX}${newId()}`;
  const picture: KeptPicture = { blob: file, name: file.name, type: file.type, ...owner };
  await set(pictureKey(token), picture, surveysStore());
  if (typeof URL.createObjectURL === 'function') objectUrls.set(token, URL.createObjectURL(file));
  return token;
}

export async function pictureOf(token: string): Promise<KeptPicture | undefined> {
  return get<KeptPicture>(pictureKey(token), surveysStore());
}

export async function dropPicture(token: string): Promise<void> {
  const url = objectUrls.get(token);
  if (url) URL.revokeObjectURL(url);
  objectUrls.delete(token);
  await del(pictureKey(token), surveysStore());
}

/** A kept picture's object URL ('' until loadPictureUrls has read it). */
export const localPictureUrl = (token: string): string => objectUrls.get(token) ?? '';

/** Reads the kept pictures among these tokens so localPictureUrl can show them (after a reload). */
export async function loadPictureUrls(tokens: readonly string[]): Promise<void> {
  await Promise.all(
    tokens
      .filter((token) => isLocalToken(token) && !objectUrls.has(token))
      .map(async (token) => {
        const picture = await pictureOf(token);
        if (picture && typeof URL.createObjectURL === 'function') objectUrls.set(token, URL.createObjectURL(picture.blob));
      }),
  );
}

/** The `local:` tokens in an answer's values (picture answers). */
export function localTokensOf(values: AnswerValues): string[] {
  return Object.values(values).flatMap((value) => (Array.isArray(value) ? value.filter((token) => isLocalToken(token)) : []));
}

/** Every key of the store with this prefix (the public page lists its queue and kept surveys). */
export async function keysWithPrefix(prefix: string): Promise<string[]> {
  return (await keys(surveysStore())).map(String).filter((key) => key.startsWith(prefix));
}
