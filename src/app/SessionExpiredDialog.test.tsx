import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../lib/config';
import { resetLoginExpired } from '../lib/expiry';
import { get, post } from '../lib/http';
import { saveLogin, session } from '../lib/session';
import { fail, fakeFetch, renderWithProviders } from '../test/render';
import { SessionExpiredDialog } from './SessionExpiredDialog';

beforeEach(() => {
  resetLoginExpired();
  setConfig({ loginType: 'local', redirectUrl: 'https://ids.example.test' });
});
afterEach(() => vi.unstubAllGlobals());

describe('login expiry prompt', () => {
  it('shows one non-dismissable dialog for three concurrent expired calls', async () => {
    saveLogin({ token: 't', headerName: 'X-Access-Token' });
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/x': fail(90001, 'expired'), '/y': fail(50014, 'expired') }).impl));
    renderWithProviders(<SessionExpiredDialog />);
    await Promise.allSettled([get('/x'), post('/y', {}), get('/x')]);

    const dialog = await screen.findByRole('alertdialog');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(within(dialog).getByText('提示')).toBeTruthy();
    expect(within(dialog).getByText('登录状态已过期，请重新登录')).toBeTruthy();
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['重新登录']);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('"log in again" logs out locally, then reloads (local) or goes to {redirectUrl}/timeout (ids)', async () => {
    saveLogin({ token: 't' });
    const reload = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, assign });
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/x': fail(90001, 'expired') }).impl));
    renderWithProviders(<SessionExpiredDialog />);
    await get('/x').catch(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    expect(session.token).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);

    setConfig({ loginType: 'ids' });
    fireEvent.click(screen.getByRole('button', { name: '重新登录' }));
    expect(assign).toHaveBeenCalledWith('https://ids.example.test/timeout');
  });
});
