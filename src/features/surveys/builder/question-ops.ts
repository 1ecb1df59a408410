import { SKIP_TO_END, type SurveyOption, type SurveyQuestion } from '../../../../contracts/survey-rules';

/**
 * Pure edits of questions (the builder's cards and the bank's drawer): options, rows, skip rules,
 * ordering, copies with new ids. Every edit returns new objects; nothing is mutated.
 */
export type NewId = () => string;

export const newUuid: NewId = () => crypto.randomUUID();

export function addOption(question: SurveyQuestion, newId: NewId, field: 'options' | 'rows' = 'options'): SurveyQuestion {
  return { ...question, [field]: [...question[field], { id: newId(), label: '' }] };
}

/** Removes an option (or a matrix row); the option's skip rule goes with it. */
export function removeOption(question: SurveyQuestion, optionId: string, field: 'options' | 'rows' = 'options'): SurveyQuestion {
  return {
    ...question,
    [field]: question[field].filter((option) => option.id !== optionId),
    skips: field === 'options' ? question.skips.filter((skip) => skip.optionId !== optionId) : question.skips,
  };
}

export function setOptionLabel(question: SurveyQuestion, optionId: string, label: string, field: 'options' | 'rows' = 'options'): SurveyQuestion {
  return { ...question, [field]: question[field].map((option) => (option.id === optionId ? { ...option, label } : option)) };
}

/** Marks a multiple-choice option exclusive (picked alone, SurveyOption.exclusive) or not; stored only when set. */
export function setOptionExclusive(question: SurveyQuestion, optionId: string, exclusive: boolean): SurveyQuestion {
  return {
    ...question,
    options: question.options.map((option) => {
      if (option.id !== optionId) return option;
      const { exclusive: _previous, ...plain } = option;
      return exclusive ? { ...plain, exclusive: true } : plain;
    }),
  };
}

/** Moves an item of a list from one index to another (out of range: unchanged). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function moveOption(question: SurveyQuestion, from: number, to: number, field: 'options' | 'rows' = 'options'): SurveyQuestion {
  return { ...question, [field]: moveItem(question[field], from, to) };
}

/** Sets the skip rule of an option: a later question's id, SKIP_TO_END, or null (no skip). */
export function setSkip(question: SurveyQuestion, optionId: string, goTo: string | null): SurveyQuestion {
  const others = question.skips.filter((skip) => skip.optionId !== optionId);
  return { ...question, skips: goTo ? [...others, { optionId, goTo }] : others };
}

export const skipOf = (question: SurveyQuestion, optionId: string): string => question.skips.find((skip) => skip.optionId === optionId)?.goTo ?? '';

/**
 * A copy of a question with new ids for itself, its options and rows; its skip rules follow the
 * options' new ids (targets stay: they are other questions). The bank's questions are inserted so.
 */
export function copyQuestion(question: SurveyQuestion, newId: NewId, keepSkips = true): SurveyQuestion {
  const ids = new Map<string, string>();
  const copy = (options: readonly SurveyOption[]) =>
    options.map((option) => {
      const id = newId();
      ids.set(option.id, id);
      return { ...option, id };
    });
  const options = copy(question.options);
  const rows = copy(question.rows);
  const skips = keepSkips ? question.skips.filter((skip) => ids.has(skip.optionId)).map((skip) => ({ optionId: ids.get(skip.optionId)!, goTo: skip.goTo })) : [];
  return { ...question, id: newId(), options, rows, skips };
}

/** A question from the bank, inserted into a questionnaire: new ids and no skips (its targets are another questionnaire's). */
export const questionFromBank = (question: SurveyQuestion, newId: NewId): SurveyQuestion => copyQuestion(question, newId, false);

/** Removes a question; other questions' skips to it are dropped (they would point nowhere). */
export function removeQuestion(questions: readonly SurveyQuestion[], id: string): SurveyQuestion[] {
  return questions.filter((q) => q.id !== id).map((q) => (q.skips.some((skip) => skip.goTo === id) ? { ...q, skips: q.skips.filter((skip) => skip.goTo !== id) } : q));
}

/** Duplicates a question right after itself (its skips kept: they still point at later questions). */
export function duplicateQuestion(questions: readonly SurveyQuestion[], id: string, newId: NewId): SurveyQuestion[] {
  const index = questions.findIndex((q) => q.id === id);
  if (index < 0) return [...questions];
  const next = [...questions];
  next.splice(index + 1, 0, copyQuestion(questions[index]!, newId));
  return next;
}

/** Where an option's skip may go: the questions after `index`, then the end. */
export function skipTargets(questions: readonly SurveyQuestion[], index: number): { value: string; number: number | null; title: string }[] {
  return [
    ...questions.slice(index + 1).map((q, offset) => ({ value: q.id, number: index + offset + 2, title: q.title })),
    { value: SKIP_TO_END, number: null, title: '' },
  ];
}

/** A kind change keeps the title, description and required flag; the rest is the new kind's defaults. */
export function withKind(question: SurveyQuestion, blank: SurveyQuestion): SurveyQuestion {
  const choice = (kind: string) => kind === 'single' || kind === 'multiple';
  const keepOptions = choice(question.kind) && choice(blank.kind);
  return {
    ...blank,
    id: question.id,
    title: question.title,
    description: question.description,
    required: question.required,
    options: keepOptions ? question.options : blank.options,
    skips: keepOptions ? question.skips : [],
  };
}
