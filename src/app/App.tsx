import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { subscribeToasterRequested, toasterGeneration, toasterLoadFailed } from '../lib/toaster';
// registers the features' outbox kinds with the offline engine (lazy imports only)
import './outbox-kinds';
import type { createAppRouter } from './router';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { system } from './theme';
import { useExpiryCheckOnVisible } from './useExpiryCheck';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/**
 * Providers (Chakra, Lingui, TanStack Query), the router, and the app-wide overlays. The service
 * worker registers from the authenticated layout (its UpdatePrompt), not here: the offline shell
 * serves logged-in users, and /login stays light.
 */
export function App({ router, queryClient }: AppProps) {
  useExpiryCheckOnVisible();
  return (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <SessionExpiredDialog />
          <ToasterHost />
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>
  );
}

/** Mounts the toast renderer once the first toast is asked for (lib/toaster); a failed load is retried by the next toast. */
function ToasterHost() {
  const generation = useSyncExternalStore(subscribeToasterRequested, toasterGeneration);
  const Renderer = useMemo(
    () =>
      generation === 0
        ? null
        : lazy<ComponentType>(() =>
            import('../components/Toaster').then(
              (module) => ({ default: module.Toaster }),
              () => ({ default: ToasterLoadFailed }),
            ),
          ),
    [generation],
  );
  return Renderer ? (
    <Suspense fallback={null}>
      <Renderer />
    </Suspense>
  ) : null;
}

function ToasterLoadFailed() {
  useEffect(() => toasterLoadFailed(), []);
  return null;
}
