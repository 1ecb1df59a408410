import { i18n } from '@lingui/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../lib/config';
import { toaster } from '../../lib/toaster';
import { fail, fakeFetch, ok, type FakeResponse } from '../../test/render';
import { MessageCenterScreen } from './MessageCenterScreen';
import { compactSearch, listRequestOf, messageCenterSearch, type MessageCenterSearch } from './search';
import { listData, MESSAGE_TYPES, messageRow, payloadWith, renderWithRouter } from './test-support';

const LIST = '/api/message/info/getInfoByRecipient';
const ID = '01900000-0000-7000-8000-000000000001';

describe('message centre search params', () => {
  it('keeps valid values and drops bad ones instead of failing', () => {
    expect(messageCenterSearch({ title: ' 运动会 ', type: '3', status: '0', page: '2', size: '20', id: ID })).toEqual({
      title: '运动会',
      type: '3',
      status: '0',
      page: 2,
      size: 20,
      id: ID,
    });
    expect(messageCenterSearch({ status: '2', page: '-1', size: '15', id: 'x', type: "1' or 1=1", title: 'x'.repeat(201) })).toEqual({
      title: undefined,
      type: undefined,
      status: undefined,
      page: undefined,
      size: undefined,
      id: undefined,
    });
    expect(messageCenterSearch({})).toEqual({});
    // hand-typed URLs (?status=0&type=3&title=2026) reach the schema as numbers
    expect(messageCenterSearch({ status: 0, type: 3, title: 2026 })).toMatchObject({ status: '0', type: '3', title: '2026' });
  });

  it('fills the list call with defaults: page 0 (zero-based), size 10, any status and type', () => {
    expect(listRequestOf({})).toEqual({ title: '', type: '', status: '', page: 0, size: 10 });
    expect(listRequestOf({ title: 'a', status: '1', page: 3, size: 50 })).toEqual({ title: 'a', type: '', status: '1', page: 3, size: 50 });
  });

  it('leaves defaults and empty values out of the URL', () => {
    expect(compactSearch({ title: '  ', type: '', page: 0, size: 10 })).toEqual({
      title: undefined,
      type: undefined,
      status: undefined,
      page: undefined,
      size: undefined,
      id: undefined,
    });
    expect(compactSearch({ title: '成绩', page: 2, size: 20 })).toMatchObject({ title: '成绩', page: 2, size: 20 });
  });
});

describe('MessageCenterScreen', () => {
  let calls: { url: URL; init: RequestInit }[];
  const serve = (routes: Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>) => {
    const fake = fakeFetch({ '/dicts': ok({ STD_XB_XXLX: MESSAGE_TYPES }), ...routes });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    calls = fake.calls;
  };
  const lastListForm = () => Object.fromEntries(new URLSearchParams(String(calls.filter((c) => c.url.pathname === LIST).at(-1)!.init.body)));
  const show = (search: MessageCenterSearch) => {
    const onSearchChange = vi.fn();
    renderWithRouter(<MessageCenterScreen search={search} onSearchChange={onSearchChange} />, { permission: payloadWith(['messageCenter_xxzx']) });
    return onSearchChange;
  };

  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists what the URL asks for, with type names and read states', async () => {
    serve({
      [LIST]: ok(
        listData(25, [
          messageRow({ MESSAGE_TITLE: '期中成绩', MESSAGE_TYPE: '3', MESSAGE_STATUS: '1' }),
          messageRow({ MESSAGE_TITLE: '放假通知', MESSAGE_LINK: '/dashboard' }),
        ]),
      ),
    });
    show({ title: '成绩', status: '1', page: 1, size: 20 });
    const table = await screen.findByTestId('message-table');
    await within(table).findByText('期中成绩');
    expect(lastListForm()).toEqual({ title: '成绩', type: '', status: '1', page: '1', size: '20' });
    const rows = within(table).getAllByTestId('message-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['1', '0']);
    await within(rows[0]).findAllByText('成绩发布');
    expect(within(rows[1]).getByText('未读')).toBeTruthy();
    expect(within(rows[1]).getByRole('button', { name: '打开链接' })).toBeTruthy();
    expect(screen.getByText('共 25 条')).toBeTruthy();
    // the form shows the URL's filters
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('成绩');
    expect((screen.getByLabelText('状态') as HTMLSelectElement).value).toBe('1');
  });

  it('searches with the form: filters into the URL, back to the first page, size kept', async () => {
    serve({ [LIST]: ok(listData(0, [])) });
    const onSearchChange = show({ page: 3, size: 50 });
    await screen.findByText('暂无数据');
    await screen.findByRole('option', { name: '成绩发布' });
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '运动会' } });
    fireEvent.change(screen.getByLabelText('消息类型'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearchChange).toHaveBeenLastCalledWith(
      { title: '运动会', type: '3', status: '0', page: undefined, size: 50, id: undefined },
      undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ title: undefined, type: undefined, status: undefined, page: undefined, size: 50, id: undefined });
  });

  it('pages and changes the page size through the URL', async () => {
    serve({ [LIST]: ok(listData(35, [messageRow()])) });
    const onSearchChange = show({});
    await screen.findByText('共 35 条');
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, size: undefined }), undefined));
    fireEvent.change(screen.getByLabelText('每页条数'), { target: { value: '20' } });
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: undefined, size: 20 }), undefined);
    expect([...(screen.getByLabelText('每页条数') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '10', '20', '30', '40', '50', '100', '200', '500',
    ]);
  });

  it('opens a message through the URL (id)', async () => {
    const row = messageRow({ MESSAGE_TITLE: '放假通知' });
    serve({ [LIST]: ok(listData(1, [row])) });
    const onSearchChange = show({});
    fireEvent.click((await screen.findAllByRole('button', { name: '查看' }))[0]);
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: row.MESSAGE_ID }), undefined);
  });

  it('renders a system message from its key and parameters in the reader language; an older row shows its stored title', async () => {
    const approval = messageRow({
      MESSAGE_TITLE: '审批通知：黄涛建的请假申请',
      MESSAGE_KEY: 'applicationApproved',
      MESSAGE_PARAMS: { applicant: '黄涛建', kind: { zh: '请假申请', en: 'leave application' } },
    });
    const older = messageRow({ MESSAGE_TITLE: '审批通知：旧消息 / Approval: old' });
    serve({ [LIST]: ok(listData(2, [approval, older])) });
    show({});
    const table = await screen.findByTestId('message-table');
    expect(await within(table).findByText('审批通知：黄涛建的请假申请')).toBeTruthy();
    expect(within(table).getByText('审批通知：旧消息 / Approval: old')).toBeTruthy();
    cleanup();
    i18n.activate('en');
    try {
      show({});
      const english = await screen.findByTestId('message-table');
      expect(await within(english).findByText("Approval: 黄涛建's leave application")).toBeTruthy();
      expect(within(english).queryByText(/审批通知：黄涛建/)).toBeNull();
    } finally {
      i18n.activate('zh');
    }
  });

  it('shows a failing list as an error and an empty table', async () => {
    const toast = vi.spyOn(toaster, 'create');
    serve({ [LIST]: fail(59000, '服务器内部错误，请稍后重试') });
    show({});
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: '服务器内部错误，请稍后重试' })));
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('steps back to the last page when the page is past the end', async () => {
    serve({ [LIST]: ok(listData(12, [])) });
    const onSearchChange = show({ page: 5 });
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith(expect.objectContaining({ page: 1 }), { replace: true }));
  });
});
