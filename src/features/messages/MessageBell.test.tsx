import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../lib/config';
import { fakeFetch, ok, type FakeResponse } from '../../test/render';
import { badgeText } from './format';
import { MessageBell } from './MessageBell';
import { listData, MESSAGE_TYPES, messageRow, payloadWith, renderWithRouter } from './test-support';

const LIST = '/api/message/info/getInfoByRecipient';
const DETAIL = '/api/message/info/getInfoById';

function serve(routes: Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>) {
  const fake = fakeFetch({ '/dicts': ok({ STD_XB_XXLX: MESSAGE_TYPES }), ...routes });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  return fake.calls;
}

const formOf = (init: RequestInit) => new URLSearchParams(String(init.body));

beforeEach(() => setConfig({ apiBaseUrl: '' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('badge text', () => {
  it('is empty at 0, the number up to 99, 99+ above', () => {
    expect([0, 1, 99, 100, 120].map(badgeText)).toEqual(['', '1', '99', '99+', '99+']);
  });
});

describe('MessageBell', () => {
  it('is not there at all without permission messageCenter_xxzx, and asks nothing', async () => {
    const calls = serve({ [LIST]: ok(listData(3, [messageRow()])) });
    renderWithRouter(<MessageBell />, { permission: payloadWith(['xsxx']) });
    await screen.findByTestId('page');
    expect(screen.queryByTestId('message-bell')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === LIST)).toHaveLength(0);
  });

  it('is not there outside the logged-in layout (no permission payload)', async () => {
    serve({});
    renderWithRouter(<MessageBell />);
    await screen.findByTestId('page');
    expect(screen.queryByTestId('message-bell')).toBeNull();
  });

  it('shows no badge at 0 and says there is nothing unread', async () => {
    const calls = serve({ [LIST]: ok(listData(0, [])) });
    renderWithRouter(<MessageBell />, { permission: payloadWith(['messageCenter_xxzx']) });
    const bell = await screen.findByRole('button', { name: '消息' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === LIST)).toBe(true));
    expect(screen.queryByTestId('message-badge')).toBeNull();
    fireEvent.click(bell);
    expect(await screen.findByText('暂无未读消息')).toBeTruthy();
  });

  it('says so in English too', async () => {
    i18n.activate('en');
    serve({ [LIST]: ok(listData(0, [])) });
    renderWithRouter(<MessageBell />, { permission: payloadWith(['messageCenter_xxzx']) });
    fireEvent.click(await screen.findByRole('button', { name: 'Messages' }));
    expect(await screen.findByText('No unread messages')).toBeTruthy();
  });

  it('asks for 10 unread messages (page 0) and badges the unread total', async () => {
    const calls = serve({ [LIST]: ok(listData(7, [messageRow()])) });
    renderWithRouter(<MessageBell />, { permission: payloadWith(['messageCenter_xxzx']) });
    expect((await screen.findByTestId('message-badge')).textContent).toBe('7');
    expect(screen.getByRole('button', { name: '消息，7条未读' })).toBeTruthy();
    const form = formOf(calls.find((c) => c.url.pathname === LIST)!.init);
    expect(Object.fromEntries(form)).toEqual({ status: '0', page: '0', size: '10', title: '', type: '' });
  });

  it('shows 99+ above 99', async () => {
    serve({ [LIST]: ok(listData(120, [messageRow()])) });
    renderWithRouter(<MessageBell />, { permission: payloadWith(['messageCenter_xxzx']) });
    expect((await screen.findByTestId('message-badge')).textContent).toBe('99+');
  });

  it('lists the unread messages with type and time; opening one shows it, marks it read, and the badge follows', async () => {
    const first = messageRow({ MESSAGE_TITLE: '期中考试成绩已发布', MESSAGE_TYPE: '3', MESSAGE_LINK: '/dashboard' });
    const second = messageRow({ MESSAGE_TITLE: '运动会报名开始' });
    let unread = [first, second];
    const calls = serve({
      [LIST]: () => ok(listData(unread.length, unread)),
      [DETAIL]: (init) => {
        const id = formOf(init).get('id');
        unread = unread.filter((row) => row.MESSAGE_ID !== id);
        return ok({ obj: { ...first, MESSAGE_STATUS: '1', MESSAGE_CONTENT: '<p>请<strong>查看</strong>成绩</p>' } });
      },
    });
    const { router } = renderWithRouter(<MessageBell />, { permission: payloadWith(['messageCenter_xxzx']) });
    expect((await screen.findByTestId('message-badge')).textContent).toBe('2');

    fireEvent.click(screen.getByTestId('message-bell'));
    const panel = await screen.findByTestId('message-bell-panel');
    expect(within(panel).getByText('未读消息（2）')).toBeTruthy();
    await within(panel).findByText(/成绩发布 · 2026/);
    fireEvent.click(within(panel).getByText('期中考试成绩已发布'));

    const dialog = await screen.findByTestId('message-detail');
    expect((await within(dialog).findByTestId('message-content')).innerHTML).toBe('<p>请<strong>查看</strong>成绩</p>');
    expect(formOf(calls.find((c) => c.url.pathname === DETAIL)!.init).get('id')).toBe(first.MESSAGE_ID);
    await waitFor(() => expect(screen.getByTestId('message-badge').textContent).toBe('1'));

    // "open link" goes to the message's in-app path through the router
    fireEvent.click(within(dialog).getByRole('button', { name: '打开链接' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('takes the user to the message centre', async () => {
    serve({ [LIST]: ok(listData(1, [messageRow()])) });
    const { router } = renderWithRouter(<MessageBell />, { permission: payloadWith(['messageCenter_xxzx']) });
    fireEvent.click(await screen.findByTestId('message-bell'));
    fireEvent.click(await screen.findByRole('button', { name: '查看全部消息' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messageCenter/xxzx'));
  });
});
