import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../contracts/envelope';
import { MessageStatus, type MessageListRequest } from '../../../contracts/messages';

/**
 * URL search params of the message centre (/messageCenter/xxzx), so the list survives reloads and
 * tab switches. Every field is optional and a bad value is dropped (never an error page); defaults
 * stay out of the URL. `page` is zero-based, like the API's. `id` opens that message's detail.
 */
const isPageSize = (n: number) => (PAGE_SIZES as readonly number[]).includes(n);

// The router JSON-parses search values: a hand-typed ?status=0 or ?type=3 arrives as a number.
const text = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), schema);

export const messageCenterSearch = z.object({
  title: text(z.string().trim().max(200)).optional().catch(undefined),
  type: text(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/))
    .optional()
    .catch(undefined),
  status: text(z.enum([MessageStatus.unread, MessageStatus.read])).optional().catch(undefined),
  page: z.coerce.number().int().min(0).max(1_000_000).optional().catch(undefined),
  size: z.coerce.number().int().refine(isPageSize).optional().catch(undefined),
  id: z.uuid().optional().catch(undefined),
});
export type MessageCenterSearch = z.infer<typeof messageCenterSearch>;

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
