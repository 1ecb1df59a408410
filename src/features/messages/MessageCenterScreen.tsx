import { Badge, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { MessageStatus, type MessageRow } from '../../../contracts/messages';
import { SearchHeader } from '../../components/SearchHeader';
import { DataTable, type DataTableColumn } from '../../components/table/DataTable';
import { dictItemName, dictLabel } from '../../lib/dicts';
import { markMessageRead, messageListQuery, messageTypesQuery } from './api';
import { formatMessageTime, linkKind, messageTitle } from './format';
import { useFailureToast } from '../../lib/notify';
import { MessageDetailDialog } from './MessageDetailDialog';
import { compactSearch, listRequestOf, type MessageCenterSearch } from './search';

const messageKey = (row: MessageRow) => row.MESSAGE_ID;
const messageRowProps = (row: MessageRow) => ({ 'data-testid': 'message-row', 'data-status': row.MESSAGE_STATUS });

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

  const columns = useMemo((): DataTableColumn<MessageRow>[] => {
    const open = (row: MessageRow) => onSearchChange(compactSearch({ ...search, id: row.MESSAGE_ID }), undefined);
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
    const typeName = (row: MessageRow) => dictLabel(types.data, row.MESSAGE_TYPE, i18n.locale);
    const time = (row: MessageRow) => formatMessageTime(row.CREATE_TIME, i18n.locale);
    return [
      {
        key: 'MESSAGE_TITLE',
        title: t`标题`,
        minWidth: '11rem',
        render: (row) => (
          <>
            <Button
              variant="plain"
              h="auto"
              p="0"
              whiteSpace="normal"
              textAlign="start"
              fontWeight={row.MESSAGE_STATUS === MessageStatus.unread ? 'semibold' : 'normal'}
              color="fg"
              _hover={{ color: 'brand.fg', textDecoration: 'underline' }}
              onClick={() => open(row)}
            >
              {messageTitle(row, i18n.locale)}
            </Button>
            <Text fontSize="xs" color="fg.muted" hideFrom="md" mt="0.5">
              {typeName(row)} · {time(row)}
            </Text>
          </>
        ),
      },
      { key: 'MESSAGE_TYPE', title: t`类型`, hideBelow: 'md', nowrap: true, render: typeName },
      {
        key: 'MESSAGE_STATUS',
        title: t`状态`,
        nowrap: true,
        render: (row) => {
          const unread = row.MESSAGE_STATUS === MessageStatus.unread;
          return (
            <Badge colorPalette={unread ? 'red' : 'gray'} variant={unread ? 'solid' : 'subtle'}>
              {unread ? t`未读` : t`已读`}
            </Badge>
          );
        },
      },
      {
        key: 'CREATE_TIME',
        title: t`时间`,
        hideBelow: 'md',
        nowrap: true,
        muted: true,
        render: (row) => <time dateTime={row.CREATE_TIME}>{time(row)}</time>,
      },
      {
        key: 'actions',
        title: t`操作`,
        align: 'end',
        nowrap: true,
        render: (row) => (
          <HStack gap="1" justify="flex-end">
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => open(row)}>
              <Trans>查看</Trans>
            </Button>
            {linkKind(row.MESSAGE_LINK) && (
              <Button size="xs" variant="ghost" colorPalette="brand" hideBelow="sm" onClick={() => void openLink(row)}>
                <Trans>打开链接</Trans>
              </Button>
            )}
          </HStack>
        ),
      },
    ];
  }, [t, i18n.locale, types.data, search, onSearchChange, queryClient, navigate]);

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

      <DataTable
        data-testid="message-table"
        columns={columns}
        rows={rows}
        total={total}
        page={request.page}
        size={request.size}
        loading={list.isPending}
        refreshing={list.isFetching && list.isPlaceholderData}
        rowKey={messageKey}
        rowProps={messageRowProps}
        onPageChange={(page, size) => apply({ page, size })}
      />

      <MessageDetailDialog messageId={search.id ?? null} onClose={() => apply({ id: undefined })} />
    </Stack>
  );
}
