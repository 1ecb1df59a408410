import type { SurveyAnswerResult } from '../../../../contracts/surveys';

/**
 * Small things the outbox kind needs without loading the screens: the titles of questionnaires read
 * (the panel's line for a queued answer) and what a 40900 'already submitted' refusal carries.
 */
export const knownSurveyTitles = new Map<string, string>();

/** data of a 40900 surveysAlreadySubmitted refusal: { reason, answerId, submittedAt } */
export interface AlreadySubmitted extends SurveyAnswerResult {
  reason: 'already_submitted';
}

export const isAlreadySubmitted = (value: unknown): value is AlreadySubmitted =>
  Boolean(value) &&
  typeof value === 'object' &&
  (value as AlreadySubmitted).reason === 'already_submitted' &&
  typeof (value as AlreadySubmitted).submittedAt === 'string';

export const isAnswerResult = (value: unknown): value is SurveyAnswerResult =>
  Boolean(value) && typeof value === 'object' && typeof (value as SurveyAnswerResult).answerId === 'string' && typeof (value as SurveyAnswerResult).submittedAt === 'string';
