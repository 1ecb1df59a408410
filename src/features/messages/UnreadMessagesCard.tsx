import { Box, Button, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useMessageAccess } from './access';
import { messageTypesQuery, unreadMessagesQuery } from './api';
import { LazyMessageDetailDialog } from './LazyMessageDetailDialog';
import { MessageSummary } from './MessageSummary';

/** How many unread messages the card lists. */
const CARD_LIST_SIZE = 5;

/**
 * Home-page card: the unread count, the newest unread messages and a way to the message centre.
 * Self-contained (loads its own data; shares the bell's query); nothing without the permission.
 */
export function UnreadMessagesCard() {
  return useMessageAccess() ? <UnreadCard /> : null;
}

function UnreadCard() {
  const [openId, setOpenId] = useState<string | null>(null);
  const unread = useQuery(unreadMessagesQuery());
  const types = useQuery(messageTypesQuery());
  const count = unread.data?.count.COUNT ?? 0;
  const rows = (unread.data?.result ?? []).slice(0, CARD_LIST_SIZE);

  return (
    <Card.Root data-testid="unread-messages-card">
      <Card.Header>
        <HStack justify="space-between" align="baseline">
          <Card.Title as="h2">
            <Trans>未读消息</Trans>
          </Card.Title>
          <Text fontSize="2xl" fontWeight="bold" color={count > 0 ? 'brand.fg' : 'fg.muted'} data-testid="unread-messages-count">
            {unread.isPending ? <Skeleton as="span" display="inline-block" h="6" w="8" /> : count}
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {unread.isPending ? (
          <Stack gap="2">
            <Skeleton h="4" />
            <Skeleton h="4" />
          </Stack>
        ) : rows.length === 0 ? (
          <Text color="fg.muted">
            <Trans>暂无未读消息</Trans>
          </Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {rows.map((row) => (
              <Box as="li" key={row.MESSAGE_ID}>
                <Button
                  variant="ghost"
                  size="sm"
                  w="full"
                  h="auto"
                  py="1.5"
                  px="2"
                  justifyContent="flex-start"
                  textAlign="start"
                  fontWeight="normal"
                  onClick={() => setOpenId(row.MESSAGE_ID)}
                >
                  <MessageSummary row={row} types={types.data} />
                </Button>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
      <Card.Footer>
        <Button asChild variant="outline" size="sm">
          <Link to="/messageCenter/xxzx">
            <Trans>进入消息中心</Trans>
          </Link>
        </Button>
      </Card.Footer>
      <LazyMessageDetailDialog messageId={openId} onClose={() => setOpenId(null)} />
    </Card.Root>
  );
}
