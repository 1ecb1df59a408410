import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictEntryRow, DictTypeRow } from '../../../../contracts/dicts';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, ok, renderScreen } from '../../../test/render';
import { DictsScreen } from './DictsScreen';
import { recordNotices, type Notices } from '../../../test/notices';

let notified: Notices;

const type = (over: Partial<DictTypeRow>): DictTypeRow => ({
  id: '01900000-0000-7000-8000-0000000000a1',
  code: 'STD_KM',
  name: '科目',
  nameEn: 'Subjects',
  sort: 0,
  status: '1',
  remark: '',
  entryCount: 2,
  builtIn: true,
  version: 1,
  ...over,
});
const subjects = type({});
const own = type({ id: '01900000-0000-7000-8000-0000000000a2', code: 'STD_XB_CLUB', name: '社团', nameEn: '', builtIn: false, entryCount: 1 });
const entry = (over: Partial<DictEntryRow>): DictEntryRow =>
  ({
    id: '01900000-0000-7000-8000-0000000000e1',
    typeCode: 'STD_XB_CLUB',
    typeName: '社团',
    code: 'A',
    name: '篮球',
    nameEn: 'Basketball',
    sort: 1,
    parentCode: '',
    level: 1,
    alias: '',
    shortName: '',
    tag1: '', tag2: '', tag3: '', tag4: '', tag5: '',
    tag1Note: '', tag2Note: '', tag3Note: '', tag4Note: '', tag5Note: '',
    status: '1',
    source: '',
    startDate: null,
    endDate: null,
    remark: '',
    version: 1,
    ...over,
  }) as DictEntryRow;
const ALL = ['system_dict', 'system_dict_add', 'system_dict_edit', 'system_dict_delete', 'system_dict_export'];

describe('数据字典 screen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the chosen type’s entries with their parent; a built-in type cannot be deleted', async () => {
    const rows = [entry({}), entry({ id: '01900000-0000-7000-8000-0000000000e2', code: 'A1', name: '三人篮球', nameEn: '', parentCode: 'A', level: 2 })];
    const fake = fakeFetch({
      '/api/dict/types/list': ok([subjects, own]),
      '/api/dict/getDictDataList': (init) => ok({ total: 2, rows: String(init.body).includes('STD_XB_CLUB') ? rows : [] }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const first = renderScreen(<DictsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    // the first type is chosen: built in, so its delete button is off
    expect((await screen.findByTestId('dict-current-type')).textContent).toContain('STD_KM');
    expect((screen.getByTestId('dict-type-delete') as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    renderScreen(<DictsScreen search={{ type: 'STD_XB_CLUB' }} onSearchChange={vi.fn()} />, { permissions: ALL });
    const child = await screen.findByText('三人篮球');
    const row = child.closest('[data-testid="dict-entry-row"]') as HTMLElement;
    expect(row.textContent).toContain('A 篮球');
    expect((screen.getByTestId('dict-type-delete') as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a bad type code as typed, in the server’s words, and sends nothing', async () => {
    const fake = fakeFetch({ '/api/dict/types/list': ok([own]), '/api/dict/getDictDataList': ok({ total: 0, rows: [] }), '/api/dict/types/save': ok({ id: 'x' }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<DictsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('dict-type-add'));
    const form = await screen.findByTestId('dict-type-form');
    fireEvent.change(within(form).getByTestId('dict-type-form-code'), { target: { value: 'xb_bad' } });
    // kept in capitals as typed; the rule shows at once
    expect((within(form).getByTestId('dict-type-form-code') as HTMLInputElement).value).toBe('XB_BAD');
    expect(await within(form).findByText('字典编码须以STD_GB_、STD_JB_、STD_XB_或STD_开头，后接大写字母')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('dict-type-form-name'), { target: { value: '社团' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls.some((call) => call.url.pathname === '/api/dict/types/save')).toBe(false);
    // a good code saves
    fireEvent.change(within(form).getByTestId('dict-type-form-code'), { target: { value: 'STD_XB_CLUB2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(fake.calls.some((call) => call.url.pathname === '/api/dict/types/save')).toBe(true));
  });

  it('deleting a type names its entries; a refusal shows the server’s words as a warning (SPEC: delete failure)', async () => {
    const fake = fakeFetch({
      '/api/dict/types/list': ok([own]),
      '/api/dict/getDictDataList': ok({ total: 1, rows: [entry({})] }),
      '/api/dict/types/delete': fail(40300, '字典“STD_XB_CLUB”由系统使用，不能删除'),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<DictsScreen search={{ type: 'STD_XB_CLUB' }} onSearchChange={vi.fn()} />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('dict-type-delete'));
    expect((await screen.findByTestId('dict-type-delete-count')).textContent).toBe('该字典下的 1 个字典项将一并删除。');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(notified.warning).toEqual(['字典“STD_XB_CLUB”由系统使用，不能删除']));
    expect(notified.error).toEqual([]);
  });
  it('parent names come from every page of a large type (not the first 500); the type filter narrows as typed and reaches the URL on Enter; a type is a button', async () => {
    const many = Array.from({ length: 620 }, (_, n) => entry({ id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`, code: `C${n}`, name: `区划${n}`, nameEn: '' }));
    const child = entry({ id: '01900000-0000-7000-8000-0000000000e9', code: 'K1', name: '下级', nameEn: '', parentCode: 'C610', level: 2 });
    const fake = fakeFetch({
      '/api/dict/types/list': ok([subjects, own]),
      '/api/dict/getDictDataList': (init) => {
        const body = JSON.parse(String(init.body)) as { currPage: number; limit: number };
        const rows = body.limit === 10 ? [child] : many.slice(body.currPage * body.limit, (body.currPage + 1) * body.limit);
        return ok({ total: body.limit === 10 ? 1 : many.length, rows });
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    renderScreen(<DictsScreen search={{ type: 'STD_XB_CLUB' }} onSearchChange={onSearchChange} />, { permissions: ALL });
    const row = (await screen.findByText('下级')).closest('[data-testid="dict-entry-row"]') as HTMLElement;
    await waitFor(() => expect(row.textContent).toContain('C610 区划610'));
    expect(fake.calls.filter((call) => call.url.pathname === '/api/dict/getDictDataList' && String(call.init.body).includes('"limit":500'))).toHaveLength(2);

    const filter = screen.getByTestId('dict-type-search');
    fireEvent.change(filter, { target: { value: 'club' } });
    expect(screen.getAllByTestId('dict-type-row').map((button) => button.dataset.code)).toEqual(['STD_XB_CLUB']);
    expect(onSearchChange).not.toHaveBeenCalled();
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ typeKeyword: 'club', type: 'STD_XB_CLUB' }));
    const button = screen.getByTestId('dict-type-row');
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-current')).toBe('true');
  });
});
