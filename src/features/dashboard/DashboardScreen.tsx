import { Box, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MenuNode, PermissionPayload } from '../../../contracts/session';
import { ChevronRightIcon, InboxIcon } from '../../components/icons';
import { NamedIcon } from '../../components/NamedIcon';
import { formatDay, formatNumber } from '../../lib/format';
import { menuHref, menuTitle } from '../../lib/menus';
import { BackupWarning } from './BackupWarning';
import type { DashboardCard, PendingCount } from './cards';

export interface DashboardScreenProps {
  user: PermissionPayload['userInfo'];
  /** home-page shortcuts among the user's menus (remark sfswsy '1') */
  shortcuts: readonly MenuNode[];
  /** cards other features contribute, already limited to what the user may see */
  cards: readonly DashboardCard[];
  /** counts of items waiting for the user, already limited to what the user may see */
  pending: readonly PendingCount[];
  /** today, for the greeting (a prop so that tests can fix it) */
  today?: Date;
  /**
   * 首页卡片: the card ids to show, in order (contracts/home-cards.ts orderedHomeCards: the role's layout,
   * limited to what the user may see); absent: every card in the built-in order
   */
  order?: readonly string[];
  /** whether to ask for the backups' state (the platform's administrators: a warning when stale or archiving fails) */
  backupWarning?: boolean;
}

/** /dashboard, the home page: a greeting, contributed cards, what waits for the user, shortcuts. */
export function DashboardScreen({ user, shortcuts, cards, pending, today = new Date(), order, backupWarning = false }: DashboardScreenProps) {
  const name = user.name || user.username;
  const builtIn: Record<string, ReactNode> = {
    welcome: (
      <Box gridColumn="1 / -1">
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
          <Trans>
            欢迎，<span data-user-text>{name}</span>
          </Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm" mt="1" data-testid="dashboard-today">
          <span data-user-text>{user.tenantName}</span> · {formatDay(today)}
        </Text>
      </Box>
    ),
    // no empty to-do list: the card shows once a feature contributes a count the user may see
    pending: pending.length > 0 ? <PendingCard pending={pending} /> : null,
    shortcuts: <ShortcutsCard shortcuts={shortcuts} />,
  };
  const contributed = new Map(cards.map(({ id, Component }) => [id, <Component />]));
  const ids = order ?? ['welcome', ...cards.map((card) => card.id), 'pending', 'shortcuts'];
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={{ base: '4', md: '6' }} alignItems="start" data-testid="dashboard">
      {backupWarning && <BackupWarning />}
      {ids.map((id) => {
        const card = builtIn[id] ?? contributed.get(id);
        return card ? (
          <Box key={id} display="contents" data-testid={`dashboard-card-${id}`}>
            {card}
          </Box>
        ) : null;
      })}
    </SimpleGrid>
  );
}

function PendingCard({ pending }: { pending: readonly PendingCount[] }) {
  return (
    <Card.Root data-testid="pending-card">
      <Card.Header>
        <Card.Title as="h2">
          <Trans>待办事项</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="1">
          {pending.map((item) => (
            <PendingLine key={item.id} item={item} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function PendingLine({ item }: { item: PendingCount }) {
  // The home page is never cached: counts are fetched on every visit and dropped when it is left.
  const count = useQuery({
    queryKey: ['dashboard', 'pending', item.id],
    queryFn: ({ signal }) => item.count(signal),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Flex asChild align="center" gap="3" minH="11" px="2" borderRadius="l2" _hover={{ bg: 'bg.muted' }}>
      <Link to={item.to as '/'}>
        <Text flex="1" truncate>
          {item.title()}
        </Text>
        {count.isPending ? (
          <Skeleton h="5" w="8" />
        ) : (
          <Text fontWeight="semibold" color="brand.fg">
            {count.data === undefined ? '—' : formatNumber(count.data)}
          </Text>
        )}
        <ChevronRightIcon boxSize="4" color="fg.muted" />
      </Link>
    </Flex>
  );
}

function ShortcutsCard({ shortcuts }: { shortcuts: readonly MenuNode[] }) {
  const { i18n } = useLingui();
  return (
    <Card.Root data-testid="shortcuts-card">
      <Card.Header>
        <Card.Title as="h2">
          <Trans>快捷入口</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        {shortcuts.length === 0 ? (
          <EmptyLine>
            <Trans>暂无快捷入口</Trans>
          </EmptyLine>
        ) : (
          <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2">
            {shortcuts.map((menu) => (
              <Flex
                key={menu.id}
                asChild
                direction="column"
                align="center"
                justify="center"
                gap="2"
                minH="20"
                p="2"
                borderRadius="l2"
                borderWidth="1px"
                textAlign="center"
                _hover={{ bg: 'brand.subtle', borderColor: 'brand.emphasized' }}
              >
                <Link to={menuHref(menu) as '/'}>
                  <NamedIcon name={menu.icon} boxSize="6" color="brand.fg" />
                  <Text fontSize="sm" lineClamp={2}>
                    {menuTitle(menu, i18n.locale)}
                  </Text>
                </Link>
              </Flex>
            ))}
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <HStack gap="2" color="fg.muted" py="4" justify="center">
      <InboxIcon boxSize="5" />
      <Text>{children}</Text>
    </HStack>
  );
}
