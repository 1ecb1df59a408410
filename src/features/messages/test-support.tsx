import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { MessageListData, MessageRow } from '../../../contracts/messages';
import type { PermissionPayload } from '../../../contracts/session';
import { system } from '../../app/theme';

/** A permission payload holding `codes`. */
export const payloadWith = (codes: string[]): PermissionPayload => ({
  menus: [],
  permission: codes,
  roles: [],
  userInfo: { username: 'teacher', id: 'u1', name: '李明华', userType: '3', tenant: 'demo', tenantName: '示范学校' },
  homeCards: null,
  requestId: 'r1',
});

let serial = 0;
export function messageRow(over: Partial<MessageRow> = {}): MessageRow {
  serial += 1;
  return {
    MESSAGE_ID: `0190${String(serial).padStart(4, '0')}-0000-7000-8000-000000000000`,
    MESSAGE_TYPE: '1',
    MESSAGE_TITLE: `消息${serial}`,
    MESSAGE_LINK: '',
    MESSAGE_STATUS: '0',
    CREATE_TIME: '2026-10-01T08:30:00.000Z',
    READ_TIME: null,
    SENDER_NAME: '',
    ...over,
  };
}

export const listData = (count: number, rows: MessageRow[]): MessageListData => ({ count: { COUNT: count }, result: rows });

export const MESSAGE_TYPES = [
  { code: '1', name: '系统通知', nameEn: 'System notice', sort: 10, parentCode: '', level: 1, alias: '', shortName: '', tag1: '', tag2: '', tag3: '', tag4: '', tag5: '' },
  { code: '3', name: '成绩发布', nameEn: 'Score release', sort: 30, parentCode: '', level: 1, alias: '', shortName: '', tag1: '', tag2: '', tag3: '', tag4: '', tag5: '' },
];

/**
 * Renders `ui` as the root of a small router whose context carries `permission` (as the
 * authenticated layout's does), with /messageCenter/xxzx and /dashboard routes to land on.
 */
export function renderWithRouter(ui: ReactElement, { permission, path = '/' }: { permission?: PermissionPayload; path?: string } = {}) {
  const rootRoute = createRootRouteWithContext<{ permission?: PermissionPayload }>()({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const routes = ['/', '/messageCenter/xxzx', '/dashboard'].map((routePath) =>
    createRoute({ getParentRoute: () => rootRoute, path: routePath, component: () => <div data-testid="page">{routePath}</div> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { permission },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router as never} />
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { ...view, router, queryClient };
}
