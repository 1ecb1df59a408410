import { Box, Button, Collapsible, Flex, HStack, IconButton } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from './icons';

export interface SearchHeaderProps {
  /** the search fields (labelled inputs and selects) */
  children: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  /** shows a back arrow before the fields */
  onBack?: () => void;
  busy?: boolean;
  defaultOpen?: boolean;
}

/**
 * The collapsible search header of SPEC §2 "Shared screen pieces": fields, search, reset and an
 * optional back arrow. Enter in a field searches (it is a form).
 */
export function SearchHeader({ children, onSearch, onReset, onBack, busy, defaultOpen = true }: SearchHeaderProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Box
      as="form"
      role="search"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      p={{ base: '3', md: '4' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
        <Flex gap="3" align="flex-end" wrap="wrap">
          {onBack && (
            <IconButton variant="ghost" size="sm" aria-label={t`返回`} onClick={onBack}>
              <ChevronRightIcon transform="rotate(180deg)" />
            </IconButton>
          )}
          <Collapsible.Content flex="1" minW={{ base: 'full', md: '0' }}>
            <Flex gap="3" wrap="wrap" align="flex-end">
              {children}
            </Flex>
          </Collapsible.Content>
          <HStack gap="2" ms="auto">
            <Button type="submit" size="sm" colorPalette="brand" loading={busy}>
              <Trans>搜索</Trans>
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onReset}>
              <Trans>重置</Trans>
            </Button>
            <Collapsible.Trigger asChild>
              <IconButton type="button" size="sm" variant="ghost" aria-label={open ? t`收起搜索条件` : t`展开搜索条件`}>
                <ChevronDownIcon transform={open ? 'rotate(180deg)' : undefined} />
              </IconButton>
            </Collapsible.Trigger>
          </HStack>
        </Flex>
      </Collapsible.Root>
    </Box>
  );
}
