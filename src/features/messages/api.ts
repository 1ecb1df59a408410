import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  BELL_LIST_SIZE,
  MESSAGE_TYPE_DICT,
  type MessageDetail,
  type MessageDetailData,
  type MessageListData,
  type MessageListRequest,
} from '../../../contracts/messages';
import { dictQuery } from '../../lib/dicts';
import { postForm } from '../../lib/http';

/** Query keys of the messages feature: every list (bell, card, centre) sits under `lists`. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  list: (input: MessageListRequest) => ['messages', 'list', input] as const,
  detail: (id: string) => ['messages', 'detail', id] as const,
};

/** `POST /api/message/info/getInfoByRecipient` (form; page zero-based): the caller's messages. */
export const messageListQuery = (input: MessageListRequest) =>
  queryOptions({
    queryKey: messageKeys.list(input),
    queryFn: ({ signal }) => postForm<MessageListData>('/api/message/info/getInfoByRecipient', { ...input }, { signal }),
    placeholderData: (previous) => previous,
  });

/** The bell's list: the 10 newest unread messages; `count.COUNT` is the unread total. */
export const unreadMessagesQuery = () =>
  queryOptions({
    ...messageListQuery({ status: '0', page: 0, size: BELL_LIST_SIZE, title: '', type: '' }),
    // new messages arrive without the user doing anything: look again every minute while open
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

/** Message types (the MESSAGE_TYPE_DICT dictionary) for labels and the type filter. */
export const messageTypesQuery = () => dictQuery(MESSAGE_TYPE_DICT);

/**
 * `POST /api/message/info/getInfoById` (form `id`): the message with its sanitised content. The
 * server marks it read, so every list (and the bell's count) is refreshed once it answered.
 */
export const messageDetailQuery = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: async ({ signal }): Promise<MessageDetail> => {
      const data = await postForm<MessageDetailData>('/api/message/info/getInfoById', { id }, { signal });
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
      return data.obj;
    },
    staleTime: 5 * 60_000,
  });

/** Opens a message without showing it (the list's "open link"): marks it read, refreshes the lists. */
export const markMessageRead = (queryClient: QueryClient, id: string) => queryClient.fetchQuery(messageDetailQuery(queryClient, id));
