import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';

/**
 * 批量通过 / 批量驳回 over the selected rows, their count and the last batch's refusal: 申请管理's
 * 待我审核 and 学籍异动's share it (one audit state per batch, SPEC §4). Offline, batch audit waits.
 */
export function BatchAuditBar({ count, online = true, error, onOpen }: { count: number; online?: boolean; error: string; onOpen: (decision: 'pass' | 'reject') => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="green" disabled={!online || count === 0} onClick={() => onOpen('pass')} data-testid="batch-pass">
          <Trans>批量通过</Trans>
        </Button>
        <Button size="sm" colorPalette="red" variant="outline" disabled={!online || count === 0} onClick={() => onOpen('reject')} data-testid="batch-reject">
          <Trans>批量驳回</Trans>
        </Button>
        {!online && (
          <Text fontSize="sm" color="fg.muted" data-testid="batch-offline">
            <Trans>批量审核需要联网</Trans>
          </Text>
        )}
        {count > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="batch-count">
            {t`已选 ${count} 项`}
          </Text>
        )}
      </HStack>
      {error && (
        <Alert.Root status="error" size="sm" data-testid="batch-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
