import { z } from 'zod';
import {
  AUDIENCES,
  type AnswerValues,
  type Audience,
  ONCE_PER,
  type OncePer,
  QUESTION_KINDS,
  type QuestionKind,
  type RefusalReason,
  SKIP_TO_END,
  SURVEY_LIMITS,
  type SurveyQuestion,
  type SurveyTarget,
  type TimeState,
} from './survey-rules';
import { dateTime } from './dates';
import { tableARequest } from './envelope';
import { jsonObjectInput } from './input';

/**
 * Questionnaires and surveys (issue 9): SPEC §1 'Communication', §2 routes (/survey/cjwj/perviewWJ,
 * /survey/wjdt/wjdtListNotLogin, /survey/wjdt/answerSurvey, /pztm/pztm), §4 states (in use / not used,
 * published / unpublished, started / expired), §6 (publishing needs permission, else 'contact the
 * administrator'; editing and deleting others' data is denied), §8 messages (does not exist, not
 * started, expired, no questions, already submitted, no permission, maybe not logged in: refusals carry
 * `data: { reason }`, a RefusalReason). Paths are not in the SPEC: POST + JSON in its style, lists are
 * generic table A. Saves carry the version they were read at (40900 with the current record).
 * Answers are idempotent by `answerId` (made when the answer page opens), so a retry or the outbox
 * never files twice.
 */

export * from './survey-rules';

export { SURVEY_URLS } from './survey-urls';

const id = z.uuid();
const text = (max: number) => z.string().trim().max(max);

/* ------------------------------------------------------------------ questions */

/** `exclusive`: multiple choice only (SurveyOption.exclusive); the other kinds ignore it */
const option = z.object({ id, label: text(SURVEY_LIMITS.optionLabelMax), exclusive: z.boolean().optional() });

export const surveyQuestion = z.object({
  id,
  kind: z.enum(QUESTION_KINDS),
  title: text(SURVEY_LIMITS.questionTitleMax),
  description: text(SURVEY_LIMITS.questionDescriptionMax).default(''),
  required: z.boolean().default(true),
  options: z.array(option).max(SURVEY_LIMITS.optionsMax).default([]),
  rows: z.array(option).max(SURVEY_LIMITS.matrixRowsMax).default([]),
  min: z.number().min(-SURVEY_LIMITS.numberAbsMax).max(SURVEY_LIMITS.numberAbsMax).nullable().default(null),
  max: z.number().min(-SURVEY_LIMITS.numberAbsMax).max(SURVEY_LIMITS.numberAbsMax).nullable().default(null),
  integer: z.boolean().default(false),
  multiline: z.boolean().default(false),
  skips: z.array(z.object({ optionId: id, goTo: z.union([id, z.literal(SKIP_TO_END)]) })).max(SURVEY_LIMITS.optionsMax).default([]),
}) satisfies z.ZodType<SurveyQuestion, unknown>;

const target = z.object({
  userIds: z.array(id).max(SURVEY_LIMITS.targetMax).default([]),
  orgIds: z.array(id).max(SURVEY_LIMITS.targetMax).default([]),
  roleCodes: z.array(text(64).min(1)).max(SURVEY_LIMITS.targetMax).default([]),
}) satisfies z.ZodType<SurveyTarget, unknown>;

/* ------------------------------------------------------------------ managing */

/** `POST /api/surveys/list` (table A, survey_cjwj): search JSON of these. */
export const surveySearch = z.object({
  /** title contains */
  keyword: text(50).optional(),
  published: z.enum(['yes', 'no', '']).optional(),
  inUse: z.enum(['yes', 'no', '']).optional(),
  timeState: z.enum(['not_started', 'started', 'expired', '']).optional(),
  /** only mine (created by me) */
  mine: z.boolean().optional(),
});
export type SurveySearch = z.infer<typeof surveySearch>;
export const surveyListRequest = tableARequest.extend({ search: jsonObjectInput(surveySearch) });
export type SurveyListRequest = z.infer<typeof surveyListRequest>;

export interface SurveyRow {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  audience: Audience;
  anonymous: boolean;
  oncePer: OncePer;
  inUse: boolean;
  published: boolean;
  publishedAt: string | null;
  timeState: TimeState;
  questionCount: number;
  answerCount: number;
  /** targeted: how many people the target reaches; everyone: null */
  targetCount: number | null;
  createdById: string;
  createdByName: string;
  createdAt: string;
  version: number;
  /**
   * what the caller may do: edit, delete (owner or admin), publish (survey_cjwj_publish), results
   * (results, raw answers, export: the owner, an admin or a survey_cjwj_publish holder)
   */
  can: { edit: boolean; delete: boolean; publish: boolean; results: boolean };
}

export interface SurveyDetail extends SurveyRow {
  description: string;
  target: SurveyTarget;
  /** display names of the target's entries, for the selector's chips */
  targetNames: { userIds: Record<string, string>; orgIds: Record<string, string>; roleCodes: Record<string, string> };
  questions: SurveyQuestion[];
}

/** `POST /api/surveys/get` (survey_cjwj) */
export const surveyGetRequest = z.object({ id });

/**
 * `POST /api/surveys/save` (survey_cjwj_add for a new id, survey_cjwj_edit for one's own; admin any).
 * Questions may change only while unpublished and unanswered; title, description and times always.
 */
export const surveySaveRequest = z.object({
  id,
  /** 0 for a new questionnaire */
  version: z.number().int().min(0),
  title: text(SURVEY_LIMITS.titleMax).min(1),
  description: text(SURVEY_LIMITS.descriptionMax).default(''),
  startsAt: dateTime,
  endsAt: dateTime,
  audience: z.enum(AUDIENCES),
  target: target.default({ userIds: [], orgIds: [], roleCodes: [] }),
  anonymous: z.boolean(),
  oncePer: z.enum(ONCE_PER),
  questions: z.array(surveyQuestion).max(SURVEY_LIMITS.questionsMax),
});
export type SurveySaveRequest = z.input<typeof surveySaveRequest>;

/** `POST /api/surveys/delete` (survey_cjwj_delete; own, or admin) */
export const surveyDeleteRequest = z.object({ ids: z.array(id).min(1).max(100) });

/** `POST /api/surveys/publish`: published true needs questions, an end in the future and, targeted, a non-empty target. */
export const surveyPublishRequest = z.object({ id, version: z.number().int().min(1), published: z.boolean() });

/** `POST /api/surveys/in-use` */
export const surveyInUseRequest = z.object({ id, version: z.number().int().min(1), inUse: z.boolean() });

/** `POST /api/surveys/copy`: a new unpublished copy (new ids for the questionnaire, not for questions) */
export const surveyCopyRequest = z.object({ id, newId: id });

/* ------------------------------------------------------------------ results */

/** `POST /api/surveys/results` (survey_cjwj): optionally only answers from an org (class or department, with its sub-orgs). */
export const surveyResultsRequest = z.object({ id, orgUnitId: z.union([id, z.literal('')]).optional() });

export interface QuestionResult {
  questionId: string;
  /** answers that answered this question (shown and not empty) */
  answered: number;
  /** single / multiple: count per option id; matrix: per row id, count per option id */
  optionCounts?: Record<string, number>;
  matrixCounts?: Record<string, Record<string, number>>;
  /** rating / number: average, min, max; rating also the count per score 1..max */
  average?: number | null;
  min?: number | null;
  max?: number | null;
  distribution?: Record<string, number>;
  /** text: most frequent words (Intl.Segmenter 'word', zh and en) and the latest answers */
  words?: { word: string; count: number }[];
  /** the latest texts; `at` of an anonymous questionnaire's texts is only the school date (its midnight, +08:00) */
  texts?: { text: string; at: string }[];
  /** date: count per date */
  dates?: Record<string, number>;
  /** picture: file ids of the latest pictures */
  pictures?: string[];
}

export interface SurveyResults {
  id: string;
  title: string;
  answerCount: number;
  /** targeted: how many the target reaches (within the org filter); everyone: null */
  targetCount: number | null;
  /** answerCount / targetCount, 0..1, or null */
  rate: number | null;
  /** orgs answers came from (the filter's choices): classes and departments */
  orgs: { id: string; name: string; count: number }[];
  questions: SurveyQuestion[];
  results: QuestionResult[];
  /**
   * Anonymous questionnaires: the org filter holds fewer than SURVEY_RESULTS_MIN_GROUP answers, so
   * `results` show no breakdown (empty; the page says 答卷少于5份，不单独统计). Optional: absent = false.
   */
  suppressed?: boolean;
}

/** `POST /api/surveys/answers` (table A): raw answers; search JSON { orgUnitId }. */
export const surveyAnswersRequest = tableARequest.extend({
  search: jsonObjectInput(z.object({ id, orgUnitId: z.union([id, z.literal('')]).optional() })),
});
export interface SurveyAnswerRow {
  id: string;
  /** named surveys: who answered; anonymous: '' */
  respondentName: string;
  orgUnitName: string;
  submittedAt: string;
  values: AnswerValues;
}

/* ------------------------------------------------------------------ the question bank */

export const bankSearch = z.object({ keyword: text(50).optional(), kind: z.enum([...QUESTION_KINDS, '']).optional(), category: text(SURVEY_LIMITS.bankCategoryMax).optional() });
export const bankListRequest = tableARequest.extend({ search: jsonObjectInput(bankSearch) });
export interface BankQuestionRow {
  id: string;
  category: string;
  question: SurveyQuestion;
  createdByName: string;
  updatedAt: string;
  version: number;
}
/** `POST /api/surveys/bank/save` (jzwj_wjsz): the question's id is the bank entry's id */
export const bankSaveRequest = z.object({ version: z.number().int().min(0), category: text(SURVEY_LIMITS.bankCategoryMax).default(''), question: surveyQuestion });
export const bankDeleteRequest = z.object({ ids: z.array(id).min(1).max(100) });

/* ------------------------------------------------------------------ answering */

/** `POST /api/surveys/mine` (table A, survey_wjdt): published, in-use questionnaires I may answer; search { answered } */
export const mineRequest = tableARequest.extend({
  search: jsonObjectInput(z.object({ answered: z.enum(['yes', 'no', '']).optional(), keyword: text(50).optional() })),
});
export interface MineRow {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeState: TimeState;
  anonymous: boolean;
  questionCount: number;
  /** my answer's time, or null */
  answeredAt: string | null;
}

/** What the answer page needs (in the app and on the public page). */
export interface SurveyForAnswer {
  id: string;
  tenantCode: string;
  schoolName: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  anonymous: boolean;
  oncePer: OncePer;
  audience: Audience;
  questions: SurveyQuestion[];
  /** the caller's answer already given (per person: by account; per device: by the device id), or null */
  answered: { answerId: string; submittedAt: string } | null;
}

/** `POST /api/surveys/open` (survey_wjdt) and `POST /api/surveys/public/open` (public; optional session). */
export const surveyOpenRequest = z.object({ id });

/** A refusal's data (SPEC §8 survey messages): the page shows its own words for the reason. */
export interface SurveyRefusal {
  reason: RefusalReason;
}

const answerValue = z.union([
  z.string().max(SURVEY_LIMITS.textMaxCeiling * 4),
  z.array(z.string().max(200)).max(SURVEY_LIMITS.optionsMax),
  z.number(),
  z.record(z.string().max(64), z.string().max(64)),
]);

/**
 * `POST /api/surveys/answer` (session, idempotent) and `POST /api/surveys/public/answer` (public,
 * rate-limited per address and device; device id in the X-Device-Id header). The same answerId again
 * answers the stored answer (success), not 'already submitted'.
 */
export const surveyAnswerRequest = z.object({
  questionnaireId: id,
  answerId: id,
  // at most one value per question a questionnaire may have (review L1: no flood of unknown keys)
  values: z.record(z.string().max(64), answerValue).refine((values) => Object.keys(values).length <= SURVEY_LIMITS.questionsMax, {
    message: `at most ${SURVEY_LIMITS.questionsMax} answers`,
  }),
});
export type SurveyAnswerRequest = z.infer<typeof surveyAnswerRequest>;
export interface SurveyAnswerResult {
  answerId: string;
  submittedAt: string;
}

export type { AnswerValues, QuestionKind, SurveyQuestion, SurveyTarget };

/** `POST /api/surveys/public/list` (public): open public surveys of the school (published, in use, not expired). */
export interface PublicSurveyList {
  schoolName: string;
  tenantCode: string;
  rows: { id: string; title: string; description: string; startsAt: string; endsAt: string; timeState: TimeState; questionCount: number }[];
}
