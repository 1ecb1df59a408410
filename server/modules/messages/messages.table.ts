import { foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { users } from '../users/users.table';

/** '0' unread, '1' read (same values as contracts/messages.ts MessageStatus). */
export const MESSAGE_STATUSES = ['0', '1'] as const;

/** A message (SPEC §3): created_at is its CREATE_TIME. Content is sanitised HTML. */
export const messages = pgTable(
  'messages',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    /** entry code of the STD_XB_XXLX dictionary */
    type: text('type').notNull(),
    title: text('title').notNull(),
    /** sanitised HTML (sanitised again when read) */
    content: text('content').notNull().default(''),
    /** in-app path, or '' */
    link: text('link').notNull().default(''),
    /** null: sent by the system */
    senderId: uuid('sender_id'),
    /** a key of contracts/message-texts.ts: the reader's client renders title and body from it and its params; null: title and content as stored */
    messageKey: text('message_key'),
    messageParams: jsonb('message_params').$type<Record<string, string | { zh: string; en: string }>>(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'messages_sender_fk', columns: [t.tenantId, t.senderId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Who a message goes to, and whether each of them has read it. */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    tenantId: tenantIdColumn(),
    messageId: uuid('message_id').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('0'),
    readAt: timestamptz('read_at'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.messageId, t.userId] }),
    // the bell's unread count and every "my messages" page start from (tenant, user, status)
    index('message_recipients_tenant_user_status_idx').on(t.tenantId, t.userId, t.status),
    foreignKey({ name: 'message_recipients_message_fk', columns: [t.tenantId, t.messageId], foreignColumns: [messages.tenantId, messages.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'message_recipients_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
