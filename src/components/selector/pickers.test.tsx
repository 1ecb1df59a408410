import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, ok, renderWithProviders, type FakeResponse } from '../../test/render';
import { FormShell } from '../FormShell';
import { AreaCascader } from './AreaCascader';
import { DictSelect } from './DictSelect';
import { SmallPersonPicker, SMALL_PICKER_WIDTH } from './SmallPersonPicker';
import { TeacherTypeSelect } from './TeacherTypeSelect';

type Routes = Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>;
function stub(routes: Routes) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  return fake.calls;
}
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const AREAS: Record<string, unknown[]> = {
  '1:': [
    { CODE: '110000', NAME: '北京市', CHILD: '1', LEVNUM: 1 },
    { CODE: '310000', NAME: '上海市', CHILD: '1', LEVNUM: 1 },
  ],
  '2:110000': [{ CODE: '110100', NAME: '市辖区', CHILD: '1', LEVNUM: 2 }],
  '3:110100': [{ CODE: '110105', NAME: '朝阳区', CHILD: '0', LEVNUM: 3 }],
};
const areaRoutes: Routes = {
  '/components/getAreaData': (init) => {
    const body = JSON.parse(String(init.body)) as { levNum: number; parentCode: string };
    return ok(AREAS[`${body.levNum}:${body.parentCode}`] ?? []);
  },
  '/components/getAreaList': ok('110105,110100,110000'),
};

describe('AreaCascader', () => {
  it('loads each level when its parent is chosen and reports the chosen code and path', async () => {
    const calls = stub(areaRoutes);
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState('');
      return (
        <AreaCascader
          value={value}
          onChange={(code, path) => {
            setValue(code);
            onChange(code, path);
          }}
        />
      );
    }
    renderWithProviders(<Harness />);
    await screen.findByRole('option', { name: '北京市' });
    fireEvent.change(screen.getByRole('combobox', { name: '省' }), { target: { value: '110000' } });
    await screen.findByRole('option', { name: '市辖区' });
    fireEvent.change(screen.getByRole('combobox', { name: '市' }), { target: { value: '110100' } });
    await screen.findByRole('option', { name: '朝阳区' });
    fireEvent.change(screen.getByRole('combobox', { name: '区县' }), { target: { value: '110105' } });
    expect(onChange).toHaveBeenLastCalledWith('110105', ['110000', '110100', '110105']);
    expect(calls.filter((c) => c.url.pathname === '/components/getAreaData')).toHaveLength(3);
    expect(calls.some((c) => c.url.pathname === '/components/getAreaList')).toBe(false);
  });

  it('expands an existing value through getAreaList (leaf first)', async () => {
    const calls = stub(areaRoutes);
    renderWithProviders(<AreaCascader value="110105" onChange={() => undefined} />);
    await waitFor(() => expect((screen.getByRole('combobox', { name: '区县' }) as HTMLSelectElement).value).toBe('110105'));
    expect((screen.getByRole('combobox', { name: '省' }) as HTMLSelectElement).value).toBe('110000');
    expect(JSON.parse(String(calls.find((c) => c.url.pathname === '/components/getAreaList')?.init.body))).toEqual({ code: '110105' });
  });
});

describe('DictSelect and TeacherTypeSelect', () => {
  it('offers data[typeCode] of POST /dicts, named in the reader’s language', async () => {
    const calls = stub({
      '/dicts': ok({ STD_MSG_TYPE: [{ code: '1', name: '通知', nameEn: 'Notice' }, { code: '2', name: '作业', nameEn: '' }] }),
    });
    i18n.activate('en');
    const onChange = vi.fn();
    renderWithProviders(<DictSelect typeCode="STD_MSG_TYPE" value="" onChange={onChange} aria-label="type" />);
    expect(await screen.findByRole('option', { name: 'Notice' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '作业' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'type' }), { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith('2');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ typeArr: ['STD_MSG_TYPE'] });
  });

  it('teacher types come from /components/getJzgTypeData', async () => {
    stub({ '/components/getJzgTypeData': ok([{ CODE: '01', NAME: '专任教师' }]) });
    renderWithProviders(<TeacherTypeSelect value="" onChange={() => undefined} aria-label="类别" />);
    expect(await screen.findByRole('option', { name: '专任教师' })).toBeTruthy();
  });
});

describe('SmallPersonPicker', () => {
  it('inside a modal drawer: the panel lives in the drawer and its search box keeps the focus', async () => {
    stub({ '/caller/people': (init) => ok([{ USERID: 'T001', USERNAME: `${(JSON.parse(String(init.body)) as { keyword: string }).keyword}老师` }]) });
    const onChange = vi.fn();
    renderWithProviders(
      <FormShell open title="表单" onCancel={() => {}} onSave={() => {}}>
        <SmallPersonPicker url="/caller/people" value="" onChange={onChange} aria-label="负责人" />
      </FormShell>,
    );
    const drawer = await screen.findByRole('dialog', { name: '表单' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '负责人' })));
    const search = await screen.findByRole('searchbox', { name: '搜索人员' });
    expect(drawer.contains(search)).toBe(true);
    act(() => search.focus());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: '赵' } });
    await act(async () => fireEvent.keyDown(search, { key: 'Enter' }));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: /赵老师/ })));
    expect(onChange).toHaveBeenCalledWith('T001', { USERID: 'T001', USERNAME: '赵老师' });
  });

  it('searches the caller’s URL with the term (Enter) and picks USERID / USERNAME', async () => {
    const calls = stub({
      '/caller/people': (init) => {
        const term = (JSON.parse(String(init.body)) as { keyword: string }).keyword;
        return ok(term ? [{ USERID: 'T001', USERNAME: `${term}老师` }] : [{ USERID: 'T000', USERNAME: '全部' }]);
      },
    });
    const onChange = vi.fn();
    renderWithProviders(<SmallPersonPicker url="/caller/people" value="" onChange={onChange} aria-label="负责人" />);
    expect(SMALL_PICKER_WIDTH).toBe(400);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '负责人' })));
    expect(await screen.findByRole('option', { name: /全部/ })).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: '搜索人员' });
    fireEvent.change(search, { target: { value: '王' } });
    await act(async () => fireEvent.keyDown(search, { key: 'Enter' }));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: /王老师/ })));
    expect(onChange).toHaveBeenCalledWith('T001', { USERID: 'T001', USERNAME: '王老师' });
    expect(calls.map((c) => JSON.parse(String(c.init.body)))).toContainEqual({ keyword: '王' });
  });

  it('typing searches after the 500 ms debounce', async () => {
    const calls = stub({ '/caller/people': ok([]) });
    renderWithProviders(<SmallPersonPicker url="/caller/people" value="" onChange={() => undefined} aria-label="负责人" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '负责人' })));
    const search = await screen.findByRole('searchbox', { name: '搜索人员' });
    fireEvent.change(search, { target: { value: '赵' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.map((c) => JSON.parse(String(c.init.body)))).not.toContainEqual({ keyword: '赵' });
    await waitFor(() => expect(calls.map((c) => JSON.parse(String(c.init.body)))).toContainEqual({ keyword: '赵' }), { timeout: 1500 });
  });
});
