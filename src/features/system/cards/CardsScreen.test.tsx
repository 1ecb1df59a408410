import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_CARD_IDS, type HomeCardRoleRow } from '../../../../contracts/home-cards';
import { setConfig } from '../../../lib/config';
import { fail, fakeFetch, ok, renderScreen } from '../../../test/render';
import { CARD_URLS } from './api';
import { CardsScreen } from './CardsScreen';
import { recordNotices } from '../../../test/notices';

let notified: string[];

const EDIT = ['system_home_card', 'system_home_card_edit'];
/** the head of school's figure cards (issue 20), between 欢迎语 and 未读消息 in the built-in order */
const FIGURES = ['attendance-today', 'applications-pending', 'score-progress', 'survey-responses'];
const lineIds = () => screen.getAllByTestId('card-line').map((line) => line.getAttribute('data-id'));
const previewTexts = () => screen.queryAllByTestId('card-preview-item').map((item) => item.textContent);
const line = (id: string) => screen.getAllByTestId('card-line').find((item) => item.getAttribute('data-id') === id)!;
const bodiesOf = (fake: ReturnType<typeof fakeFetch>, path: string) => fake.calls.filter((call) => call.url.pathname === path).map((call) => JSON.parse(String(call.init.body)) as unknown);

const roles: HomeCardRoleRow[] = [
  { roleId: '01900000-0000-7000-8000-0000000000a1', code: 'teacher', name: '教师', nameEn: 'Teacher', cards: null, version: 0, updatedAt: null },
  { roleId: '01900000-0000-7000-8000-0000000000a2', code: 'student', name: '学生', nameEn: 'Student', cards: null, version: 0, updatedAt: null },
];

describe('CardsScreen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices().all;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('choosing another role with unsaved changes asks first; 取消 keeps them, 放弃修改 switches', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/home-cards/list': ok(roles) }).impl));
    const onSearchChange = vi.fn();
    renderScreen(<CardsScreen search={{}} onSearchChange={onSearchChange} />, { permissions: ['system_home_card', 'system_home_card_edit'] });
    const [teacher, student] = await screen.findAllByTestId('card-role');
    // nothing changed yet: switching goes at once
    fireEvent.click(student!);
    expect(onSearchChange).toHaveBeenLastCalledWith({ role: roles[1]!.roleId });
    onSearchChange.mockClear();

    fireEvent.click(screen.getAllByTestId('card-shown')[0]!);
    await waitFor(() => expect(within(teacher!).getByTestId('card-role-unsaved')).toBeTruthy());
    fireEvent.click(student!);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('放弃未保存的修改？');
    expect(onSearchChange).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getAllByTestId('card-shown')[0] as HTMLInputElement).checked).toBe(false);

    fireEvent.click(student!);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '放弃修改' }));
    expect(onSearchChange).toHaveBeenCalledWith({ role: roles[1]!.roleId });
  });

  it('↑/↓ move a card, unticking hides it; the preview follows; 保存 sends the shown ids in order with the version', async () => {
    const custom: HomeCardRoleRow = { ...roles[0]!, cards: ['unread-messages', 'welcome'], version: 4 };
    const fake = fakeFetch({ [CARD_URLS.list]: ok([custom, roles[1]!]), [CARD_URLS.save]: ok({ version: 5 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<CardsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: EDIT });
    await screen.findAllByTestId('card-line');
    // the layout's cards first (ticked), then the others (unticked)
    expect(lineIds()).toEqual(['unread-messages', 'welcome', ...FIGURES, 'applications-todo', 'pending', 'shortcuts']);
    expect(previewTexts()).toEqual(['1. 未读消息', '2. 欢迎语']);
    expect((within(line('unread-messages')).getByTestId('card-up') as HTMLButtonElement).disabled).toBe(true);
    expect((within(line('shortcuts')).getByTestId('card-down') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(line('welcome')).getByTestId('card-up'));
    expect(lineIds()).toEqual(['welcome', 'unread-messages', ...FIGURES, 'applications-todo', 'pending', 'shortcuts']);
    fireEvent.click(within(line('shortcuts')).getByTestId('card-shown'));
    fireEvent.click(within(line('shortcuts')).getByTestId('card-up'));
    fireEvent.click(within(line('shortcuts')).getByTestId('card-up'));
    expect(lineIds()).toEqual(['welcome', 'unread-messages', ...FIGURES, 'shortcuts', 'applications-todo', 'pending']);
    fireEvent.click(within(line('unread-messages')).getByTestId('card-shown'));
    fireEvent.click(within(line('welcome')).getByTestId('card-down'));
    expect(lineIds()).toEqual(['unread-messages', 'welcome', ...FIGURES, 'shortcuts', 'applications-todo', 'pending']);
    expect(previewTexts()).toEqual(['1. 欢迎语', '2. 快捷入口']);

    fireEvent.click(screen.getByTestId('card-save'));
    await waitFor(() => expect(notified).toContain('保存成功'));
    expect(bodiesOf(fake, CARD_URLS.save)).toEqual([{ roleId: custom.roleId, cards: ['welcome', 'shortcuts'], version: 4 }]);
  });

  it('nothing ticked: the preview says so and 保存 sends an empty layout', async () => {
    const fake = fakeFetch({ [CARD_URLS.list]: ok(roles), [CARD_URLS.save]: ok({ version: 1 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<CardsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: EDIT });
    await screen.findAllByTestId('card-line');
    expect(previewTexts()).toHaveLength(HOME_CARD_IDS.length);
    for (const box of screen.getAllByTestId('card-shown')) fireEvent.click(box);
    expect(screen.getByTestId('card-preview-empty').textContent).toBe('首页不显示任何卡片');
    fireEvent.click(screen.getByTestId('card-save'));
    await waitFor(() => expect(notified).toContain('保存成功'));
    expect(bodiesOf(fake, CARD_URLS.save)).toEqual([{ roleId: roles[0]!.roleId, cards: [], version: 0 }]);
  });

  it('a refused save shows the server’s words and keeps the edit', async () => {
    const fake = fakeFetch({ [CARD_URLS.list]: ok(roles), [CARD_URLS.save]: fail(40900, '该角色的卡片设置已被他人修改，请刷新后重试') });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<CardsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: EDIT });
    await screen.findAllByTestId('card-line');
    fireEvent.click(within(line('pending')).getByTestId('card-up'));
    fireEvent.click(within(line('welcome')).getByTestId('card-shown'));
    fireEvent.click(screen.getByTestId('card-save'));
    await waitFor(() => expect(notified).toContain('该角色的卡片设置已被他人修改，请刷新后重试'));
    expect(bodiesOf(fake, CARD_URLS.save)).toHaveLength(1);
    expect(lineIds()).toEqual(['welcome', ...FIGURES, 'unread-messages', 'pending', 'applications-todo', 'shortcuts']);
    expect((within(line('welcome')).getByTestId('card-shown') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('card-role-unsaved')).toBeTruthy();
    expect(notified).not.toContain('保存成功');
  });

  it('恢复默认 is off for a role on the default; for a custom one it asks, and cancelling sends nothing', async () => {
    const custom: HomeCardRoleRow = { ...roles[1]!, cards: ['pending'], version: 2 };
    const fake = fakeFetch({ [CARD_URLS.list]: ok([roles[0]!, custom]), [CARD_URLS.reset]: ok(null) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const { unmount } = renderScreen(<CardsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: EDIT });
    const [teacher, student] = await screen.findAllByTestId('card-role');
    expect(within(teacher!).getByTestId('card-role-badge').textContent).toBe('默认');
    expect(within(student!).getByTestId('card-role-badge').textContent).toBe('自定义');
    expect((screen.getByTestId('card-reset') as HTMLButtonElement).disabled).toBe(true);
    unmount();

    renderScreen(<CardsScreen search={{ role: custom.roleId }} onSearchChange={vi.fn()} />, { permissions: EDIT });
    await screen.findAllByTestId('card-line');
    const reset = screen.getByTestId('card-reset') as HTMLButtonElement;
    expect(reset.disabled).toBe(false);
    fireEvent.click(reset);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('恢复后，该角色的用户将看到全部有权限的卡片（默认顺序）。是否继续？');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesOf(fake, CARD_URLS.reset)).toEqual([]);

    fireEvent.click(screen.getByTestId('card-reset'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(notified).toContain('已恢复默认'));
    expect(bodiesOf(fake, CARD_URLS.reset)).toEqual([{ roleId: custom.roleId }]);
  });

  it('the role comes from the URL: its layout is the one shown and the one saved', async () => {
    const custom: HomeCardRoleRow = { ...roles[1]!, cards: ['shortcuts', 'pending'], version: 7 };
    const fake = fakeFetch({ [CARD_URLS.list]: ok([roles[0]!, custom]), [CARD_URLS.save]: ok({ version: 8 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<CardsScreen search={{ role: custom.roleId }} onSearchChange={vi.fn()} />, { permissions: EDIT });
    await screen.findAllByTestId('card-line');
    const [teacher, student] = screen.getAllByTestId('card-role');
    expect(student!.getAttribute('aria-current')).toBe('true');
    expect(teacher!.getAttribute('aria-current')).toBeNull();
    expect(within(screen.getByTestId('card-editor')).getByRole('heading').textContent).toBe('学生');
    expect(previewTexts()).toEqual(['1. 快捷入口', '2. 待办事项']);
    fireEvent.click(screen.getByTestId('card-save'));
    await waitFor(() => expect(notified).toContain('保存成功'));
    expect(bodiesOf(fake, CARD_URLS.save)).toEqual([{ roleId: custom.roleId, cards: ['shortcuts', 'pending'], version: 7 }]);
  });

  it('without 首页卡片 edit permission: no save, reset, moves or drag handles, the ticks disabled, nothing sent', async () => {
    const fake = fakeFetch({ [CARD_URLS.list]: ok(roles) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<CardsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_home_card'] });
    await screen.findAllByTestId('card-line');
    expect(screen.queryByTestId('card-save')).toBeNull();
    expect(screen.queryByTestId('card-reset')).toBeNull();
    expect(screen.queryAllByTestId('card-up')).toEqual([]);
    expect(screen.queryAllByTestId('card-down')).toEqual([]);
    expect(screen.queryAllByTestId('card-handle')).toEqual([]);
    const boxes = screen.getAllByTestId('card-shown') as HTMLInputElement[];
    expect(boxes.every((box) => box.disabled && box.checked)).toBe(true);
    expect(previewTexts()).toHaveLength(HOME_CARD_IDS.length);
    expect(screen.queryByTestId('card-role-unsaved')).toBeNull();
    expect(fake.calls.filter((call) => call.url.pathname !== CARD_URLS.list)).toEqual([]);
  });
});
