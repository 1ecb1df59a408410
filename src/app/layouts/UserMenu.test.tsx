import 'fake-indexeddb/auto';
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionPayload } from '../../../contracts/session';
import { setConfig } from '../../lib/config';
import { resetLoginExpired } from '../../lib/expiry';
import { resetServerMessages } from '../../lib/i18n';
import { deactivateOfflineSession } from '../../lib/offline/boot';
import { currentDb, offlineDbName } from '../../lib/offline/db';
import { defineOutboxKind, enqueue } from '../../lib/offline/outbox';
import { saveLogin, session } from '../../lib/session';
import { fakeFetch, ok } from '../../test/render';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';
import { system } from '../theme';

const permission: PermissionPayload = {
  menus: [
    {
      id: '1', menuname: '消息', menuurl: '', icon: 'list', remark: '', sort: 1, hidden: false, alwaysShow: false, perms: [],
      children: [{ id: '11', menuname: '消息中心', menuurl: '/messageCenter/xxzx', icon: 'list', remark: '', sort: 1, hidden: false, alwaysShow: false, perms: [], children: [] }],
    },
  ],
  permission: [],
  roles: ['teacher'],
  userInfo: { username: 'teacher', id: 'u1', name: '李老师', userType: '1', tenant: 'demo', tenantName: '示范学校' },
  homeCards: null,
  requestId: 'r1',
};

const kind = defineOutboxKind<{ n: number }, unknown>({ kind: 'test.logout', url: '/api/never', describe: () => '一条修改' });

function start() {
  const fake = fakeFetch({
    '/ms/getPermission': ok(permission),
    '/api/internationalLanguage/getInternationalLanguageList': ok({ zh: {}, en: {} }),
    '/api/k12saas/xxjbxx/getLogo': ok({ LOGO: '', url: '' }),
    '/logout': ok(null),
    // the queued write waits on the server (rate limited): it stays pending
    '/api/never': { body: { code: 42900, result: false, msg: 'busy', data: null } },
  });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: ['/dashboard'] }));
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { router, calls: fake.calls };
}

/** Keyboard use of the menu (jsdom has no pointer events to hover an item): the last item is 退出登录. */
async function openLogout() {
  const trigger = await screen.findByTestId('user-menu');
  await act(async () => trigger.click());
  const menu = (await screen.findByRole('menuitem', { name: '退出登录' })).closest('[role=menu]')!;
  await act(async () => fireEvent.keyDown(menu, { key: 'End' }));
  await act(async () => fireEvent.keyDown(menu, { key: 'Enter' }));
}

beforeEach(() => {
  setConfig({ loginType: 'local', apiBaseUrl: '', logoUrl: '/icons/default.png' });
  resetLoginExpired();
  resetServerMessages();
  localStorage.clear();
  saveLogin({ token: 'tok', headerName: 'X-Access-Token', userId: 'u1' });
});

afterEach(async () => {
  await deactivateOfflineSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

describe('logout with queued writes', { timeout: 20_000 }, () => {
  it('without queued writes: the usual question', async () => {
    start();
    await openLogout();
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('确定注销并退出系统吗？');
    expect(screen.queryByTestId('logout-pending-warning')).toBeNull();
  });

  it('warns with the count; the queue stays on the device for this user after logging out', async () => {
    const { router } = start();
    await waitFor(() => expect(currentDb()?.name).toBe(offlineDbName({ tenant: 'demo', userId: 'u1' })), { timeout: 5000 });
    await enqueue(kind, { entityKey: 'e', payload: { n: 1 } });
    await waitFor(() => expect(screen.getByTestId('pending-count').textContent).toBe('1'));
    await openLogout();
    const warning = await screen.findByTestId('logout-pending-warning');
    expect(warning.textContent).toContain('还有 1 条修改尚未发送到服务器。');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '仍然退出' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(session.token).toBeNull();
    await waitFor(() => expect(currentDb()).toBeNull());
    const db = new Dexie(offlineDbName({ tenant: 'demo', userId: 'u1' }));
    await db.open();
    expect(await db.table('outbox').count()).toBe(1);
    db.close();
  });
});
