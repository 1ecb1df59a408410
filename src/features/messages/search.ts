import { DEFAULT_PAGE_SIZE } from '../../../contracts/envelope';
import { MessageStatus, type MessageListRequest } from '../../../contracts/messages';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../lib/search-params';

/**
 * URL search params of the message centre (/messageCenter/xxzx), so the list survives reloads and
 * tab switches. Every field is optional and a bad value is dropped (never an error page); defaults
 * stay out of the URL. `page` is zero-based, like the API's. `id` opens that message's detail.
 */
const fields = {
  title: searchField.text(200),
  type: searchField.pattern(/^[A-Za-z0-9_.-]{1,64}$/),
  status: searchField.oneOf([MessageStatus.unread, MessageStatus.read]),
  page: pageField,
  size: pageSizeField,
  id: searchField.uuid(),
};
export const messageCenterSearch = searchSchema(fields);
export type MessageCenterSearch = SearchOf<typeof fields>;

/** The list call a search stands for (defaults filled in). */
export const listRequestOf = (search: MessageCenterSearch): MessageListRequest => ({
  title: search.title ?? '',
  type: search.type ?? '',
  status: search.status ?? '',
  page: search.page ?? 0,
  size: search.size ?? DEFAULT_PAGE_SIZE,
});

/** Drops empty and default values, so the URL shows only what the user chose. */
export function compactSearch(search: MessageCenterSearch): MessageCenterSearch {
  return {
    title: search.title?.trim() || undefined,
    type: search.type || undefined,
    status: search.status || undefined,
    page: search.page ? search.page : undefined,
    size: search.size && search.size !== DEFAULT_PAGE_SIZE ? search.size : undefined,
    id: search.id || undefined,
  };
}
