import { Badge, Button, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { makeIcon } from '../icons';
import { Tooltip } from '../Tooltip';
import { usePendingCount } from '../../lib/offline/outbox';
import { useConnectivity } from './useConnectivity';

// loads when the user opens it: the panel is not part of every page (the /dashboard JS budget);
// the service worker precaches its chunk, so it opens offline too
const OutboxPanel = lazy(() => import('./OutboxPanel').then((module) => ({ default: module.OutboxPanel })));

export const CloudIcon = /* @__PURE__ */ makeIcon(<path d="M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9Z" />);
export const CloudOffIcon = /* @__PURE__ */ makeIcon(
  <>
    <path d="m2 2 20 20" />
    <path d="M5.78 5.78A7 7 0 0 0 9 19h8.5a4.5 4.5 0 0 0 1.31-.19" />
    <path d="M21.53 16.05A4.5 4.5 0 0 0 17.5 10h-1.79A7 7 0 0 0 9.1 5.08" />
  </>,
);

/**
 * The top bar's offline indicator (OFFLINE.md §7): online / offline / server unreachable
 * (lib/offline/connectivity.ts), with the number of writes not yet delivered; it opens the outbox
 * panel. Offline and unreachable are written out at every width (a 360 px phone too), not only an
 * icon; online, the usual case, is the icon alone. The accessible name starts with the state.
 */
export function OfflineStatus() {
  const { t } = useLingui();
  const state = useConnectivity();
  const count = usePendingCount();
  const [open, setOpen] = useState(false);
  const offline = state !== 'online';
  const stateLabel = state === 'offline' ? t`离线` : state === 'unreachable' ? t`无法连接服务器` : t`在线`;
  const label = count > 0 ? t`${stateLabel}，${count} 条修改待发送` : stateLabel;
  return (
    <>
      <Tooltip content={label}>
        <Button
          variant="ghost"
          size="md"
          px="2"
          gap="1.5"
          color={offline ? 'orange.fg' : 'fg.muted'}
          aria-label={label}
          data-testid="offline-indicator"
          data-state={state}
          onClick={() => setOpen(true)}
        >
          {offline ? <CloudOffIcon /> : <CloudIcon />}
          {offline && (
            // a phone's bar is narrow: smaller, and a long English label takes two lines
            <Text as="span" fontSize={{ base: 'xs', sm: 'sm' }} lineHeight="short" whiteSpace={{ base: 'normal', sm: 'nowrap' }} maxW={{ base: '24', sm: 'none' }} textAlign="start">
              {stateLabel}
            </Text>
          )}
          {count > 0 && (
            <Badge colorPalette="orange" variant="solid" borderRadius="full" data-testid="pending-count">
              {count}
            </Badge>
          )}
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <OutboxPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
