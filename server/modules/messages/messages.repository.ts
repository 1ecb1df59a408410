import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../users/users.table';
import { messageRecipients, messages } from './messages.table';

export interface RecipientFilters {
  userId: string;
  /** part of the title, matched case-insensitively; '' any */
  title: string;
  /** '' any */
  status: '' | '0' | '1';
  /** '' any */
  type: string;
}

/** LIKE pattern for "contains": %, _ and \ in the text match themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const joinMessage = and(eq(messages.tenantId, messageRecipients.tenantId), eq(messages.id, messageRecipients.messageId));
const joinSender = and(eq(users.tenantId, messages.tenantId), eq(users.id, messages.senderId));

function recipientWhere(filters: RecipientFilters): SQL | undefined {
  return and(
    eq(messageRecipients.userId, filters.userId),
    filters.status ? eq(messageRecipients.status, filters.status) : undefined,
    filters.type ? eq(messages.type, filters.type) : undefined,
    filters.title ? ilike(messages.title, containsPattern(filters.title)) : undefined,
  );
}

const rowColumns = {
  id: messages.id,
  type: messages.type,
  title: messages.title,
  link: messages.link,
  createdAt: messages.createdAt,
  status: messageRecipients.status,
  readAt: messageRecipients.readAt,
  senderName: sql<string>`coalesce(${users.name}, '')`,
  messageKey: messages.messageKey,
  messageParams: messages.messageParams,
};

export type RecipientRow = {
  id: string;
  type: string;
  title: string;
  link: string;
  createdAt: Date;
  status: '0' | '1';
  readAt: Date | null;
  senderName: string;
  messageKey: string | null;
  messageParams: Record<string, string | { zh: string; en: string }> | null;
};

export interface NewMessage {
  tenantId: string;
  id: string;
  type: string;
  title: string;
  content: string;
  link: string;
  senderId: string | null;
  messageKey?: string | null;
  messageParams?: Record<string, string | { zh: string; en: string }> | null;
}

// Tenant scoping comes from row-level security; the recipient (the caller) is always in the WHERE.
export const messagesRepository = {
  countForRecipient: (tx: Tx, filters: RecipientFilters) =>
    tx
      .select({ n: count() })
      .from(messageRecipients)
      .innerJoin(messages, joinMessage)
      .where(recipientWhere(filters))
      .then((rows) => rows[0]?.n ?? 0),

  pageForRecipient: (tx: Tx, filters: RecipientFilters, offset: number, limit: number): Promise<RecipientRow[]> =>
    tx
      .select(rowColumns)
      .from(messageRecipients)
      .innerJoin(messages, joinMessage)
      .leftJoin(users, joinSender)
      .where(recipientWhere(filters))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .offset(offset)
      .limit(limit),

  findForRecipient: (tx: Tx, messageId: string, userId: string) =>
    tx
      .select({ ...rowColumns, content: messages.content })
      .from(messageRecipients)
      .innerJoin(messages, joinMessage)
      .leftJoin(users, joinSender)
      .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.userId, userId)))
      .limit(1)
      .then((rows) => rows[0]),

  /** Unread → read for one recipient; returns the read time, or undefined when it was read already. */
  markRead: (tx: Tx, messageId: string, userId: string) =>
    tx
      .update(messageRecipients)
      .set({
        status: '1',
        readAt: sql`now()`,
        updatedAt: sql`now()`,
        updatedBy: userId,
        version: sql`${messageRecipients.version} + 1`,
      })
      .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.userId, userId), eq(messageRecipients.status, '0')))
      .returning({ readAt: messageRecipients.readAt })
      .then((rows) => rows[0]?.readAt ?? undefined),

  insertMessage: (tx: Tx, message: NewMessage, recipientIds: readonly string[]) =>
    tx
      .insert(messages)
      .values({ ...message, createdBy: message.senderId, updatedBy: message.senderId })
      .then(() =>
        tx
          .insert(messageRecipients)
          .values(recipientIds.map((userId) => ({ tenantId: message.tenantId, messageId: message.id, userId, createdBy: message.senderId }))),
      ),
};
