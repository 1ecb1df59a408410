import { Box, Button, Flex, HStack, IconButton } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from './icons';
import { belowQuery, useMediaQuery } from './table/use-media';

export interface SearchHeaderProps {
  /** the search fields (labelled inputs and selects); the first (the keyword) stays in view when folded */
  children: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  /** shows a back arrow before the fields */
  onBack?: () => void;
  busy?: boolean;
  /** unfolded at first on wide screens (phones always start folded) */
  defaultOpen?: boolean;
}

/** A field holds a condition when one of its inputs has a value (a ticked box for checkboxes). */
const holdsValue = (field: Element) =>
  [...field.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].some((input) =>
    input instanceof HTMLInputElement && (input.type === 'checkbox' || input.type === 'radio') ? input.checked : input.value.trim() !== '',
  );

/**
 * The search header of SPEC §2 "Shared screen pieces": fields, search, reset and an optional back
 * arrow. Enter in a field searches (it is a form). Folded, it shows the first field and 筛选 (n), n the
 * other fields holding a condition; phones start folded, so the list is on the first screen. Folded
 * fields stay mounted (hidden), so their values still search.
 */
export function SearchHeader({ children, onSearch, onReset, onBack, busy, defaultOpen = true }: SearchHeaderProps) {
  const { t } = useLingui();
  const narrow = useMediaQuery(belowQuery('md'));
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (narrow ? false : defaultOpen);
  const fieldsId = useId();
  const fields = useRef<HTMLDivElement>(null);
  const [folding, setFolding] = useState({ more: 0, active: 0 });
  const count = useCallback(() => {
    const others = [...(fields.current?.children ?? [])].slice(1);
    const next = { more: others.length, active: others.filter(holdsValue).length };
    setFolding((current) => (current.more === next.more && current.active === next.active ? current : next));
  }, []);
  // after every render: the screen's fields follow its URL (a search applied, reset)
  useLayoutEffect(count);
  const filtersLabel = folding.active > 0 ? t`筛选 (${folding.active})` : t`筛选`;
  return (
    <Box
      as="form"
      role="search"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      p={{ base: '3', md: '4' }}
      onInput={count}
      onChange={count}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Flex gap="3" align="flex-end" wrap="wrap">
        {onBack && (
          <IconButton variant="ghost" size="sm" aria-label={t`返回`} onClick={onBack}>
            <ChevronRightIcon transform="rotate(180deg)" />
          </IconButton>
        )}
        <Flex
          ref={fields}
          id={fieldsId}
          flex="1"
          minW={{ base: 'full', md: '0' }}
          gap="3"
          wrap="wrap"
          align="flex-end"
          data-folded={open ? undefined : ''}
          css={{ '&[data-folded] > :not(:first-of-type)': { display: 'none' } }}
        >
          {children}
        </Flex>
        <HStack gap="2" ms="auto" wrap="wrap" justify="flex-end">
          <Button type="submit" size="sm" minH={{ base: '11', md: '8' }} colorPalette="brand" loading={busy}>
            <Trans>搜索</Trans>
          </Button>
          <Button type="button" size="sm" minH={{ base: '11', md: '8' }} variant="outline" onClick={onReset}>
            <Trans>重置</Trans>
          </Button>
          {folding.more > 0 && (
            <Button
              type="button"
              size="sm"
              minH={{ base: '11', md: '8' }}
              variant="ghost"
              aria-expanded={open}
              aria-controls={fieldsId}
              onClick={() => setChosen(!open)}
              data-testid="search-filters"
              data-active={folding.active}
            >
              {filtersLabel}
              <ChevronDownIcon transform={open ? 'rotate(180deg)' : undefined} />
            </Button>
          )}
        </HStack>
      </Flex>
    </Box>
  );
}
