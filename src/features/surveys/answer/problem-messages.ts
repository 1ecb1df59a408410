import { t } from '@lingui/core/macro';
import { schoolWallTime } from '../../../../contracts/school-time';
import { type AnswerProblem, type AnswerValue, questionNumbers, type RefusalReason, type SurveyQuestion } from '../../../../contracts/survey-rules';

/**
 * The user's words for an answer's problems and for the refusals of SPEC §8 (zh source, en in the
 * catalogs). The refusal words are the server's (server/i18n/messages.ts `surveys…`), so the page says
 * the same thing offline (from a kept survey's times) as the server says online.
 * Call these while rendering under Lingui (the global i18n): they read the active locale.
 */

/** 'YYYY-MM-DD HH:mm' in the school's time zone (+08:00), as the server words its times. */
export function formatSchoolTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : schoolWallTime(ms).slice(0, 16).replace('T', ' ');
}

/** What a problem of one question means, in the user's words (the question's number is shown beside it). */
export function answerProblemText(problem: AnswerProblem, question?: SurveyQuestion, value?: AnswerValue): string {
  switch (problem.code) {
    case 'required':
      if (question?.kind === 'matrix' && value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) return t`请回答每一行`;
      return t`此题为必答题`;
    case 'invalid':
      if (question?.kind === 'number') return t`请填写一个数字`;
      if (question?.kind === 'date') return t`请填写正确的日期`;
      return t`答案无效，请重新填写`;
    case 'too_few': {
      const { min } = problem;
      return t`至少选择${min}项`;
    }
    case 'too_many': {
      const { max } = problem;
      return question?.kind === 'picture' ? t`最多上传${max}张图片` : t`最多选择${max}项`;
    }
    case 'exclusive': {
      const { label } = problem;
      return t`“${label}”不能与其他选项同时选择`;
    }
    case 'too_long': {
      const { max } = problem;
      return t`不能超过${max}个字`;
    }
    case 'out_of_range': {
      const { min, max } = problem;
      if (question?.kind === 'rating' && max !== null) return t`请选择1到${max}分`;
      if (min !== null && max !== null) return t`请填写${min}到${max}之间的数`;
      if (min !== null) return t`不能小于${min}`;
      if (max !== null) return t`不能大于${max}`;
      return t`答案无效，请重新填写`;
    }
    case 'not_integer':
      return t`请填写整数`;
    case 'unknown_question':
      return t`问卷的题目已变化，请刷新后重新填写`;
  }
}

/** A problem with its question's number: '第3题：此题为必答题' (the server's surveysAnswerProblem). */
export function numberedProblemText(problem: AnswerProblem, questions: readonly SurveyQuestion[], values: Record<string, AnswerValue> = {}): string {
  if (problem.code === 'unknown_question') return answerProblemText(problem);
  const question = questions[problem.index];
  // the number shown beside the question: skip logic leaves no gaps
  const number = (question && questionNumbers(questions, values).get(question.id)) ?? problem.index + 1;
  const text = answerProblemText(problem, question, question ? values[question.id] : undefined);
  return t`第${number}题：${text}`;
}

/** The times a refusal names (a survey's start for not_started, its end for expired). */
export interface RefusalTimes {
  startsAt?: string;
  endsAt?: string;
}

/** SPEC §8: does not exist, not started, expired, no questions, already submitted, no permission, maybe not logged in. */
export function refusalText(reason: RefusalReason, times: RefusalTimes = {}): string {
  switch (reason) {
    case 'not_found':
      return t`问卷不存在或已被删除`;
    case 'not_started': {
      if (!times.startsAt) return t`问卷尚未开始`;
      const time = formatSchoolTime(times.startsAt);
      return t`问卷尚未开始，开始时间：${time}`;
    }
    case 'expired': {
      if (!times.endsAt) return t`问卷已过期`;
      const time = formatSchoolTime(times.endsAt);
      return t`问卷已过期，截止时间：${time}`;
    }
    case 'no_questions':
      return t`该问卷还没有题目`;
    case 'already_submitted':
      return t`您已提交过该问卷，感谢参与`;
    case 'no_permission':
      return t`您没有填写该问卷的权限`;
    case 'login_required':
      return t`没有权限，可能未登录，请登录后再填写`;
  }
}
