import { Button, Flex, NativeSelect, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../contracts/envelope';

export interface KeysetPagerLabels {
  /** the count line, e.g. 共 N 条 / 超过 N 条 (given the total and whether it is capped) */
  total: (total: number, capped: boolean) => ReactNode;
  /** shown while the total is not known */
  counting?: ReactNode;
  /** the current page, e.g. 第 N 页 (1-based) */
  page: (page: number) => ReactNode;
  first: string;
  prev: string;
  next: string;
  /** a size choice, e.g. 10 条/页 */
  size: (size: number) => string;
  sizeLabel: string;
}

export interface KeysetPagerProps {
  /** null: not counted (yet) */
  total: number | null;
  /** more rows than `total` match (the count stopped there) */
  totalCapped?: boolean;
  /** zero-based index of the page shown (for the page label only) */
  page: number;
  size: number;
  sizes?: readonly number[];
  hasPrev: boolean;
  hasNext: boolean;
  onFirst: () => void;
  onPrev: () => void;
  onNext: () => void;
  /** a new size (the screen goes back to the first page) */
  onSizeChange: (size: number) => void;
  disabled?: boolean;
  labels: KeysetPagerLabels;
}

/**
 * A pager for lists read by keyset (a cursor) rather than by offset: first, previous and next page,
 * the page sizes, and a total that may be capped ("10000+"). No page numbers to jump to: a keyset
 * list cannot skip to page N without reading the pages before it. Texts come from the screen.
 */
export function KeysetPager({ total, totalCapped = false, page, size, sizes = PAGE_SIZES, hasPrev, hasNext, onFirst, onPrev, onNext, onSizeChange, disabled, labels }: KeysetPagerProps) {
  const sizeChoices = sizes.includes(size) ? sizes : [...sizes, size].sort((a, b) => a - b);
  return (
    <Flex wrap="wrap" gap="3" align="center" justify={{ base: 'center', md: 'flex-end' }} fontSize="sm" data-testid="keyset-pager">
      <Text color="fg.muted" data-testid="keyset-pager-total">
        {total === null ? labels.counting : labels.total(total, totalCapped)}
      </Text>
      <NativeSelect.Root size="sm" width="auto" disabled={disabled}>
        <NativeSelect.Field aria-label={labels.sizeLabel} value={size} onChange={(event) => onSizeChange(Number(event.currentTarget.value) || DEFAULT_PAGE_SIZE)}>
          {sizeChoices.map((choice) => (
            <option key={choice} value={choice}>
              {labels.size(choice)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="ghost" disabled={disabled || !hasPrev} onClick={onFirst} data-testid="keyset-first">
        {labels.first}
      </Button>
      <Button size="sm" variant="ghost" disabled={disabled || !hasPrev} onClick={onPrev} data-testid="keyset-prev">
        {labels.prev}
      </Button>
      <Text minW="16" textAlign="center" data-testid="keyset-page">
        {labels.page(page + 1)}
      </Text>
      <Button size="sm" variant="ghost" disabled={disabled || !hasNext} onClick={onNext} data-testid="keyset-next">
        {labels.next}
      </Button>
    </Flex>
  );
}
