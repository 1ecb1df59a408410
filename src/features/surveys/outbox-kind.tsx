import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import type { SurveyAnswerRequest, SurveyAnswerResult } from '../../../contracts/surveys';
import { SURVEY_URLS } from '../../../contracts/survey-urls';
import { defineOutboxKind, type OutboxEntry } from '../../lib/offline/outbox';
import { loadSurveysCatalog } from './catalog';
import { isAlreadySubmitted, isAnswerResult, knownSurveyTitles } from './answering/known';

// the feature's strings (describe, the conflict view) are not in the main catalog
void loadSurveysCatalog();

// the conflict view loads only when the conflict inbox shows one
const LazyConflictView = lazy(() => import('./answering/AnswerConflictView'));

function ConflictView(props: { entry: OutboxEntry<SurveyAnswerRequest> }) {
  return (
    <Suspense fallback={null}>
      <LazyConflictView {...props} />
    </Suspense>
  );
}

export const ANSWER_KIND = 'surveys.answer';
export const answerEntityKey = (questionnaireId: string) => `survey:${questionnaireId}`;

/** The panel's line: the questionnaire's title when this tab has read it. */
export function describeAnswer(payload: SurveyAnswerRequest): string {
  const title = knownSurveyTitles.get(payload.questionnaireId);
  return title ? t`问卷答卷：${title}` : t`问卷答卷`;
}

/**
 * Outbox kind 'surveys.answer' (contracts/surveys.ts surveyAnswerRequest; POST /api/surveys/answer is
 * idempotent by Idempotency-Key and by the answer id made when the answer view opened): one answer,
 * entity `survey:<questionnaireId>`, no base version. Delivered → the open view shows 已提交 (the
 * answer's time), the draft goes, my list refreshes. 40900 'already submitted' (answered on another
 * device or page) → the conflict inbox says so with the time; 'keep mine' is never offered (one answer
 * per person), 'take the server's' marks it answered. Any other refusal (expired, no permission…) →
 * the failed inbox with the server's message.
 */
export const answerSurveyKind = defineOutboxKind<SurveyAnswerRequest, SurveyAnswerResult>({
  kind: ANSWER_KIND,
  url: SURVEY_URLS.answer,
  describe: describeAnswer,
  versionOf: () => null,
  /**
   * Pictures chosen offline are kept on the device (`local:` tokens): each is uploaded just before the
   * answer is sent (under the outbox lock: two tabs never upload one twice) and its file id replaces
   * the token in the queued answer at once (a retry does not upload it again) and in the draft. A
   * picture missing from the device keeps its token (the server answers which question). Network →
   * the drain retries; a refusal of the upload → failed with the server's words.
   */
  async prepare(entry, save) {
    const draft = await import('./answering/draft');
    const tokens = draft.localPictureTokens(entry.payload.values);
    if (!tokens.length) return null;
    const [{ uploadSurveyPicture }, { replaceTokens }] = await Promise.all([import('./answer-api'), import('./answering/pictures')]);
    let payload = entry.payload;
    for (const token of tokens) {
      const file = await draft.keptFile(token);
      if (!file) continue;
      const fileId = await uploadSurveyPicture(file, payload.questionnaireId, payload.answerId, { quiet: true });
      payload = { ...payload, values: replaceTokens(payload.values, new Map([[token, fileId]])) };
      await save(payload);
      await draft.pictureUploaded(payload.questionnaireId, payload.answerId, token, fileId);
    }
    return payload === entry.payload ? null : { payload };
  },
  async onDelivered(result, entry, queryClient) {
    if (!isAnswerResult(result)) return;
    // the api module loads here, not with the entry chunk that registers this kind
    const { markAnswered } = await import('./answer-api');
    await markAnswered(queryClient, entry.payload.questionnaireId, result);
    const { forgetDraft } = await import('./answering/draft');
    await forgetDraft(entry.payload.questionnaireId);
  },
  canKeepMine: () => false,
  async onTakeServers(serverData, entry, queryClient) {
    const { markAnswered } = await import('./answer-api');
    if (isAlreadySubmitted(serverData)) await markAnswered(queryClient, entry.payload.questionnaireId, serverData);
    else await queryClient.invalidateQueries({ queryKey: ['surveys', 'answer', 'open', entry.payload.questionnaireId] });
  },
  ConflictView,
});
