import { v4 as uuidv4 } from 'uuid';
import { currentScope } from '../../../lib/offline/db';
import * as store from '../answer/draft-store';
import { replaceTokens } from './pictures';

/**
 * The in-app answer's draft (answer/draft-store.ts, shared with the public page), per school, user and
 * questionnaire: the answer id made when the view first opened (a reload continues the same id, so the
 * server files it once) and the values as typed (nothing typed is lost). Pictures chosen offline are
 * kept there as blobs under `local:<uuid>` tokens until they can be uploaded.
 */
export type AnswerDraft = store.SurveyDraft;
export const { isLocalToken, LOCAL_PREFIX } = store;

/** Drafts belong to the logged-in user of the school (another user on the device never sees them). */
function keyOf(questionnaireId: string): store.DraftKey {
  const scope = currentScope();
  return { tenant: scope?.tenant ?? '', who: `u:${scope?.userId ?? ''}`, questionnaireId };
}

export const loadDraft = (questionnaireId: string): Promise<AnswerDraft | undefined> => store.loadDraft(keyOf(questionnaireId)).catch(() => undefined);

export async function openDraft(questionnaireId: string): Promise<AnswerDraft> {
  try {
    return await store.openDraft(keyOf(questionnaireId), uuidv4);
  } catch {
    // no IndexedDB (private mode): a draft for this visit only
    return { answerId: uuidv4(), values: {}, updatedAt: Date.now() };
  }
}

/** Saved shortly after the last change; `flush` writes it at once (before a submit). */
export function saveDraft(questionnaireId: string, draft: AnswerDraft, flush = false): Promise<void> {
  if (flush) return store.saveDraft(keyOf(questionnaireId), draft).catch(() => undefined);
  store.saveDraftSoon(keyOf(questionnaireId), draft);
  return Promise.resolve();
}

/** After delivery: the draft and its device-kept pictures go. */
export const forgetDraft = (questionnaireId: string): Promise<void> => store.clearDraft(keyOf(questionnaireId)).catch(() => undefined);

export const keepPicture = (file: File, questionnaireId: string, answerId: string): Promise<string> => store.keepPicture(file, { questionnaireId, answerId }, uuidv4);

/** A kept picture as a File (to upload it). */
export async function keptFile(token: string): Promise<File | undefined> {
  const picture = await store.pictureOf(token).catch(() => undefined);
  if (!picture) return undefined;
  return new File([picture.blob], picture.name || `${token.slice(store.LOCAL_PREFIX.length)}.jpg`, { type: picture.type || picture.blob.type });
}

export const pictureBlob = async (token: string): Promise<Blob | undefined> => (await store.pictureOf(token).catch(() => undefined))?.blob;
export const dropPicture = (token: string): Promise<void> => store.dropPicture(token).catch(() => undefined);
export const localPictureTokens = store.localTokensOf;

/**
 * A kept picture went up (the outbox's prepare): the draft of that answer takes its file id in place of
 * the token (a resubmit after a refusal does not upload it again) and the blob goes.
 */
export async function pictureUploaded(questionnaireId: string, answerId: string, token: string, fileId: string): Promise<void> {
  const draft = await loadDraft(questionnaireId);
  if (draft?.answerId === answerId) await saveDraft(questionnaireId, { ...draft, values: replaceTokens(draft.values, new Map([[token, fileId]])) }, true);
  await dropPicture(token);
}
