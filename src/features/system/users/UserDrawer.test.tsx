import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserOptions, UserRow } from '../../../../contracts/users';
import { setConfig } from '../../../lib/config';
import { HttpError } from '../../../lib/http';
import { renderWithProviders } from '../../../test/render';
import { useUsersCatalog } from './catalog';
import UserDrawer, { type UserDrawerProps } from './UserDrawer';
import { userRow } from './test-support';

const options: UserOptions = { campuses: [{ id: '01900000-0000-7000-8000-00000000c001', name: '本部' }], roles: [], orgUnits: [] };
const row: UserRow = userRow({ version: 7 });

function Drawer(props: UserDrawerProps) {
  return useUsersCatalog() ? <UserDrawer {...props} /> : null;
}
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('UserDrawer', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => vi.unstubAllGlobals());

  it('saves nothing while a SPEC §5 rule is broken and shows the server’s words per field', async () => {
    const onSave = vi.fn();
    renderWithProviders(<Drawer options={options} onClose={vi.fn()} onSave={onSave} />);
    const form = await screen.findByTestId('user-form');
    type('user-form-name', '张<三>');
    type('user-form-username', 'a-b');
    type('user-form-idNumber', '110105194912310021');
    type('user-form-phone', '12ab');
    type('user-form-email', 'x@');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(form).getByText('账号只能包含中文、字母、数字和下划线')).toBeTruthy());
    for (const text of ['姓名不能包含特殊字符', '请输入正确的18位身份证号', '请输入正确的手机号或电话号码', '请输入正确的邮箱地址']) expect(within(form).getByText(text)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    // corrected as typed: the messages go
    type('user-form-username', '张三_01');
    expect(within(form).queryByText('账号只能包含中文、字母、数字和下划线')).toBeNull();
  });

  it('an edit sends the id, the version and the ID number in capitals; a refusal keeps the form with the server’s words', async () => {
    const onSave = vi.fn().mockRejectedValueOnce(new HttpError(40900, '该用户已被他人修改，请刷新后重试')).mockResolvedValue(undefined);
    renderWithProviders(<Drawer row={{ ...row, idNumber: '11010519491231002x' }} options={options} onClose={vi.fn()} onSave={onSave} />);
    await screen.findByTestId('user-form');
    type('user-form-name', '王老师改');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('user-form-error')).textContent).toBe('该用户已被他人修改，请刷新后重试');
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ id: row.id, version: 7, name: '王老师改', username: 'T1001', idNumber: '11010519491231002X', gender: '2', orgUnitId: null }));
    expect((screen.getByTestId('user-form-name') as HTMLInputElement).value).toBe('王老师改');
  });
});
