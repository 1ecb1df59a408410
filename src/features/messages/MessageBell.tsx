import { Badge, Box, Button, Float, IconButton, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { MessageRow } from '../../../contracts/messages';
import { makeIcon } from '../../components/icons';
import { useMessageAccess } from './access';
import { messageTypesQuery, unreadMessagesQuery } from './api';
import { badgeText } from './format';
import { useFailureToast } from '../../lib/notify';
import { LazyMessageDetailDialog } from './LazyMessageDetailDialog';
import { MessageSummary } from './MessageSummary';

export const BellIcon = /* @__PURE__ */ makeIcon(
  <>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </>,
);

/** The top bar's message bell (SPEC §2): hidden entirely without permission messageCenter_xxzx. */
export function MessageBell() {
  return useMessageAccess() ? <Bell /> : null;
}

function Bell() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const unread = useQuery(unreadMessagesQuery());
  const types = useQuery({ ...messageTypesQuery(), enabled: open });
  useFailureToast(open ? unread.error : null, 'message-bell-error');

  const count = unread.data?.count.COUNT ?? 0;
  const badge = badgeText(count);
  const rows = unread.data?.result ?? [];

  const show = (row: MessageRow) => {
    setOpen(false);
    setOpenId(row.MESSAGE_ID);
  };

  return (
    <>
      <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }} lazyMount>
        <Popover.Trigger asChild>
          <IconButton
            variant="ghost"
            size="sm"
            position="relative"
            aria-label={count > 0 ? t`消息，${count}条未读` : t`消息`}
            data-testid="message-bell"
          >
            <BellIcon boxSize="5" />
            {badge && (
              <Float placement="top-end" offset="2">
                <Badge
                  colorPalette="red"
                  variant="solid"
                  borderRadius="full"
                  minW="5"
                  h="4.5"
                  px="1"
                  fontSize="2xs"
                  justifyContent="center"
                  data-testid="message-badge"
                  aria-hidden
                >
                  {badge}
                </Badge>
              </Float>
            )}
          </IconButton>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width={{ base: 'calc(100vw - 16px)', sm: '96' }} maxW="96" data-testid="message-bell-panel">
              <Popover.Header fontWeight="semibold" borderBottomWidth="1px" py="3">
                <Popover.Title>{count > 0 ? <Trans>未读消息（{count}）</Trans> : <Trans>未读消息</Trans>}</Popover.Title>
              </Popover.Header>
              <Popover.Body p="0" maxH="24rem" overflowY="auto">
                {unread.isPending ? (
                  <Box py="6" textAlign="center">
                    <Spinner size="sm" color="brand.solid" />
                  </Box>
                ) : rows.length === 0 ? (
                  <Text py="8" textAlign="center" color="fg.muted" data-testid="message-bell-empty">
                    <Trans>暂无未读消息</Trans>
                  </Text>
                ) : (
                  <Stack as="ul" gap="0" listStyleType="none">
                    {rows.map((row) => (
                      <Box as="li" key={row.MESSAGE_ID} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                        <Button
                          variant="ghost"
                          w="full"
                          h="auto"
                          py="2.5"
                          px="4"
                          borderRadius="0"
                          justifyContent="flex-start"
                          textAlign="start"
                          whiteSpace="normal"
                          onClick={() => show(row)}
                        >
                          <MessageSummary row={row} types={types.data} titleLines={2} gap="0.5" titleWeight="medium" />
                        </Button>
                      </Box>
                    ))}
                  </Stack>
                )}
              </Popover.Body>
              <Popover.Footer borderTopWidth="1px" py="2" justifyContent="center">
                <Button
                  variant="plain"
                  size="sm"
                  color="brand.fg"
                  onClick={() => {
                    setOpen(false);
                    void navigate({ to: '/messageCenter/xxzx' });
                  }}
                >
                  <Trans>查看全部消息</Trans>
                </Button>
              </Popover.Footer>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      <LazyMessageDetailDialog messageId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
