import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeCardRoleRow } from '../../../../contracts/home-cards';
import { setConfig } from '../../../lib/config';
import { fakeFetch, ok, renderScreen } from '../../../test/render';
import { CardsScreen } from './CardsScreen';

const roles: HomeCardRoleRow[] = [
  { roleId: '01900000-0000-7000-8000-0000000000a1', code: 'teacher', name: '教师', nameEn: 'Teacher', cards: null, version: 0, updatedAt: null },
  { roleId: '01900000-0000-7000-8000-0000000000a2', code: 'student', name: '学生', nameEn: 'Student', cards: null, version: 0, updatedAt: null },
];

describe('CardsScreen', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
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
});
