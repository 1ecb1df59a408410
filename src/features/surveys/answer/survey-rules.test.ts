import { describe, expect, it } from 'vitest';
import { answerProblems, blankQuestion, pickChoice, questionNumbers, type SurveyQuestion } from '../../../../contracts/survey-rules';

let n = 0;
const id = () => `00000000-0000-7000-8000-${String(++n).padStart(12, '0')}`;
const question = (kind: SurveyQuestion['kind'], patch: Partial<SurveyQuestion> = {}): SurveyQuestion => ({ ...blankQuestion(id(), kind, id), title: 'q', ...patch });

describe('exclusive options of a multiple-choice question', () => {
  const [food, price, all] = [{ id: id(), label: '菜品' }, { id: id(), label: '价格' }, { id: id(), label: '都很满意', exclusive: true }];
  const q = question('multiple', { options: [food, price, all], min: 2 });

  it('pickChoice: the exclusive option clears the others, another option clears it, order kept', () => {
    expect(pickChoice(q, [price.id], food.id, true)).toEqual([food.id, price.id]);
    expect(pickChoice(q, [food.id, price.id], all.id, true)).toEqual([all.id]);
    expect(pickChoice(q, [all.id], price.id, true)).toEqual([price.id]);
    expect(pickChoice(q, [food.id, price.id], food.id, false)).toEqual([price.id]);
  });

  it('answerProblems refuses it with another option; alone it answers the question despite min', () => {
    expect(answerProblems([q], { [q.id]: [food.id, all.id] })).toEqual([{ code: 'exclusive', index: 0, label: '都很满意' }]);
    expect(answerProblems([q], { [q.id]: [all.id] })).toEqual([]);
    expect(answerProblems([q], { [q.id]: [food.id] })).toEqual([{ code: 'too_few', index: 0, min: 2 }]);
  });
});

describe('questionNumbers', () => {
  it('numbers the shown questions without a gap where skip logic hides one', () => {
    const q1 = question('single');
    const [q2, q3, q4] = [question('text'), question('text'), question('text')];
    q1.skips = [{ optionId: q1.options[1]!.id, goTo: q3.id }];
    const all = [q1, q2, q3, q4];
    expect([...questionNumbers(all, {}).entries()]).toEqual([[q1.id, 1], [q2.id, 2], [q3.id, 3], [q4.id, 4]]);
    expect([...questionNumbers(all, { [q1.id]: q1.options[1]!.id }).entries()]).toEqual([[q1.id, 1], [q3.id, 2], [q4.id, 3]]);
  });
});
