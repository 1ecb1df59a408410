import { Badge, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { OutboxEntry } from '../../lib/offline/outbox';
import { PendingPanelLink } from './PendingPanelLink';

/** Where a roll stands: not taken, queued, stuck (conflict / failed) or on the server. */
export type SyncState = 'none' | 'pending' | 'conflict' | 'failed' | 'synced';

/** A conflicting or failed entry holds the later ones of its roll, so it decides the state. */
export function syncStateOf(entries: readonly OutboxEntry[], version: number): SyncState {
  const stuck = entries.find((entry) => entry.state === 'conflict' || entry.state === 'failed');
  if (stuck) return stuck.state as 'conflict' | 'failed';
  if (entries.length > 0) return 'pending';
  return version > 0 ? 'synced' : 'none';
}

/** The roll's sync state as a badge; conflict and failure say why and lead to the pending panel. */
export function SyncBadge({ state, entries }: { state: SyncState; entries: readonly OutboxEntry[] }) {
  switch (state) {
    case 'none':
      return (
        <Badge colorPalette="orange" variant="subtle" size="lg" data-testid="sync-state" data-state={state}>
          <Trans>未点名</Trans>
        </Badge>
      );
    case 'pending':
      return (
        <Badge colorPalette="yellow" variant="solid" size="lg" data-testid="sync-state" data-state={state}>
          <Trans>待同步</Trans>
        </Badge>
      );
    case 'synced':
      return (
        <Badge colorPalette="green" variant="subtle" size="lg" data-testid="sync-state" data-state={state}>
          <Trans>已同步</Trans>
        </Badge>
      );
    case 'conflict':
    case 'failed': {
      const stuck = entries.find((entry) => entry.state === state);
      return (
        <HStack gap="2" wrap="wrap" role="alert">
          <Badge colorPalette="red" variant="solid" size="lg" data-testid="sync-state" data-state={state}>
            {state === 'conflict' ? <Trans>冲突</Trans> : <Trans>失败</Trans>}
          </Badge>
          <Text fontSize="sm" color="fg.error">
            {state === 'conflict' ? (
              <Trans>服务器上的点名已被他人修改，请在待同步面板中选择保留哪一份</Trans>
            ) : (
              stuck?.lastError?.msg || <Trans>提交被拒绝</Trans>
            )}
          </Text>
          <PendingPanelLink />
        </HStack>
      );
    }
  }
}
