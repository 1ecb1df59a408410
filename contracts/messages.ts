import type { MessageTextParams } from './message-texts';
import { z } from 'zod';

/**
 * Message centre (SPEC §2 "Message bell", §3 "Message", §7). A message goes to one or more
 * recipients; each recipient reads it on their own ('0' unread → '1' read when opened).
 */

export const MessageStatus = { unread: '0', read: '1' } as const;
export type MessageStatus = (typeof MessageStatus)[keyof typeof MessageStatus];

/** Permission of the bell, the message centre and every message call (SPEC §2). */
export const MESSAGE_PERMISSION = 'messageCenter_xxzx';

/** The dictionary type holding message types (`POST /dicts` with typeArr [MESSAGE_TYPE_DICT]). */
export const MESSAGE_TYPE_DICT = 'STD_XB_XXLX';

/** SPEC §2/§9: the bell lists 10 unread messages and shows at most 99 on its badge. */
export const BELL_LIST_SIZE = 10;
export const BELL_BADGE_MAX = 99;

export const MESSAGE_TITLE_MAX = 200;
/** Upper bound of stored message HTML (after sanitising), in characters. */
export const MESSAGE_CONTENT_MAX = 100_000;

/**
 * A message link is an in-app path ('/messageCenter/xxzx', '/dashboard?tab=1') or ''. Absolute
 * addresses, protocol-relative '//host' and anything with a scheme are not links here.
 */
export const isInAppPath = (link: string): boolean => /^\/(?![/\\])[^\s]*$/.test(link);

/**
 * `POST /api/message/info/getInfoByRecipient`, form: the caller's own messages.
 * `page` is zero-based like every `page`/`size` pair of the SPEC (people search, language list);
 * `title` matches part of the title, case-insensitively; `status` and `type` '' mean any.
 */
export const messageListRequest = z.object({
  title: z.string().trim().max(MESSAGE_TITLE_MAX).default(''),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(500).default(10),
  status: z.enum(['', MessageStatus.unread, MessageStatus.read]).default(''),
  type: z.string().trim().max(64).regex(/^[A-Za-z0-9_.-]*$/).default(''),
});
export type MessageListRequest = z.infer<typeof messageListRequest>;

/** One message as the caller sees it (their own read status). */
export interface MessageRow {
  MESSAGE_ID: string;
  /** an entry code of the MESSAGE_TYPE_DICT dictionary */
  MESSAGE_TYPE: string;
  MESSAGE_TITLE: string;
  /** in-app path or '' */
  MESSAGE_LINK: string;
  MESSAGE_STATUS: MessageStatus;
  /** ISO 8601 */
  CREATE_TIME: string;
  /** ISO 8601, null while unread */
  READ_TIME: string | null;
  /** who sent it; '' for the system */
  SENDER_NAME: string;
  /** a system message: its key of contracts/message-texts.ts and parameters, rendered in the reader's language (MESSAGE_TITLE is the Chinese text, for older clients and the title search); null otherwise; absent in rows cached before */
  MESSAGE_KEY?: string | null;
  MESSAGE_PARAMS?: MessageTextParams | null;
}

/**
 * `data` of getInfoByRecipient: `count.COUNT` is the number of the caller's messages matching the
 * filters (with status '0': the unread total the bell shows), `result` the page, newest first.
 */
export interface MessageListData {
  count: { COUNT: number };
  result: MessageRow[];
}

/** `POST /api/message/info/getInfoById`, form `id`: marks it read for the caller. */
export const messageDetailRequest = z.object({ id: z.uuid() });
export type MessageDetailRequest = z.infer<typeof messageDetailRequest>;

export interface MessageDetail extends MessageRow {
  /** sanitised HTML */
  MESSAGE_CONTENT: string;
}

export interface MessageDetailData {
  obj: MessageDetail;
}
