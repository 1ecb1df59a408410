import { ButtonGroup, Flex, HStack, IconButton, Input, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../contracts/envelope';
import { ChevronRightIcon } from './icons';
import { belowQuery, useMediaQuery } from './table/use-media';

export interface TablePagerProps {
  total: number;
  /** zero-based */
  page: number;
  size: number;
  sizes?: readonly number[];
  /** a new page (zero-based) or size; changing the size goes back to the first page */
  onChange: (page: number, size: number) => void;
  disabled?: boolean;
  /** whose pages these are (a table's name): a page with two pagers needs it, their landmarks must differ */
  label?: string;
}

/** Touch screens: every button, select and box of the pager is a 44 px target. */
const COARSE_TARGETS = { '@media (pointer: coarse)': { '& button, & select, & input': { minH: '11', minW: '11' } } } as const;

/**
 * The table pager of SPEC §9: total, page sizes, prev, 7 page buttons, next, jumper. Pages are
 * zero-based in and out, shown one-based.
 */
export function TablePager({ total, page, size, sizes = PAGE_SIZES, onChange, disabled, label }: TablePagerProps) {
  const { t } = useLingui();
  // phones: five page buttons (first, …, current, …, last) so the 44 px targets fit 360 px
  const narrow = useMediaQuery(belowQuery('md'));
  const pageCount = Math.max(1, Math.ceil(total / size));
  const [jump, setJump] = useState('');
  const goTo = (text: string) => {
    const target = Number.parseInt(text, 10);
    setJump('');
    if (Number.isFinite(target)) onChange(Math.min(Math.max(target, 1), pageCount) - 1, size);
  };
  const sizeChoices = sizes.includes(size) ? sizes : [...sizes, size].sort((a, b) => a - b);

  return (
    <Flex wrap="wrap" gap="3" align="center" justify={{ base: 'center', md: 'flex-end' }} fontSize="sm" data-testid="table-pager" css={COARSE_TARGETS}>
      <Text color="fg.muted">
        <Trans>共 {total} 条</Trans>
      </Text>
      <NativeSelect.Root size="sm" width="auto" disabled={disabled}>
        <NativeSelect.Field aria-label={t`每页条数`} value={size} onChange={(event) => onChange(0, Number(event.currentTarget.value) || DEFAULT_PAGE_SIZE)}>
          {sizeChoices.map((choice) => (
            <option key={choice} value={choice}>
              {t`${choice} 条/页`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root
        count={total}
        pageSize={size}
        page={Math.min(page + 1, pageCount)}
        siblingCount={narrow ? 0 : 1}
        onPageChange={(details) => onChange(details.page - 1, size)}
        translations={{
          rootLabel: label ? t`分页：${label}` : t`分页`,
          prevTriggerLabel: t`上一页`,
          nextTriggerLabel: t`下一页`,
          itemLabel: ({ page: n }) => t`第 ${n} 页`,
        }}
      >
        <ButtonGroup variant="ghost" size="sm" gap="0.5" attached={false}>
          <Pagination.PrevTrigger asChild disabled={disabled || page <= 0}>
            <IconButton>
              <ChevronRightIcon transform="rotate(180deg)" />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(item) => (
              <IconButton variant={{ base: 'ghost', _selected: 'solid' }} colorPalette="brand" disabled={disabled} minW="8">
                {item.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild disabled={disabled || page >= pageCount - 1}>
            <IconButton>
              <ChevronRightIcon />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
      <HStack gap="1" display={{ base: 'none', sm: 'flex' }}>
        <Text color="fg.muted">
          <Trans>前往</Trans>
        </Text>
        <Input
          size="sm"
          width="14"
          inputMode="numeric"
          aria-label={t`跳转到页码`}
          value={jump}
          disabled={disabled}
          onChange={(event) => setJump(event.currentTarget.value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') goTo(jump);
          }}
          onBlur={() => jump && goTo(jump)}
        />
        <Text color="fg.muted">
          <Trans>页</Trans>
        </Text>
      </HStack>
    </Flex>
  );
}
