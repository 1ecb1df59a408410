import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** SPEC §9: the selector's pager shows 5 page buttons. */
export const PAGER_BUTTONS = 5;

/** The page numbers (zero-based) of a window of `buttons` around the current page. */
export function pagerWindow(page: number, pageCount: number, buttons = PAGER_BUTTONS): number[] {
  const count = Math.min(buttons, pageCount);
  const start = Math.min(Math.max(0, page - Math.floor(buttons / 2)), Math.max(0, pageCount - count));
  return Array.from({ length: count }, (_, index) => start + index);
}

export function MiniPager({ page, total, size, onChange }: { page: number; total: number; size: number; onChange: (page: number) => void }) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  return (
    <HStack gap="1" justify="center" wrap="wrap" aria-label={t`分页`} role="navigation">
      <Text fontSize="xs" color="fg.muted" me="1">
        <Trans>共 {total} 条</Trans>
      </Text>
      <IconButton size="xs" variant="ghost" aria-label={t`上一页`} disabled={page <= 0} onClick={() => onChange(page - 1)}>
        ‹
      </IconButton>
      {pagerWindow(page, pageCount).map((index) => (
        <Button
          key={index}
          size="xs"
          minW="8"
          variant={index === page ? 'solid' : 'ghost'}
          colorPalette="brand"
          aria-current={index === page ? 'page' : undefined}
          onClick={() => onChange(index)}
        >
          {index + 1}
        </Button>
      ))}
      <IconButton size="xs" variant="ghost" aria-label={t`下一页`} disabled={page >= pageCount - 1} onClick={() => onChange(page + 1)}>
        ›
      </IconButton>
    </HStack>
  );
}
