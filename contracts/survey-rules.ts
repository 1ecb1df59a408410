// Questionnaires (issue 9): kinds, limits, states and the answer rules shared by the server, the app and
// the public survey page. zod-free; it imports only date-rules.ts (the date check) and survey-constants.ts (the kinds, time states, permission
// codes and paths, re-exported here), which is what route-level code imports instead of this module.
import { isCalendarDate } from './date-rules';
import { QUESTION_KINDS, SURVEY_PATHS, SURVEY_PERMISSIONS, TIME_STATES, type QuestionKind, type TimeState } from './survey-constants';

export { QUESTION_KINDS, SURVEY_PATHS, SURVEY_PERMISSIONS, TIME_STATES, type QuestionKind, type TimeState };

/** Kinds whose answer picks options (skip logic hangs on these). */
export const CHOICE_KINDS: readonly QuestionKind[] = ['single', 'multiple'];

/**
 * Who may answer.
 * - everyone: a public survey. Listed on /survey/wjdt/wjdtListNotLogin and answered there without
 *   login (and in the app by anyone logged in).
 * - targeted: only the chosen people / orgs / roles, logged in (in the app, or on the public page with
 *   the app's session on the same device).
 */
export const AUDIENCES = ['everyone', 'targeted'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * One answer per person (needs login: the account) or per device (an id the page keeps on the device;
 * an anonymous public survey uses this).
 */
export const ONCE_PER = ['person', 'device'] as const;
export type OncePer = (typeof ONCE_PER)[number];

/** Limits (not in the SPEC; what a school survey needs). */
export const SURVEY_LIMITS = {
  titleMax: 100,
  descriptionMax: 1000,
  questionTitleMax: 200,
  questionDescriptionMax: 500,
  questionsMax: 100,
  optionsMax: 30,
  optionLabelMax: 100,
  matrixRowsMax: 20,
  /** text answers: default and ceiling of a question's max length */
  textMaxDefault: 500,
  textMaxCeiling: 2000,
  /** rating scale: 1..max */
  ratingMaxMin: 3,
  ratingMaxMax: 10,
  ratingMaxDefault: 5,
  /** picture answers: at most this many pictures (SPEC §5 picture upload: jpg/jpeg/png, 2 MB) */
  picturesMax: 4,
  /** number answers: absolute bounds */
  numberAbsMax: 1_000_000_000,
  /** target lists */
  targetMax: 500,
  bankCategoryMax: 50,
  /** results: most frequent words listed per text question */
  topWords: 30,
  /** results: latest text answers listed per text question */
  latestTexts: 20,
} as const;

/**
 * A picture question's files (SPEC §5 picture upload: jpg/jpeg/png, 2 MB). contracts/files.ts's
 * `surveyPicture` upload profile is this; the public page checks it without zod.
 */
export const SURVEY_PICTURE_PROFILE = { extensions: ['jpg', 'jpeg', 'png'], maxKB: 2 * 1024, imagesOnly: true } as const;

/** Anonymous questionnaires: an org filter with fewer answers than this shows no breakdown (it could point to the people). */
export const SURVEY_RESULTS_MIN_GROUP = 5;

/** An option of a choice question, a column of a matrix, a row of a matrix: ids are stable (uuid). */
export interface SurveyOption {
  id: string;
  label: string;
  /**
   * Multiple choice only: an exclusive option ("都很满意", "以上都没有") is picked alone. Ticking it
   * clears the others, ticking another clears it (pickChoice); an answer with it and another option is
   * refused (answerProblems 'exclusive'). Absent on older questionnaires = false.
   */
  exclusive?: boolean;
}

/**
 * The picked option ids after ticking (`checked`) or unticking `optionId` of a multiple-choice
 * question, in the question's option order. An exclusive option ticked leaves only itself; another
 * option ticked drops the exclusive ones. The answer form uses it, and the rule answerProblems
 * checks is the same.
 */
export function pickChoice(question: Pick<SurveyQuestion, 'options'>, picked: readonly string[], optionId: string, checked: boolean): string[] {
  const ticked = question.options.find((option) => option.id === optionId);
  const exclusive = new Set(question.options.filter((option) => option.exclusive).map((option) => option.id));
  return question.options
    .map((option) => option.id)
    .filter((id) => {
      if (id === optionId) return checked;
      if (!picked.includes(id)) return false;
      if (!checked) return true;
      return ticked?.exclusive ? false : !exclusive.has(id);
    });
}

/** Whether picked ids break the exclusive rule: an exclusive option picked together with any other. */
export const breaksExclusive = (question: Pick<SurveyQuestion, 'options'>, picked: readonly string[]): boolean =>
  picked.length > 1 && question.options.some((option) => option.exclusive && picked.includes(option.id));

/** Skip logic of a choice question: when the answer includes `optionId`, jump to `goTo` (a later question's id, or 'end'). */
export interface SkipRule {
  optionId: string;
  goTo: string;
}
export const SKIP_TO_END = 'end';

/**
 * A question as the builder saves it and the answer page shows it. What each kind uses:
 * - single / multiple: options (2..optionsMax); multiple: min/max = how many to pick (null: any);
 *   skips: skip logic.
 * - text: max = longest answer (default textMaxDefault, ≤ textMaxCeiling); multiline.
 * - rating: max = scale 1..max (ratingMaxMin..ratingMaxMax).
 * - matrix: rows (statements) × options (columns); one column per row; required: every row.
 * - number: min/max (null: open), integer (no decimals).
 * - date: a calendar date YYYY-MM-DD.
 * - picture: max = how many pictures (1..picturesMax).
 */
export interface SurveyQuestion {
  id: string;
  kind: QuestionKind;
  title: string;
  description: string;
  required: boolean;
  options: SurveyOption[];
  rows: SurveyOption[];
  min: number | null;
  max: number | null;
  integer: boolean;
  multiline: boolean;
  skips: SkipRule[];
}

/**
 * An answer's values by question id:
 * single: option id; multiple: option ids; text: string; rating: 1..max; matrix: { rowId: optionId };
 * number: number; date: 'YYYY-MM-DD'; picture: file ids.
 */
export type AnswerValue = string | string[] | number | Record<string, string>;
export type AnswerValues = Record<string, AnswerValue>;

export function timeStateOf(startsAt: string | Date, endsAt: string | Date, now: Date = new Date()): TimeState {
  const t = now.getTime();
  if (t < new Date(startsAt).getTime()) return 'not_started';
  if (t > new Date(endsAt).getTime()) return 'expired';
  return 'started';
}

/**
 * Why a questionnaire cannot be answered now (SPEC §8: does not exist, not started, expired, no
 * questions, already submitted, no permission, maybe not logged in). The API answers these as
 * `data.reason` of its refusal, so the public page can show its own words offline too.
 */
export const REFUSAL_REASONS = ['not_found', 'not_started', 'expired', 'no_questions', 'already_submitted', 'no_permission', 'login_required'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A new question of a kind with the kind's defaults (the builder and the bank start from this). */
export function blankQuestion(id: string, kind: QuestionKind, newId: () => string): SurveyQuestion {
  const base: SurveyQuestion = {
    id, kind, title: '', description: '', required: true, options: [], rows: [], min: null, max: null, integer: false, multiline: false, skips: [],
  };
  switch (kind) {
    case 'single':
    case 'multiple':
      return { ...base, options: [{ id: newId(), label: '' }, { id: newId(), label: '' }] };
    case 'matrix':
      return { ...base, rows: [{ id: newId(), label: '' }], options: [{ id: newId(), label: '' }, { id: newId(), label: '' }] };
    case 'rating':
      return { ...base, max: SURVEY_LIMITS.ratingMaxDefault };
    case 'text':
      return { ...base, max: SURVEY_LIMITS.textMaxDefault };
    case 'picture':
      return { ...base, max: 1 };
    case 'number':
      return { ...base, integer: true };
    default:
      return base;
  }
}

/**
 * The questions shown for these answers: questions are walked in order; a choice question's answer
 * matching a skip rule jumps to its target (the first matching rule in the question's option order
 * wins; 'end' ends the survey), skipping the questions between. Skipped questions are neither shown
 * nor required, and their values are dropped when the answer is sent.
 */
export function visibleQuestionIds(questions: readonly SurveyQuestion[], values: AnswerValues): Set<string> {
  const visible = new Set<string>();
  let i = 0;
  while (i < questions.length) {
    const q = questions[i];
    visible.add(q.id);
    const jump = jumpOf(q, values[q.id]);
    if (jump === SKIP_TO_END) break;
    if (jump) {
      const target = questions.findIndex((other, index) => index > i && other.id === jump);
      if (target > i) {
        i = target;
        continue;
      }
    }
    i += 1;
  }
  return visible;
}

function jumpOf(question: SurveyQuestion, value: AnswerValue | undefined): string | null {
  if (!question.skips.length || value === undefined) return null;
  const picked = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  if (!picked.length) return null;
  for (const option of question.options) {
    if (!picked.includes(option.id)) continue;
    const rule = question.skips.find((skip) => skip.optionId === option.id);
    if (rule) return rule.goTo;
  }
  return null;
}

/**
 * The number each shown question carries (1, 2, 3… over the questions skip logic leaves visible), so a
 * hidden question leaves no gap in the numbering. The form, its problem lines and the server's refusal
 * (第3题：…) use the same numbers.
 */
export function questionNumbers(questions: readonly SurveyQuestion[], values: AnswerValues): Map<string, number> {
  const visible = visibleQuestionIds(questions, values);
  const numbers = new Map<string, number>();
  for (const question of questions) if (visible.has(question.id)) numbers.set(question.id, numbers.size + 1);
  return numbers;
}

/** Problems of a questionnaire's questions as the builder saves them (besides the contract's shapes). */
export type QuestionProblem =
  | { code: 'title_missing'; index: number }
  | { code: 'options_too_few'; index: number }
  | { code: 'option_label_missing'; index: number }
  | { code: 'option_label_duplicate'; index: number; label: string }
  | { code: 'rows_missing'; index: number }
  | { code: 'range_invalid'; index: number }
  | { code: 'skip_target_invalid'; index: number };

/** Checks the builder (as typed) and the server (at save and publish) both run. `index` is 0-based. */
export function questionProblems(questions: readonly SurveyQuestion[]): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  questions.forEach((q, index) => {
    if (!q.title.trim()) problems.push({ code: 'title_missing', index });
    if (q.kind === 'single' || q.kind === 'multiple' || q.kind === 'matrix') {
      if (q.options.length < 2) problems.push({ code: 'options_too_few', index });
      if (q.options.some((o) => !o.label.trim()) || (q.kind === 'matrix' && q.rows.some((r) => !r.label.trim()))) {
        problems.push({ code: 'option_label_missing', index });
      }
      const seen = new Set<string>();
      for (const o of q.options) {
        const label = o.label.trim();
        if (label && seen.has(label)) problems.push({ code: 'option_label_duplicate', index, label });
        seen.add(label);
      }
    }
    if (q.kind === 'matrix' && q.rows.length === 0) problems.push({ code: 'rows_missing', index });
    if (q.min !== null && q.max !== null && q.min > q.max) problems.push({ code: 'range_invalid', index });
    if (q.kind === 'multiple' && q.max !== null && q.max > q.options.length) problems.push({ code: 'range_invalid', index });
    for (const skip of q.skips) {
      const target = skip.goTo === SKIP_TO_END ? index + 1 : questions.findIndex((other) => other.id === skip.goTo);
      if (target <= index || !q.options.some((o) => o.id === skip.optionId)) {
        problems.push({ code: 'skip_target_invalid', index });
        break;
      }
    }
  });
  return problems;
}

/**
 * Problems of an answer against the questions (types, required with skip logic, ranges, options that
 * exist). The answer page shows them as typed; the server refuses an answer with any (40000 naming
 * the question's number). `index` is 0-based.
 */
export type AnswerProblem =
  | { code: 'required'; index: number }
  | { code: 'invalid'; index: number }
  | { code: 'too_few'; index: number; min: number }
  | { code: 'too_many'; index: number; max: number }
  /** an exclusive option picked with another (SurveyOption.exclusive) */
  | { code: 'exclusive'; index: number; label: string }
  | { code: 'too_long'; index: number; max: number }
  | { code: 'out_of_range'; index: number; min: number | null; max: number | null }
  | { code: 'not_integer'; index: number }
  | { code: 'unknown_question'; questionId: string };

export function isEmptyAnswer(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return Number.isNaN(value);
  return Object.keys(value).length === 0;
}

export function answerProblems(questions: readonly SurveyQuestion[], values: AnswerValues): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const visible = visibleQuestionIds(questions, values);
  const known = new Set(questions.map((q) => q.id));
  for (const questionId of Object.keys(values)) if (!known.has(questionId)) problems.push({ code: 'unknown_question', questionId });
  questions.forEach((q, index) => {
    if (!visible.has(q.id)) return;
    const value = values[q.id];
    if (isEmptyAnswer(value)) {
      if (q.required) problems.push({ code: 'required', index });
      return;
    }
    const optionIds = new Set(q.options.map((o) => o.id));
    switch (q.kind) {
      case 'single':
        if (typeof value !== 'string' || !optionIds.has(value)) problems.push({ code: 'invalid', index });
        return;
      case 'multiple': {
        if (!Array.isArray(value) || value.some((v) => !optionIds.has(v)) || new Set(value).size !== value.length) {
          problems.push({ code: 'invalid', index });
          return;
        }
        const exclusive = breaksExclusive(q, value) ? q.options.find((o) => o.exclusive && value.includes(o.id)) : undefined;
        if (exclusive) {
          problems.push({ code: 'exclusive', index, label: exclusive.label });
          return;
        }
        // an exclusive option is a whole answer: a question's "pick at least 2" does not apply to it
        const alone = value.length === 1 && q.options.some((o) => o.exclusive && o.id === value[0]);
        if (q.min !== null && value.length < q.min && !alone) problems.push({ code: 'too_few', index, min: q.min });
        if (q.max !== null && value.length > q.max) problems.push({ code: 'too_many', index, max: q.max });
        return;
      }
      case 'text': {
        const max = q.max ?? SURVEY_LIMITS.textMaxDefault;
        if (typeof value !== 'string') problems.push({ code: 'invalid', index });
        else if ([...value].length > max) problems.push({ code: 'too_long', index, max });
        return;
      }
      case 'rating': {
        const max = q.max ?? SURVEY_LIMITS.ratingMaxDefault;
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) problems.push({ code: 'out_of_range', index, min: 1, max });
        return;
      }
      case 'matrix': {
        if (typeof value !== 'object' || Array.isArray(value)) {
          problems.push({ code: 'invalid', index });
          return;
        }
        const rowIds = new Set(q.rows.map((r) => r.id));
        const entries = Object.entries(value);
        if (entries.some(([rowId, optionId]) => !rowIds.has(rowId) || typeof optionId !== 'string' || !optionIds.has(optionId))) {
          problems.push({ code: 'invalid', index });
          return;
        }
        if (q.required && entries.length < q.rows.length) problems.push({ code: 'required', index });
        return;
      }
      case 'number': {
        if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > SURVEY_LIMITS.numberAbsMax) {
          problems.push({ code: 'invalid', index });
          return;
        }
        if (q.integer && !Number.isInteger(value)) problems.push({ code: 'not_integer', index });
        if ((q.min !== null && value < q.min) || (q.max !== null && value > q.max)) problems.push({ code: 'out_of_range', index, min: q.min, max: q.max });
        return;
      }
      case 'date': {
        if (typeof value !== 'string' || !isCalendarDate(value)) problems.push({ code: 'invalid', index });
        return;
      }
      case 'picture': {
        const max = q.max ?? 1;
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !v)) problems.push({ code: 'invalid', index });
        else if (value.length > max) problems.push({ code: 'too_many', index, max });
        return;
      }
    }
  });
  return problems;
}

/** The values worth sending: only the shown questions' non-empty answers (skip logic drops the rest). */
export function cleanAnswer(questions: readonly SurveyQuestion[], values: AnswerValues): AnswerValues {
  const visible = visibleQuestionIds(questions, values);
  const out: AnswerValues = {};
  for (const q of questions) {
    const value = values[q.id];
    if (visible.has(q.id) && !isEmptyAnswer(value)) out[q.id] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** Who a targeted questionnaire reaches: a user matches by id, or by (any role listed, if any) and (in an org listed, if any). */
export interface SurveyTarget {
  userIds: string[];
  orgIds: string[];
  roleCodes: string[];
}
export const EMPTY_TARGET: SurveyTarget = { userIds: [], orgIds: [], roleCodes: [] };
export const isEmptyTarget = (target: SurveyTarget): boolean => !target.userIds.length && !target.orgIds.length && !target.roleCodes.length;

/** Request header carrying the public page's device id (one answer per device, rate limits). */
export const DEVICE_ID_HEADER = 'X-Device-Id';
