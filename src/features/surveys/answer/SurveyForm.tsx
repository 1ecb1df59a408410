import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  answerProblems,
  cleanAnswer,
  isEmptyAnswer,
  questionNumbers,
  visibleQuestionIds,
  type AnswerProblem,
  type AnswerValue,
  type AnswerValues,
  type SurveyQuestion,
} from '../../../../contracts/survey-rules';
import { answerProblemText } from './problem-messages';
import { QuestionInput } from './inputs';
import './survey-form.css';

/**
 * The answer form every place shows (issue 9): the public page (survey.html), the app's answering
 * screen and the builder's preview. Plain React and its own CSS (class prefix `xw-sf-`): no Chakra,
 * router, react-query or zod, so the public page stays light. It runs the same checks as the server
 * (contracts/survey-rules.ts answerProblems / visibleQuestionIds / cleanAnswer).
 *
 * Props:
 * - `survey`: `{ title, description?, questions, anonymous }` (a SurveyForAnswer fits).
 * - `values` + `onChange(next)`: the answer as typed (controlled; keep it in a draft store so nothing
 *   typed is lost). Values of questions hidden by skip logic stay in `values` and are dropped at submit.
 * - `onSubmit(clean)`: called with `cleanAnswer(questions, values)` when the submit button is pressed and
 *   answerProblems finds nothing; otherwise the form shows every problem under its question and scrolls
 *   to the first. May return a promise (the button shows 'submitting' only if `busy` is set).
 * - `mode`: 'answer' (default) or 'preview' (a banner says nothing is sent; without `onSubmit` the
 *   submit button only runs the checks and says the answer would be accepted).
 * - `disabled`: everything read-only (e.g. already submitted, or the survey is closed).
 * - `busy`: the submit button is disabled and says 'submitting'.
 * - `pictures`: `{ add(questionId, file) → Promise<token>, urlOf(token) → string, remove?(token) }` for
 *   picture questions; a token is a server file id or `local:<uuid>` (a picture kept on the device
 *   until it can be uploaded). `add` may throw an Error whose message is shown. Without it, picture
 *   questions cannot take files (the builder's preview).
 * - `problems`: problems the server answered (40000 data.problems), shown as after a submit attempt.
 * - `notice`: shown above the submit button (e.g. 'saved on this device, will be sent…').
 * - `submitLabel`: the submit button's text (default 提交 / Submit).
 * - `hideHeader`: leave out the title and description (the page shows its own).
 * - `testId`: data-testid of the form (default 'survey-form'); questions are `survey-q-<position>` (their
 *   place in the questionnaire; the number shown counts only the questions skip logic leaves visible).
 */
export interface SurveyFormSurvey {
  title: string;
  description?: string;
  questions: readonly SurveyQuestion[];
  anonymous: boolean;
}

export interface SurveyPictures {
  add(questionId: string, file: File): Promise<string>;
  urlOf(token: string): string;
  remove?(token: string): void | Promise<void>;
}

export type SurveyFormMode = 'answer' | 'preview';

export interface SurveyFormProps {
  survey: SurveyFormSurvey;
  values: AnswerValues;
  onChange: (next: AnswerValues) => void;
  onSubmit?: (clean: AnswerValues) => void | Promise<unknown>;
  mode?: SurveyFormMode;
  disabled?: boolean;
  busy?: boolean;
  pictures?: SurveyPictures;
  problems?: readonly AnswerProblem[];
  notice?: ReactNode;
  submitLabel?: ReactNode;
  hideHeader?: boolean;
  testId?: string;
}

/** The problems answerProblems finds in what would be sent (hidden questions' values dropped). */
export function problemsOf(questions: readonly SurveyQuestion[], values: AnswerValues): AnswerProblem[] {
  return answerProblems(questions, cleanAnswer(questions, values));
}

export function SurveyForm(props: SurveyFormProps) {
  const { survey, values, onChange, onSubmit, mode = 'answer', disabled = false, busy = false, pictures, notice, submitLabel, hideHeader = false } = props;
  const { t } = useLingui();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [previewOk, setPreviewOk] = useState(false);
  const questions = survey.questions;

  const visible = useMemo(() => visibleQuestionIds(questions, values), [questions, values]);
  // shown questions are numbered 1, 2, 3… (a question skip logic hides leaves no gap)
  const numbers = useMemo(() => questionNumbers(questions, values), [questions, values]);
  const problems = useMemo(() => problemsOf(questions, values), [questions, values]);
  const problemByIndex = useMemo(() => {
    const map = new Map<number, AnswerProblem>();
    for (const problem of [...(props.problems ?? []), ...problems]) {
      if (problem.code !== 'unknown_question' && !map.has(problem.index)) map.set(problem.index, problem);
    }
    return map;
  }, [problems, props.problems]);
  const serverListed = useMemo(() => new Set((props.problems ?? []).map((p) => (p.code === 'unknown_question' ? -1 : p.index))), [props.problems]);

  const shown = questions.filter((q) => visible.has(q.id));
  const answered = shown.filter((q) => !isEmptyAnswer(values[q.id])).length;
  const total = shown.length;
  const problemCount = problems.length;
  const domId = (question: SurveyQuestion) => `${uid}-q-${question.id}`;

  const setValue = (questionId: string, value: AnswerValue | undefined) => {
    const next: AnswerValues = { ...values };
    if (value === undefined || isEmptyAnswer(value)) delete next[questionId];
    else next[questionId] = value;
    setPreviewOk(false);
    setTouched((before) => (before.has(questionId) ? before : new Set(before).add(questionId)));
    onChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled || busy) return;
    setAttempted(true);
    if (problems.length) {
      const first = problems.find((p): p is Exclude<AnswerProblem, { code: 'unknown_question' }> => p.code !== 'unknown_question');
      const question = first ? questions[first.index] : undefined;
      const element = question ? formRef.current?.ownerDocument.getElementById(domId(question)) : null;
      if (element) {
        element.scrollIntoView({ block: 'center', behavior: 'smooth' });
        element.querySelector<HTMLElement>('input:not([disabled]),textarea:not([disabled]),button:not([disabled])')?.focus({ preventScroll: true });
      }
      return;
    }
    if (mode === 'preview' && !onSubmit) {
      setPreviewOk(true);
      return;
    }
    void onSubmit?.(cleanAnswer(questions, values));
  };

  const unknownChanged = (props.problems ?? []).some((p) => p.code === 'unknown_question');

  return (
    <form ref={formRef} className="xw-sf" noValidate onSubmit={submit} data-testid={props.testId ?? 'survey-form'} aria-busy={busy || undefined}>
      {mode === 'preview' && (
        <p className="xw-sf-banner" data-testid="survey-preview-banner">
          {t`预览模式：可以试填，答卷不会提交`}
        </p>
      )}
      {!hideHeader && (
        <header className="xw-sf-header">
          <h1 className="xw-sf-title">{survey.title}</h1>
          {survey.description ? <p className="xw-sf-description">{survey.description}</p> : null}
        </header>
      )}
      <p className="xw-sf-notice" data-testid="survey-anonymous-notice">
        {survey.anonymous ? t`本问卷为匿名问卷，不会记录您的身份。` : t`本问卷为实名问卷，提交后会记录您的身份。`}
      </p>
      <div className="xw-sf-progress" data-testid="survey-progress">
        <span>{t`已答 ${answered} / ${total} 题`}</span>
        <span
          className="xw-sf-progress-bar"
          role="progressbar"
          aria-label={t`答题进度`}
          aria-valuemin={0}
          aria-valuemax={shown.length}
          aria-valuenow={answered}
        >
          <span style={{ width: shown.length ? `${(answered / shown.length) * 100}%` : '0%' }} />
        </span>
      </div>
      {unknownChanged && (
        <p className="xw-sf-problem" role="alert">
          {t`问卷的题目已变化，请刷新后重新填写`}
        </p>
      )}
      <ol className="xw-sf-questions">
        {questions.map((question, index) => {
          if (!visible.has(question.id)) return null;
          const problem = problemByIndex.get(index);
          // as typed once touched; 'pick more' and a partly answered matrix wait for a submit (the answer is on its way)
          const early = problem && !(problem.code === 'too_few' || (problem.code === 'required' && question.kind === 'matrix'));
          const showProblem = problem && (attempted || serverListed.has(index) || (early && touched.has(question.id)));
          const titleId = `${domId(question)}-title`;
          const problemId = `${domId(question)}-problem`;
          const number = numbers.get(question.id) ?? index + 1;
          return (
            <li
              key={question.id}
              id={domId(question)}
              className={showProblem ? 'xw-sf-q xw-sf-q-invalid' : 'xw-sf-q'}
              data-testid={`survey-q-${index + 1}`}
              data-kind={question.kind}
            >
              <div className="xw-sf-q-head" id={titleId}>
                <span className="xw-sf-q-number">{number}.</span>
                <span className="xw-sf-q-title">{question.title}</span>
                {question.required ? (
                  <span className="xw-sf-req" title={t`必答`}>
                    <span aria-hidden="true">*</span>
                    <span className="xw-sf-sr">{t`（必答）`}</span>
                  </span>
                ) : null}
              </div>
              {question.description ? <p className="xw-sf-q-description">{question.description}</p> : null}
              <QuestionInput
                question={question}
                value={values[question.id]}
                onChange={(value) => setValue(question.id, value)}
                disabled={disabled}
                pictures={pictures}
                labelledBy={titleId}
                describedBy={showProblem ? problemId : undefined}
                invalid={Boolean(showProblem)}
                name={domId(question)}
              />
              {showProblem && problem ? (
                <p className="xw-sf-problem" id={problemId} data-testid={`survey-problem-${index + 1}`}>
                  {answerProblemText(problem, question, values[question.id])}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {attempted && problems.length > 0 ? (
        <p className="xw-sf-problem xw-sf-summary" role="alert" data-testid="survey-problems-summary">
          {t`还有 ${problemCount} 处需要修改，请检查标红的题目。`}
        </p>
      ) : null}
      {previewOk ? (
        <p className="xw-sf-ok" role="status" data-testid="survey-preview-ok">
          {t`答卷符合要求（预览不会提交）。`}
        </p>
      ) : null}
      {notice ? <div className="xw-sf-footer-notice">{notice}</div> : null}
      {!disabled && (
        <div className="xw-sf-actions">
          <button type="submit" className="xw-sf-submit" disabled={busy} data-testid="survey-submit">
            {busy ? t`提交中…` : (submitLabel ?? t`提交`)}
          </button>
        </div>
      )}
    </form>
  );
}
