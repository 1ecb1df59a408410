import { v7 as uuidv7 } from 'uuid';
import { ResponseCode } from '../../../contracts/envelope';
import {
  MESSAGE_CONTENT_MAX,
  MESSAGE_TITLE_MAX,
  type MessageDetailData,
  type MessageListData,
  type MessageListRequest,
  type MessageRow,
} from '../../../contracts/messages';
import type { Tx } from '../../db/client';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import { type MessageTextKey, type MessageTextParams, renderMessageText } from '../../../contracts/message-texts';
import { messagesRepository, type RecipientRow } from './messages.repository';
import { normaliseMessageLink, sanitizeMessageHtml } from './sanitize';

export interface SendMessageInput {
  /** entry code of the message-type dictionary */
  type: string;
  /** a system message: its text's key and parameters; title and content are then rendered from them in Chinese (older clients, the title search) */
  text?: { key: MessageTextKey; params: MessageTextParams };
  /** without `text`: the title and HTML content (sanitised here) */
  title?: string;
  content?: string;
  /** in-app path; anything else is dropped */
  link?: string;
  /** null: the system */
  senderId: string | null;
  recipientIds: readonly string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const toRow = (row: RecipientRow): MessageRow => ({
  MESSAGE_ID: row.id,
  MESSAGE_TYPE: row.type,
  MESSAGE_TITLE: row.title,
  MESSAGE_LINK: row.link,
  MESSAGE_STATUS: row.status,
  CREATE_TIME: row.createdAt.toISOString(),
  READ_TIME: row.readAt ? row.readAt.toISOString() : null,
  SENDER_NAME: row.senderName,
  MESSAGE_KEY: row.messageKey,
  MESSAGE_PARAMS: row.messageParams,
});

export class MessagesService {
  /**
   * `POST /api/message/info/getInfoByRecipient`: a page of the caller's own messages, newest
   * first, and how many match (status '0' alone: the unread total of the bell).
   */
  async listForRecipient(tx: Tx, session: Session, request: MessageListRequest): Promise<MessageListData> {
    const filters = { userId: session.userId, title: request.title, status: request.status, type: request.type };
    const total = await messagesRepository.countForRecipient(tx, filters);
    const offset = request.page * request.size;
    const rows = offset < total ? await messagesRepository.pageForRecipient(tx, filters, offset, request.size) : [];
    return { count: { COUNT: total }, result: rows.map(toRow) };
  }

  /**
   * `POST /api/message/info/getInfoById`: one of the caller's messages with its content, marked
   * read for the caller. Another user's or another school's message is "not found" (40400).
   */
  async openForRecipient(tx: Tx, session: Session, messageId: string): Promise<MessageDetailData> {
    const found = await messagesRepository.findForRecipient(tx, messageId, session.userId);
    if (!found) throw new AppError(ResponseCode.notFound, 'messageNotFound');
    let { status, readAt } = found;
    if (status === '0') {
      readAt = (await messagesRepository.markRead(tx, messageId, session.userId)) ?? readAt;
      status = '1';
    }
    return {
      obj: {
        ...toRow({ ...found, status, readAt }),
        // sanitised when written, and again here: stored HTML is never trusted as-is
        MESSAGE_CONTENT: sanitizeMessageHtml(found.content),
      },
    };
  }

  /**
   * Sends a message to users of the transaction's tenant (for other modules: leave approvals, score
   * release…). Content is sanitised, the link kept only when it is an in-app path. Returns its id.
   */
  async send(tx: Tx, tenantId: string, input: SendMessageInput): Promise<string> {
    const rendered = input.text ? renderMessageText(input.text.key, input.text.params, 'zh') : null;
    // a rendered title is cut (a long questionnaire title); a given one too long is refused
    const title = rendered ? rendered.title.slice(0, MESSAGE_TITLE_MAX).trim() : (input.title ?? '').trim();
    const content = rendered ? `<p>${escapeHtml(rendered.body)}</p>` : sanitizeMessageHtml(input.content ?? '');
    if (!title || title.length > MESSAGE_TITLE_MAX || content.length > MESSAGE_CONTENT_MAX || input.recipientIds.length === 0) {
      throw new AppError(ResponseCode.invalidInput, 'messageInvalid');
    }
    const id = uuidv7();
    await messagesRepository.insertMessage(
      tx,
      {
        tenantId,
        id,
        type: input.type,
        title,
        content,
        link: normaliseMessageLink(input.link),
        senderId: input.senderId,
        messageKey: input.text?.key ?? null,
        messageParams: input.text ? { ...input.text.params } : null,
      },
      [...new Set(input.recipientIds)],
    );
    return id;
  }
}
