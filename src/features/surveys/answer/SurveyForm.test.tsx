import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blankQuestion, type AnswerValues, type QuestionKind, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { messages as en } from '../../../public-survey/locales/en.po';
import { parseNumberText } from './inputs';
import { SurveyForm, type SurveyFormProps, type SurveyPictures } from './SurveyForm';

let n = 0;
const id = () => `00000000-0000-7000-8000-${String(++n).padStart(12, '0')}`;

function question(kind: QuestionKind, title: string, patch: Partial<SurveyQuestion> = {}): SurveyQuestion {
  const q = blankQuestion(id(), kind, id);
  q.title = title;
  q.options = q.options.map((option, i) => ({ ...option, label: `${title}选项${i + 1}` }));
  q.rows = q.rows.map((row, i) => ({ ...row, label: `${title}行${i + 1}` }));
  return { ...q, ...patch };
}

/** A controlled form holding its values, as a page does. */
function Harness(props: Omit<SurveyFormProps, 'values' | 'onChange'> & { initial?: AnswerValues; onValues?: (v: AnswerValues) => void }) {
  const [values, setValues] = useState<AnswerValues>(props.initial ?? {});
  return (
    <I18nProvider i18n={i18n}>
      <SurveyForm
        {...props}
        values={values}
        onChange={(next) => {
          setValues(next);
          props.onValues?.(next);
        }}
      />
    </I18nProvider>
  );
}

const survey = (questions: SurveyQuestion[], anonymous = true) => ({ title: '家长满意度调查', description: '请如实填写', questions, anonymous });

beforeEach(() => {
  n = 0;
});

describe('SurveyForm', () => {
  it('renders every kind with its own input, numbered, required marked, anonymous notice and progress', () => {
    const kinds: QuestionKind[] = ['single', 'multiple', 'text', 'rating', 'matrix', 'number', 'date', 'picture'];
    const questions = kinds.map((kind) => question(kind, `题${kind}`));
    questions[2]!.required = false;
    render(<Harness survey={survey(questions)} />);
    expect(screen.getByRole('heading', { name: '家长满意度调查' })).toBeTruthy();
    expect(screen.getByTestId('survey-anonymous-notice').textContent).toContain('匿名');
    expect(screen.getByTestId('survey-progress').textContent).toContain('已答 0 / 8 题');

    expect(within(screen.getByTestId('survey-q-1')).getAllByRole('radio')).toHaveLength(2);
    expect(within(screen.getByTestId('survey-q-2')).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(screen.getByTestId('survey-q-3')).getByRole('textbox')).toBeTruthy();
    expect(within(screen.getByTestId('survey-q-3')).queryByText('（必答）')).toBeNull();
    expect(within(screen.getByTestId('survey-q-1')).getByText('（必答）')).toBeTruthy();
    expect(within(screen.getByTestId('survey-q-4')).getAllByRole('radio', { name: /分$/ })).toHaveLength(5);
    expect(within(screen.getByTestId('survey-q-5')).getAllByRole('radio')).toHaveLength(2); // 1 row × 2 columns
    expect(within(screen.getByTestId('survey-q-6')).getByRole('textbox').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByTestId('survey-q-7').querySelector('input[type=date]')).toBeTruthy();
    const file = screen.getByTestId('survey-q-8').querySelector('input[type=file]') as HTMLInputElement;
    expect(file.accept).toBe('.jpg,.jpeg,.png');
    expect(file.disabled).toBe(true); // no pictures adapter (the builder's preview)

    fireEvent.click(within(screen.getByTestId('survey-q-1')).getByLabelText('题single选项2'));
    expect(screen.getByTestId('survey-progress').textContent).toContain('已答 1 / 8 题');
  });

  it('skip logic hides the skipped questions (the shown ones numbered without a gap) and shows them again', () => {
    const q1 = question('single', '是否住校');
    const q2 = question('text', '宿舍意见');
    const q3 = question('text', '其他意见', { required: false });
    q1.skips = [{ optionId: q1.options[1]!.id, goTo: q3.id }];
    render(<Harness survey={survey([q1, q2, q3])} />);
    expect(screen.getByTestId('survey-q-2')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('是否住校选项2'));
    expect(screen.queryByTestId('survey-q-2')).toBeNull();
    expect(screen.getByTestId('survey-q-3').querySelector('.xw-sf-q-number')?.textContent).toBe('2.');
    expect(screen.getByTestId('survey-progress').textContent).toContain('已答 1 / 2 题');
    fireEvent.click(screen.getByLabelText('是否住校选项1'));
    expect(screen.getByTestId('survey-q-2')).toBeTruthy();
    expect(screen.getByTestId('survey-q-3').querySelector('.xw-sf-q-number')?.textContent).toBe('3.');
  });

  it('an exclusive choice is picked alone: ticking it clears the others, ticking another clears it', () => {
    const all = { id: id(), label: '都很满意', exclusive: true };
    const q1 = question('multiple', '哪些方面需要改进', { max: 2, options: [{ id: id(), label: '菜品' }, { id: id(), label: '价格' }, { id: id(), label: '环境' }, all] });
    const onValues = vi.fn();
    render(<Harness survey={survey([q1])} onValues={onValues} />);
    const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    fireEvent.click(box('菜品'));
    fireEvent.click(box('价格'));
    // two picked fill the question's max, yet the exclusive choice stays open: it replaces them
    expect(box('环境').disabled).toBe(true);
    expect(box('都很满意').disabled).toBe(false);
    fireEvent.click(box('都很满意'));
    expect([box('菜品').checked, box('价格').checked, box('都很满意').checked]).toEqual([false, false, true]);
    expect(onValues).toHaveBeenLastCalledWith({ [q1.id]: [all.id] });
    fireEvent.click(box('环境'));
    expect([box('环境').checked, box('都很满意').checked]).toEqual([true, false]);
    expect(onValues).toHaveBeenLastCalledWith({ [q1.id]: [q1.options[2]!.id] });
  });

  it('submitting shows every problem under its question and sends nothing; a complete answer is sent cleaned', () => {
    const q1 = question('single', '是否住校');
    const q2 = question('text', '宿舍意见');
    const q3 = question('multiple', '兴趣', { min: 2, options: [{ id: id(), label: '篮球' }, { id: id(), label: '足球' }, { id: id(), label: '围棋' }] });
    q1.skips = [{ optionId: q1.options[1]!.id, goTo: q3.id }];
    const onSubmit = vi.fn();
    render(<Harness survey={survey([q1, q2, q3])} onSubmit={onSubmit} initial={{ [q2.id]: '  ' }} />);
    expect(screen.queryByTestId('survey-problem-1')).toBeNull(); // nothing shown before a submit or a touch
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('survey-problem-1').textContent).toBe('此题为必答题');
    expect(screen.getByTestId('survey-problem-2').textContent).toBe('此题为必答题');
    expect(screen.getByTestId('survey-problem-3').textContent).toBe('此题为必答题');
    expect(screen.getByTestId('survey-problems-summary').textContent).toContain('还有 3 处');

    fireEvent.click(screen.getByLabelText('篮球'));
    expect(screen.getByTestId('survey-problem-3').textContent).toBe('至少选择2项');
    fireEvent.click(screen.getByLabelText('围棋'));
    expect(screen.queryByTestId('survey-problem-3')).toBeNull();
    // skipping question 2 makes its (blank) answer irrelevant
    fireEvent.click(screen.getByLabelText('是否住校选项2'));
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ [q1.id]: q1.options[1]!.id, [q3.id]: [q3.options[0]!.id, q3.options[2]!.id] });
  });

  it('a matrix needs every row when required; its radios are one group per row', () => {
    const q = question('matrix', '食堂', {
      rows: [{ id: id(), label: '卫生' }, { id: id(), label: '口味' }],
      options: [{ id: id(), label: '满意' }, { id: id(), label: '一般' }, { id: id(), label: '不满意' }],
    });
    const onValues = vi.fn();
    const onSubmit = vi.fn();
    render(<Harness survey={survey([q])} onValues={onValues} onSubmit={onSubmit} />);
    const groups = screen.getAllByRole('radiogroup');
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual(['卫生', '口味']);
    fireEvent.click(within(groups[0]!).getByLabelText('满意'));
    expect(screen.queryByTestId('survey-problem-1')).toBeNull(); // a partly answered matrix waits for the submit
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(screen.getByTestId('survey-problem-1').textContent).toBe('请回答每一行');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(within(groups[1]!).getByLabelText('不满意'));
    expect(screen.queryByTestId('survey-problem-1')).toBeNull();
    expect(onValues).toHaveBeenLastCalledWith({ [q.id]: { [q.rows[0]!.id]: q.options[0]!.id, [q.rows[1]!.id]: q.options[2]!.id } });
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a number question checks its range, whole numbers and what is not a number', () => {
    const q = question('number', '孩子每天睡几个小时', { min: 4, max: 12, integer: true });
    render(<Harness survey={survey([q])} />);
    const input = within(screen.getByTestId('survey-q-1')).getByRole('textbox');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByTestId('survey-q-1').textContent).toContain('范围 4 到 12，整数');
    fireEvent.change(input, { target: { value: '13' } });
    expect(screen.getByTestId('survey-problem-1').textContent).toBe('请填写4到12之间的数');
    fireEvent.change(input, { target: { value: '8.5' } });
    expect(screen.getByTestId('survey-problem-1').textContent).toBe('请填写整数');
    fireEvent.change(input, { target: { value: '八' } });
    expect(screen.getByTestId('survey-problem-1').textContent).toBe('请填写一个数字');
    expect((input as HTMLInputElement).value).toBe('八'); // what was typed stays
    fireEvent.change(input, { target: { value: '8' } });
    expect(screen.queryByTestId('survey-problem-1')).toBeNull();
    expect(parseNumberText(' -1.5 ')).toBe(-1.5);
    expect(parseNumberText('')).toBeUndefined();
  });

  it('rating is a radio group the keyboard moves through', () => {
    const q = question('rating', '总体评价');
    const onValues = vi.fn();
    render(<Harness survey={survey([q])} onValues={onValues} />);
    const stars = screen.getAllByRole('radio');
    expect(stars.map((star) => star.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    fireEvent.click(screen.getByRole('radio', { name: '3 分' }));
    expect(screen.getByRole('radio', { name: '3 分' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(screen.getByRole('radio', { name: '3 分' }), { key: 'ArrowRight' });
    expect(onValues).toHaveBeenLastCalledWith({ [q.id]: 4 });
    fireEvent.keyDown(screen.getByRole('radio', { name: '4 分' }), { key: 'Home' });
    expect(onValues).toHaveBeenLastCalledWith({ [q.id]: 1 });
  });

  it('text shows a counter against its max and says when it is too long', () => {
    const q = question('text', '建议', { max: 5, multiline: true });
    render(<Harness survey={survey([q])} />);
    const box = within(screen.getByTestId('survey-q-1')).getByRole('textbox');
    expect(box.tagName).toBe('TEXTAREA');
    fireEvent.change(box, { target: { value: '一二三四五六' } });
    expect(screen.getByTestId('survey-q-1').textContent).toContain('6/5');
    expect(screen.getByTestId('survey-problem-1').textContent).toBe('不能超过5个字');
  });

  it('pictures: refuses other formats and files over 2 MB, keeps what the adapter returns, removes', async () => {
    const q = question('picture', '作品照片', { max: 2 });
    const pictures: SurveyPictures = { add: vi.fn(async () => 'local:p1'), urlOf: (token) => `blob:${token}`, remove: vi.fn() };
    render(<Harness survey={survey([q])} pictures={pictures} />);
    const input = screen.getByTestId('survey-q-1').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('只能上传 jpg、jpeg、png 格式的图片')).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('图片不能超过 2 MB')).toBeTruthy();
    expect(pictures.add).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['x'], 'ok.JPG', { type: 'image/jpeg' })] } });
    const img = await screen.findByRole('img', { name: '图片 1' });
    expect(img.getAttribute('src')).toBe('blob:local:p1');
    fireEvent.click(screen.getByRole('button', { name: '删除图片 1' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(pictures.remove).toHaveBeenCalledWith('local:p1');
  });

  it('preview mode says nothing is sent and only checks; disabled is read-only; English words', () => {
    const q = question('single', 'Q');
    const { unmount } = render(<Harness survey={survey([q], false)} mode="preview" initial={{ [q.id]: q.options[0]!.id }} />);
    expect(screen.getByTestId('survey-preview-banner')).toBeTruthy();
    expect(screen.getByTestId('survey-anonymous-notice').textContent).toContain('实名');
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(screen.getByTestId('survey-preview-ok')).toBeTruthy();
    unmount();

    render(<Harness survey={survey([q])} disabled />);
    expect(screen.queryByTestId('survey-submit')).toBeNull();
    expect(screen.getAllByRole('radio').every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
  });

  it('speaks English with the public page catalog', () => {
    i18n.load('en', en);
    i18n.activate('en');
    const q = question('single', 'Q');
    render(<Harness survey={survey([q])} />);
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(screen.getByTestId('survey-problem-1').textContent).toBe('This question is required');
    expect(screen.getByTestId('survey-submit').textContent).toBe('Submit');
  });
});
