import { Card, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronRightIcon } from './icons';
import { RequestError } from './RequestError';
import { formatDateTime } from '../lib/format';
import { post } from '../lib/http';

/** Where a line or a header leads: a route of the app and its search. */
export interface FigureLink {
  to: string;
  search?: Record<string, string>;
}

/**
 * A figure card's answer (`POST url` with {}): read on every visit of the home page, one query per
 * card (a slow card holds up no other), persisted (its key is not 'dashboard', see
 * lib/offline/persister.ts): offline, the card shows the last figures with their time.
 */
export const figureQuery = <T,>(url: string) => ({
  queryKey: ['dashboardFigures', url] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => post<T>(url, {}, { signal }),
  staleTime: 0,
});

/** A link row of a card (44 px high: a touch target), or a plain row without `link`. */
export function FigureLine({ link, testId, children }: { link?: FigureLink; testId?: string; children: ReactNode }) {
  const style = { align: 'center', gap: '3', minH: '11', px: '2', borderRadius: 'l2' } as const;
  if (!link) return <Flex {...style} data-testid={testId}>{children}</Flex>;
  return (
    <Flex asChild {...style} _hover={{ bg: 'bg.muted' }}>
      <Link to={link.to as '/'} search={link.search as never} data-testid={testId}>
        {children}
        <ChevronRightIcon boxSize="4" color="fg.muted" flexShrink={0} />
      </Link>
    </Flex>
  );
}

/** "entered / expected" with the share as a thin bar under it. */
export function Progress({ done, of, children }: { done: number; of: number; children: ReactNode }) {
  const share = of > 0 ? Math.min(1, done / of) : 0;
  return (
    <Stack gap="1" flex="1" minW="0">
      <HStack justify="space-between" gap="2">
        {children}
        <Text fontVariantNumeric="tabular-nums" flexShrink={0}>
          {done}/{of}
        </Text>
      </HStack>
      <Flex h="1.5" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden>
        <Flex w={`${share * 100}%`} bg={share >= 1 ? 'green.solid' : 'brand.solid'} />
      </Flex>
    </Stack>
  );
}

export interface FigureCardProps<T> {
  /** the card's test id, e.g. attendance-today-card */
  testId: string;
  title: ReactNode;
  /** the route answering the figures (POST, body {}) */
  url: string;
  /** the header's link: the list the card summarises */
  link?: (data: T) => FigureLink | undefined;
  /** the headline figure beside the title */
  figure?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A figure card of the home page (Chakra Card): its title (a link to the list it summarises) and
 * headline figure, then its lines. Skeletons until the first answer; a failure without earlier
 * figures says why; figures that are not fresh (offline, or the last read failed) carry their time.
 */
export function FigureCard<T>({ testId, title, url, link, figure, children }: FigureCardProps<T>) {
  const query = useQuery(figureQuery<T>(url));
  const data = query.data;
  const stale = data !== undefined && (query.isError || query.fetchStatus === 'paused');
  const header = (
    <>
      <Card.Title as="h2" flex="1">
        {title}
      </Card.Title>
      <Text fontSize="2xl" fontWeight="bold" color="brand.fg" data-testid={`${testId}-figure`}>
        {data === undefined ? (query.isError ? '—' : <Skeleton as="span" display="inline-block" h="6" w="10" />) : figure?.(data)}
      </Text>
    </>
  );
  return (
    <Card.Root data-testid={testId}>
      <Card.Body gap="1">
        <FigureLine link={data === undefined ? undefined : link?.(data)} testId={`${testId}-header`}>
          {header}
        </FigureLine>
        {data !== undefined ? children(data) : query.isError ? <RequestError error={query.error} /> : <Skeleton h="4" mx="2" />}
        {stale && (
          <Text fontSize="xs" color="fg.muted" px="2" data-testid={`${testId}-as-of`}>
            <Trans>数据截至 {formatDateTime(query.dataUpdatedAt)}</Trans>
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
