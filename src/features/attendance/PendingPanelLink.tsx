import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/**
 * Where a stuck submission is handled: the pending panel of the top bar (the offline engine's).
 * The engine exposes no call to open it yet, so this points the teacher to it.
 */
export function PendingPanelLink() {
  return (
    <Text fontSize="sm" fontWeight="medium" data-testid="pending-panel-hint">
      <Trans>请打开顶栏的“待同步”面板处理</Trans>
    </Text>
  );
}
