import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../lib/config';
import { fakeFetch, ok } from '../../test/render';
import { listData, MESSAGE_TYPES, messageRow, payloadWith, renderWithRouter } from './test-support';
import { UnreadMessagesCard } from './UnreadMessagesCard';

const LIST = '/api/message/info/getInfoByRecipient';

beforeEach(() => setConfig({ apiBaseUrl: '' }));
afterEach(() => vi.unstubAllGlobals());

const serve = (count: number, titles: string[]) => {
  const fake = fakeFetch({ '/dicts': ok({ STD_XB_XXLX: MESSAGE_TYPES }), [LIST]: ok(listData(count, titles.map((title) => messageRow({ MESSAGE_TITLE: title })))) });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
};

describe('UnreadMessagesCard', () => {
  it('shows the unread count, the newest five and a way to the message centre', async () => {
    serve(12, ['一', '二', '三', '四', '五', '六']);
    const { router } = renderWithRouter(<UnreadMessagesCard />, { permission: payloadWith(['messageCenter_xxzx']) });
    const card = await screen.findByTestId('unread-messages-card');
    await waitFor(() => expect(within(card).getByTestId('unread-messages-count').textContent).toBe('12'));
    expect(within(card).getByText('五')).toBeTruthy();
    expect(within(card).queryByText('六')).toBeNull();
    fireEvent.click(within(card).getByRole('link', { name: '进入消息中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messageCenter/xxzx'));
  });

  it('says nothing is unread at 0', async () => {
    serve(0, []);
    renderWithRouter(<UnreadMessagesCard />, { permission: payloadWith(['messageCenter_xxzx']) });
    expect(await screen.findByText('暂无未读消息')).toBeTruthy();
  });

  it('is not there without the permission', async () => {
    serve(3, ['一']);
    renderWithRouter(<UnreadMessagesCard />, { permission: payloadWith([]) });
    await screen.findByTestId('page');
    expect(screen.queryByTestId('unread-messages-card')).toBeNull();
  });
});
