import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { v4 as uuidv4 } from 'uuid';
import type { AnswerValues } from '../../../../contracts/survey-rules';
import { currentScope, scopeKey } from '../../../lib/offline/db';

/**
 * The in-app answer's draft, kept on the device per user and questionnaire (IndexedDB): the answer id
 * made when the view first opened (a reload continues the same id, so the server files it once) and the
 * values as typed (nothing typed is lost). Pictures chosen offline are kept here as blobs under a
 * `local:<uuid>` token until they can be uploaded.
 */
export interface AnswerDraft {
  answerId: string;
  values: AnswerValues;
  updatedAt: number;
}

export const LOCAL_PREFIX = 'local:';
export const isLocalToken = (token: string): boolean => token.startsWith(LOCAL_PREFIX);

let store: UseStore | null = null;
const db = (): UseStore => (store ??= createStore('xiaowu-survey-drafts', 'drafts'));

/** Drafts belong to the logged-in user of the school (another user on the device never sees them). */
const owner = (): string => scopeKey(currentScope()) || 'anonymous';
const draftKey = (questionnaireId: string) => `draft:${owner()}:${questionnaireId}`;
const pictureKey = (token: string) => `picture:${owner()}:${token}`;

export async function loadDraft(questionnaireId: string): Promise<AnswerDraft | null> {
  try {
    return (await get<AnswerDraft>(draftKey(questionnaireId), db())) ?? null;
  } catch {
    return null;
  }
}

/** The draft of this questionnaire, made (with a new answer id) and stored when there is none. */
export async function openDraft(questionnaireId: string): Promise<AnswerDraft> {
  const found = await loadDraft(questionnaireId);
  if (found) return found;
  const draft: AnswerDraft = { answerId: uuidv4(), values: {}, updatedAt: Date.now() };
  await set(draftKey(questionnaireId), draft, db()).catch(() => undefined);
  return draft;
}

export async function saveDraft(questionnaireId: string, draft: AnswerDraft): Promise<void> {
  await set(draftKey(questionnaireId), { ...draft, updatedAt: Date.now() }, db()).catch(() => undefined);
}

/** After delivery: the draft and its device-kept pictures go. */
export async function forgetDraft(questionnaireId: string): Promise<void> {
  const draft = await loadDraft(questionnaireId);
  if (draft) {
    for (const value of Object.values(draft.values)) {
      if (Array.isArray(value)) for (const token of value) if (isLocalToken(token)) await del(pictureKey(token), db()).catch(() => undefined);
    }
  }
  await del(draftKey(questionnaireId), db()).catch(() => undefined);
}

/** Keeps a picture on the device: its `local:` token. */
export async function keepPicture(file: Blob): Promise<string> {
  const token = `${LOCAL_PREFIX}${uuidv4()}`;
  await set(pictureKey(token), file, db());
  return token;
}

export const pictureOf = (token: string): Promise<Blob | undefined> => get<Blob>(pictureKey(token), db()).catch(() => undefined);
export const dropPicture = (token: string): Promise<void> => del(pictureKey(token), db()).catch(() => undefined);
