import { Badge, Box, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { MessageStatus, type MessageRow } from '../../../contracts/messages';
import { SearchHeader } from '../../components/SearchHeader';
import { TablePager } from '../../components/TablePager';
import { dictItemName, dictLabel } from '../../lib/dicts';
import { markMessageRead, messageListQuery, messageTypesQuery } from './api';
import { formatMessageTime, linkKind } from './format';
import { MessageDetailDialog, useFailureToast } from './MessageDetailDialog';
import { compactSearch, listRequestOf, type MessageCenterSearch } from './search';

export interface MessageCenterScreenProps {
  /** the validated URL search params */
  search: MessageCenterSearch;
  /** replaces the URL search params (the route navigates) */
  onSearchChange: (next: MessageCenterSearch, options?: { replace?: boolean }) => void;
}

interface Draft {
  title: string;
  type: string;
  status: string;
}

const draftOf = (search: MessageCenterSearch): Draft => ({ title: search.title ?? '', type: search.type ?? '', status: search.status ?? '' });

/**
 * /messageCenter/xxzx: the caller's messages with search by title, type and status, paging and a
 * detail dialog. Everything the list shows comes from the URL (`search`).
 */
export function MessageCenterScreen({ search, onSearchChange }: MessageCenterScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const request = listRequestOf(search);
  const list = useQuery(messageListQuery(request));
  const types = useQuery(messageTypesQuery());
  useFailureToast(list.error, 'message-list-error');

  // the form follows the URL (back/forward, reset), and edits stay local until "search"
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [syncedFrom, setSyncedFrom] = useState(search);
  if (syncedFrom.title !== search.title || syncedFrom.type !== search.type || syncedFrom.status !== search.status) {
    setSyncedFrom(search);
    setDraft(draftOf(search));
  }

  const apply = (next: Partial<MessageCenterSearch>, options?: { replace?: boolean }) =>
    onSearchChange(compactSearch({ ...search, ...next }), options);

  // Failures clear the table (SPEC §8); a page past the end (e.g. after filtering elsewhere) steps back.
  const rows = list.isError ? [] : (list.data?.result ?? []);
  const total = list.isError ? 0 : (list.data?.count.COUNT ?? 0);
  const lastPage = Math.max(0, Math.ceil(total / request.size) - 1);
  const pastEnd = list.isSuccess && !list.isPlaceholderData && request.page > lastPage && total > 0;
  useEffect(() => {
    if (pastEnd) onSearchChange(compactSearch({ ...search, page: lastPage }), { replace: true });
  }, [pastEnd, lastPage, search, onSearchChange]);

  const openLink = async (row: MessageRow) => {
    // opening through the link marks it read, like opening the detail (SPEC §4)
    try {
      await markMessageRead(queryClient, row.MESSAGE_ID);
    } catch {
      return; // the failure is already shown (toast / expiry prompt)
    }
    if (linkKind(row.MESSAGE_LINK) === 'app') void navigate({ href: row.MESSAGE_LINK });
    else window.open(row.MESSAGE_LINK, '_blank', 'noopener,noreferrer');
  };

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans>消息中心</Trans>
      </Heading>

      <SearchHeader
        busy={list.isFetching && list.isPlaceholderData}
        onSearch={() => apply({ ...draft, status: (draft.status || undefined) as MessageCenterSearch['status'], page: 0, id: undefined })}
        onReset={() => onSearchChange(compactSearch({ size: search.size }))}
      >
        <Field.Root width={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">
            <Trans>标题</Trans>
          </Field.Label>
          <Input
            size="sm"
            value={draft.title}
            maxLength={200}
            placeholder={t`请输入`}
            onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
          />
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '40' }}>
          <Field.Label fontSize="sm">
            <Trans>消息类型</Trans>
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.currentTarget.value })}>
              <option value="">{t`全部`}</option>
              {(types.data ?? []).map((item) => (
                <option key={item.code} value={item.code}>
                  {dictItemName(item, i18n.locale)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '32' }}>
          <Field.Label fontSize="sm">
            <Trans>状态</Trans>
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}>
              <option value="">{t`全部`}</option>
              <option value={MessageStatus.unread}>{t`未读`}</option>
              <option value={MessageStatus.read}>{t`已读`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchHeader>

      <Box bg="bg.panel" borderWidth="1px" borderRadius="l2" overflow="hidden">
        <Table.ScrollArea>
          <Table.Root size="sm" interactive data-testid="message-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>标题</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md" whiteSpace="nowrap">
                  <Trans>类型</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">
                  <Trans>状态</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md" whiteSpace="nowrap">
                  <Trans>时间</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                  <Trans>操作</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={5} textAlign="center" py="10" color="fg.muted">
                    {list.isPending ? <Trans>加载中…</Trans> : <Trans>暂无数据</Trans>}
                  </Table.Cell>
                </Table.Row>
              ) : (
                rows.map((row) => {
                  const unread = row.MESSAGE_STATUS === MessageStatus.unread;
                  const typeName = dictLabel(types.data, row.MESSAGE_TYPE, i18n.locale);
                  const time = formatMessageTime(row.CREATE_TIME, i18n.locale);
                  return (
                    <Table.Row key={row.MESSAGE_ID} data-testid="message-row" data-status={row.MESSAGE_STATUS}>
                      <Table.Cell minW="44">
                        <Button
                          variant="plain"
                          h="auto"
                          p="0"
                          whiteSpace="normal"
                          textAlign="start"
                          fontWeight={unread ? 'semibold' : 'normal'}
                          color="fg"
                          _hover={{ color: 'brand.fg', textDecoration: 'underline' }}
                          onClick={() => apply({ id: row.MESSAGE_ID })}
                        >
                          {row.MESSAGE_TITLE}
                        </Button>
                        <Text fontSize="xs" color="fg.muted" hideFrom="md" mt="0.5">
                          {typeName} · {time}
                        </Text>
                      </Table.Cell>
                      <Table.Cell hideBelow="md" whiteSpace="nowrap">
                        {typeName}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        <Badge colorPalette={unread ? 'red' : 'gray'} variant={unread ? 'solid' : 'subtle'}>
                          {unread ? t`未读` : t`已读`}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell hideBelow="md" whiteSpace="nowrap" color="fg.muted">
                        <time dateTime={row.CREATE_TIME}>{time}</time>
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        <HStack gap="1" justify="flex-end">
                          <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => apply({ id: row.MESSAGE_ID })}>
                            <Trans>查看</Trans>
                          </Button>
                          {linkKind(row.MESSAGE_LINK) && (
                            <Button size="xs" variant="ghost" colorPalette="brand" hideBelow="sm" onClick={() => void openLink(row)}>
                              <Trans>打开链接</Trans>
                            </Button>
                          )}
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  );
                })
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Box borderTopWidth="1px" px="3" py="3">
          <TablePager
            total={total}
            page={request.page}
            size={request.size}
            disabled={list.isFetching && list.isPlaceholderData}
            onChange={(page, size) => apply({ page, size })}
          />
        </Box>
      </Box>

      <MessageDetailDialog messageId={search.id ?? null} onClose={() => apply({ id: undefined })} />
    </Stack>
  );
}
