import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { aiPrompts } from '../../../../contracts/resources/ai-prompts';
import { ResourceDrawer } from '../../../components/resource/ResourceDrawer';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('AI prompt drawer (the kit drawer from the definition)', () => {
  it('says what is wrong as typed, in the server words, counts the characters, and sends nothing until it is right', async () => {
    i18n.activate('zh');
    const onSave = vi.fn(async () => undefined);
    renderWithProviders(<ResourceDrawer definition={aiPrompts} testId="prompt" onClose={() => undefined} onSave={onSave} />);
    type('prompt-code', 'bad-code');
    expect(await screen.findByText('编码只能包含字母、数字和下划线')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(screen.getByText('请输入提示词内容')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    type('prompt-code', ' comment_v2 ');
    type('prompt-name', ' 评语 ');
    type('prompt-content', '写一段评语');
    expect(screen.getByTestId('prompt-content-count').textContent).toBe('5 / 4000');
    expect(screen.queryByText('编码只能包含字母、数字和下划线')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ code: 'comment_v2', name: '评语', content: '写一段评语', enabled: true, sort: 0 }));
  });

  it('an edit sends the id and the version it was read at', async () => {
    i18n.activate('en');
    const onSave = vi.fn(async () => undefined);
    const row = { id: '0193a000-0000-7000-8000-000000000001', code: 'notice_polish', name: '通知润色', scene: '', content: '润色', model: '', enabled: false, sort: 20, remark: '', updatedAt: '', version: 4 };
    renderWithProviders(<ResourceDrawer definition={aiPrompts} testId="prompt" row={row} onClose={() => undefined} onSave={onSave} />);
    type('prompt-content', 'x'.repeat(4001));
    expect(await screen.findByText('The prompt text may have at most 4000 characters')).toBeTruthy();
    type('prompt-content', 'Polish it');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ id: row.id, version: 4, code: 'notice_polish', enabled: false, sort: 20, content: 'Polish it' })));
  });

  it('closes at once when nothing was changed', async () => {
    i18n.activate('zh');
    const onClose = vi.fn();
    renderWithProviders(<ResourceDrawer definition={aiPrompts} testId="prompt" onClose={onClose} onSave={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('after typing, 取消 asks first: its 取消 keeps the text; Esc asks again, 放弃修改 closes', async () => {
    i18n.activate('zh');
    const onClose = vi.fn();
    renderWithProviders(<ResourceDrawer definition={aiPrompts} testId="prompt" onClose={onClose} onSave={vi.fn()} />);
    type('prompt-name', '作文点评');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    const ask = await screen.findByRole('alertdialog', { name: '放弃未保存的修改？', hidden: true });
    // jsdom: the drawer's aria-hiding reaches the nested ask's positioner (not so in Chromium, see the e2e)
    fireEvent.click(within(ask).getByRole('button', { name: '取消', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByTestId('prompt-name') as HTMLInputElement).value).toBe('作文点评');
    fireEvent.keyDown(screen.getByTestId('prompt-name'), { key: 'Escape' });
    const again = await screen.findByRole('alertdialog', { name: '放弃未保存的修改？', hidden: true });
    fireEvent.click(within(again).getByRole('button', { name: '放弃修改', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
