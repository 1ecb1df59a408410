import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { system } from '../app/theme';
import { GrantsProvider } from '../components/Permission';

/** Renders inside the app's providers (Chakra system, Lingui, a fresh query client). */
export function renderWithProviders(ui: ReactElement, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return {
    queryClient,
    ...render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
        </I18nProvider>
      </ChakraProvider>,
    ),
  };
}

export interface FakeResponse {
  body?: unknown;
  status?: number;
  headers?: Record<string, string>;
  /** reject instead of answering */
  error?: Error;
}

/** A fetch stub answering by path: `routes['/api/x'] = { body: {...} }` or a function of the request. */
export function fakeFetch(routes: Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const impl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const route = routes[url.pathname];
    if (!route) return new Response(JSON.stringify({ code: 40400, result: false, msg: 'not found', data: null }), { status: 200 });
    const answer = typeof route === 'function' ? route(init, url) : route;
    if (answer.error) throw answer.error;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };
  return { impl, calls };
}

export const ok = <T,>(data: T) => ({ body: { code: 1, result: true, msg: '', data } });
export const fail = (code: number, msg: string) => ({ body: { code, result: false, msg, data: null } });

/** Renders `ui` in a small router (links render their href), with the user's permission codes. */
export function renderScreen(ui: ReactElement, { permissions = [] as string[], queryClient }: { permissions?: string[]; queryClient?: QueryClient } = {}) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });
  const router = createRouter({ routeTree: rootRoute.addChildren([index]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <GrantsProvider value={{ permissions, roles: [] }}>
            <RouterProvider router={router as never} />
          </GrantsProvider>
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { ...view, router, queryClient: client };
}
