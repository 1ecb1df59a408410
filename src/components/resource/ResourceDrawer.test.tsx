import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { org, resource, text } from '../../../contracts/resource';
import { campuses } from '../../../contracts/resources/campuses';
import { HttpError } from '../../lib/http';
import { renderScreen } from '../../test/render';
import { ResourceDrawer } from './ResourceDrawer';

afterEach(() => vi.restoreAllMocks());

function open(onSave: (input: Record<string, unknown>) => Promise<unknown>) {
  renderScreen(<ResourceDrawer definition={campuses} testId="campus" onClose={vi.fn()} onSave={onSave} />);
}
async function type(testId: string, value: string) {
  const box = await screen.findByTestId(testId);
  await act(async () => fireEvent.change(box, { target: { value } }));
}
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));

describe('ResourceDrawer', () => {
  it("shows a 40000's issues under their inputs until the field is edited, keeping what was typed", async () => {
    const onSave = vi.fn().mockRejectedValue(new HttpError(40000, '地址不可用；校区名称不可用', 'failure', { issues: [{ field: 'address', message: '地址不可用' }, { field: 'name', message: '校区名称不可用' }] }));
    open(onSave);
    await type('campus-code', 'A1');
    await type('campus-name', 'North');
    await type('campus-address', 'Road 1');
    await save();
    expect(onSave).toHaveBeenCalledOnce();
    expect(await screen.findByText('地址不可用')).toBeTruthy();
    expect(screen.getByText('校区名称不可用')).toBeTruthy();
    expect(value('campus-address')).toBe('Road 1');

    await type('campus-address', 'Road 2');
    expect(screen.queryByText('地址不可用')).toBeNull();
    expect(screen.getByText('校区名称不可用')).toBeTruthy();
  });

  it("shows a 40900's taken value under the field it names", async () => {
    open(vi.fn().mockRejectedValue(new HttpError(40900, '校区编号A1已存在', 'failure', { field: 'code' })));
    await type('campus-code', 'A1');
    await type('campus-name', 'North');
    await save();
    expect(await screen.findByText('校区编号A1已存在')).toBeTruthy();
    expect(value('campus-code')).toBe('A1');
    await type('campus-code', 'A2');
    expect(screen.queryByText('校区编号A1已存在')).toBeNull();
  });

  it('a stale edit (no field) marks no input', async () => {
    open(vi.fn().mockRejectedValue(new HttpError(40900, '数据已被他人修改', 'failure', { stale: true })));
    await type('campus-code', 'A1');
    await type('campus-name', 'North');
    await save();
    expect(screen.queryByText('数据已被他人修改')).toBeNull();
    expect(screen.getByTestId('campus-code').getAttribute('aria-invalid')).toBeNull();
  });

  it('a field fixed on edit is chosen when adding and shown read-only, by its name, when editing; the save sends it unchanged', async () => {
    const rooms = resource({
      name: 'rooms',
      title: { zh: '房间', en: 'Rooms' },
      noun: { zh: '房间', en: 'room' },
      path: '/api/rooms',
      perm: 'rooms',
      fields: { code: text({ zh: '编号', en: 'Code' }, { max: 10, required: true }), unitId: org({ zh: '班级', en: 'Class' }, { required: true, fixedOnEdit: true }) },
      unique: ['code'],
      search: {},
      order: [{ field: 'code' }],
    });
    const onSave = vi.fn().mockResolvedValue(undefined);
    const row = { id: 'r1', version: 3, updatedAt: '', code: 'A1', unitId: '0190f1d2-0000-7000-8000-000000000001', unitIdName: '七年级(1)班' };
    renderScreen(<ResourceDrawer definition={rooms} row={row} testId="room" onClose={vi.fn()} onSave={onSave} />);
    const unit = await screen.findByTestId('room-unit-id');
    expect((unit as HTMLInputElement).value).toBe('七年级(1)班');
    expect(unit.hasAttribute('readonly')).toBe(true);
    await type('room-code', 'A2');
    await save();
    expect(onSave).toHaveBeenCalledWith({ code: 'A2', unitId: row.unitId, id: 'r1', version: 3 });
  });

  it('a pasted text longer than the field is kept whole and the rule says so', async () => {
    const onSave = vi.fn();
    open(onSave);
    await type('campus-code', 'a'.repeat(31));
    // a browser cuts a paste at maxlength (jsdom does not): the input must not have one
    expect(screen.getByTestId('campus-code').getAttribute('maxlength')).toBeNull();
    expect(value('campus-code')).toBe('a'.repeat(31));
    expect(screen.getByText('校区编号不能超过30个字符')).toBeTruthy();
    await save();
    expect(onSave).not.toHaveBeenCalled();
  });
});
