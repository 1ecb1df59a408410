import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { blankQuestion, questionProblems, SKIP_TO_END, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { renderWithProviders } from '../../../test/render';
import { QuestionEditor } from './QuestionEditor';

let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** The editor as the builder uses it: controlled, with the questionnaire's problems. */
function Harness({ start, index = 0, onState }: { start: SurveyQuestion[]; index?: number; onState: (questions: SurveyQuestion[]) => void }) {
  const [questions, setQuestions] = useState(start);
  const problems = questionProblems(questions).filter((p) => p.index === index);
  return (
    <QuestionEditor
      question={questions[index]!}
      questions={questions}
      index={index}
      problems={problems}
      newId={newId}
      onChange={(question) => {
        const next = questions.map((q, i) => (i === index ? question : q));
        setQuestions(next);
        onState(next);
      }}
    />
  );
}

const titled = (kind: SurveyQuestion['kind'], title: string) => ({ ...blankQuestion(newId(), kind, newId), title });

describe('QuestionEditor', () => {
  it('options: problems as typed, add, label, reorder, remove', () => {
    let state: SurveyQuestion[] = [];
    const q = titled('single', '您的孩子在哪个年级？');
    renderWithProviders(<Harness start={[q]} onState={(s) => (state = s)} />);
    // two blank options: the problem shows at once, in words
    expect(screen.getByTestId('question-problems').textContent).toBe('选项内容不能为空');
    const labels = () => screen.getAllByTestId('option-label') as HTMLInputElement[];
    fireEvent.change(labels()[0]!, { target: { value: '七年级' } });
    fireEvent.change(labels()[1]!, { target: { value: '七年级' } });
    expect(screen.getByTestId('question-problems').textContent).toBe('选项“七年级”重复');
    fireEvent.change(labels()[1]!, { target: { value: '八年级' } });
    expect(screen.queryByTestId('question-problems')).toBeNull();
    fireEvent.click(screen.getByTestId('option-add'));
    fireEvent.change(labels()[2]!, { target: { value: '九年级' } });
    expect(state[0]!.options.map((o) => o.label)).toEqual(['七年级', '八年级', '九年级']);
    fireEvent.click(screen.getByRole('button', { name: '上移 选项 3' }));
    expect(state[0]!.options.map((o) => o.label)).toEqual(['七年级', '九年级', '八年级']);
    fireEvent.click(screen.getAllByTestId('option-remove')[0]!);
    expect(state[0]!.options.map((o) => o.label)).toEqual(['九年级', '八年级']);
    // one option left is too few
    fireEvent.click(screen.getAllByTestId('option-remove')[0]!);
    expect(screen.getByTestId('question-problems').textContent).toBe('至少需要两个选项');
  });

  it('skip rules: an option jumps to a later question or ends the questionnaire', () => {
    let state: SurveyQuestion[] = [];
    const q1 = { ...titled('single', '是否住校'), options: [{ id: newId(), label: '是' }, { id: newId(), label: '否' }] };
    const q2 = titled('text', '宿舍楼号');
    const q3 = titled('rating', '总体满意度');
    renderWithProviders(<Harness start={[q1, q2, q3]} onState={(s) => (state = s)} />);
    const skips = screen.getAllByTestId('option-skip') as HTMLSelectElement[];
    expect([...skips[1]!.options].map((o) => o.textContent)).toEqual(['不跳题', '跳到第2题：宿舍楼号', '跳到第3题：总体满意度', '结束问卷']);
    fireEvent.change(skips[1]!, { target: { value: q3.id } });
    expect(state[0]!.skips).toEqual([{ optionId: q1.options[1]!.id, goTo: q3.id }]);
    fireEvent.change(skips[0]!, { target: { value: SKIP_TO_END } });
    expect(state[0]!.skips).toContainEqual({ optionId: q1.options[0]!.id, goTo: SKIP_TO_END });
    fireEvent.change(skips[1]!, { target: { value: '' } });
    expect(state[0]!.skips).toEqual([{ optionId: q1.options[0]!.id, goTo: SKIP_TO_END }]);
  });

  it('a skip pointing backwards (after a move) shows as invalid with the problem', () => {
    const q0 = titled('text', '姓名');
    const q1 = { ...titled('single', '是否住校'), options: [{ id: newId(), label: '是' }, { id: newId(), label: '否' }] };
    const ruled = { ...q1, skips: [{ optionId: q1.options[0]!.id, goTo: q0.id }] };
    renderWithProviders(<Harness start={[q0, ruled]} index={1} onState={() => undefined} />);
    expect(screen.getByTestId('question-problems').textContent).toBe('跳题设置无效：只能跳到后面的题目或结束问卷');
    const skip = screen.getAllByTestId('option-skip')[0] as HTMLSelectElement;
    expect(skip.selectedOptions[0]!.textContent).toBe('无效的跳转');
  });

  it('matrix rows and columns; a number question’s range; the title is required', () => {
    let state: SurveyQuestion[] = [];
    const matrix = titled('matrix', '');
    renderWithProviders(<Harness start={[matrix]} onState={(s) => (state = s)} />);
    const problems = screen.getByTestId('question-problems');
    expect(within(problems).getByText('请输入题目标题')).toBeTruthy();
    fireEvent.click(screen.getByTestId('row-add'));
    expect(state[0]!.rows).toHaveLength(2);
    expect(screen.getAllByTestId('row-label')).toHaveLength(2);
    expect(screen.getAllByTestId('option-label')).toHaveLength(2);
    // matrix columns have no skip rules
    expect(screen.queryByTestId('option-skip')).toBeNull();
  });
});
