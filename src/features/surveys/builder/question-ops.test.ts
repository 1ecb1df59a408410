import { describe, expect, it } from 'vitest';
import { blankQuestion, questionProblems, SKIP_TO_END, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { addOption, copyQuestion, duplicateQuestion, moveItem, questionFromBank, removeOption, removeQuestion, setSkip, skipTargets, withKind } from './question-ops';

let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const single = (title: string, labels: string[]): SurveyQuestion => ({
  ...blankQuestion(newId(), 'single', newId),
  title,
  options: labels.map((label) => ({ id: newId(), label })),
});

describe('question ops', () => {
  it('a copy has new ids for itself and its options, and its skips follow the options', () => {
    const q1 = single('年级', ['七年级', '八年级']);
    const q2 = single('班级', ['1班', '2班']);
    const withRule = setSkip(q1, q1.options[1]!.id, q2.id);
    const copy = copyQuestion(withRule, newId);
    expect(copy.id).not.toBe(q1.id);
    expect(copy.options.map((o) => o.label)).toEqual(['七年级', '八年级']);
    expect(copy.options.some((o) => q1.options.some((old) => old.id === o.id))).toBe(false);
    expect(copy.skips).toEqual([{ optionId: copy.options[1]!.id, goTo: q2.id }]);
    // from the bank: no skips (they point into another questionnaire)
    expect(questionFromBank(withRule, newId).skips).toEqual([]);
  });

  it('removing an option drops its skip; removing a question drops the skips that pointed at it', () => {
    const q1 = single('是否住校', ['是', '否']);
    const q2 = single('宿舍楼', ['A', 'B']);
    const q3 = single('满意度', ['满意', '不满意']);
    const ruled = setSkip(q1, q1.options[1]!.id, q3.id);
    expect(removeOption(ruled, q1.options[1]!.id).skips).toEqual([]);
    const list = removeQuestion([ruled, q2, q3], q3.id);
    expect(list.map((q) => q.title)).toEqual(['是否住校', '宿舍楼']);
    expect(list[0]!.skips).toEqual([]);
  });

  it('skip targets are the later questions and the end; moving a question above its target makes the rule a problem', () => {
    const q1 = single('是否住校', ['是', '否']);
    const q2 = single('宿舍楼', ['A', 'B']);
    const q3 = single('满意度', ['满意', '不满意']);
    expect(skipTargets([q1, q2, q3], 0).map((t) => t.number)).toEqual([2, 3, null]);
    expect(skipTargets([q1, q2, q3], 0).at(-1)!.value).toBe(SKIP_TO_END);
    const ruled = setSkip(q1, q1.options[1]!.id, q3.id);
    expect(questionProblems([ruled, q2, q3])).toEqual([]);
    const moved = moveItem([ruled, q2, q3], 0, 2);
    expect(questionProblems(moved)).toEqual([{ code: 'skip_target_invalid', index: 2 }]);
    expect(setSkip(ruled, q1.options[1]!.id, null).skips).toEqual([]);
  });

  it('duplicating puts the copy right after; adding an option appends a blank one; a kind change keeps the title', () => {
    const q1 = single('A', ['x', 'y']);
    const q2 = single('B', ['x', 'y']);
    const list = duplicateQuestion([q1, q2], q1.id, newId);
    expect(list.map((q) => q.title)).toEqual(['A', 'A', 'B']);
    expect(addOption(q1, newId).options.at(-1)!.label).toBe('');
    const asMultiple = withKind(q1, blankQuestion(newId(), 'multiple', newId));
    expect(asMultiple).toMatchObject({ id: q1.id, kind: 'multiple', title: 'A', options: q1.options });
    const asRating = withKind(q1, blankQuestion(newId(), 'rating', newId));
    expect(asRating).toMatchObject({ id: q1.id, kind: 'rating', options: [], max: 5 });
  });
});
