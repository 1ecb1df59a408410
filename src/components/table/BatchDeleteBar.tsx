import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

export interface BatchDeleteBarProps {
  /** how many rows are selected: the button is disabled at 0, 已选 N 项 shown above 0 */
  selectedCount: number;
  onDelete: () => void;
  testId?: string;
}

/** 批量删除 over a list with row selection (selectionColumn), and how many rows are selected. */
export function BatchDeleteBar({ selectedCount, onDelete, testId }: BatchDeleteBarProps) {
  return (
    <HStack gap="2">
      <Button size="sm" colorPalette="red" variant="outline" disabled={selectedCount === 0} onClick={onDelete} data-testid={testId}>
        <Trans>批量删除</Trans>
      </Button>
      {selectedCount > 0 && (
        <Text fontSize="sm" color="fg.muted">
          <Trans>已选 {selectedCount} 项</Trans>
        </Text>
      )}
    </HStack>
  );
}
