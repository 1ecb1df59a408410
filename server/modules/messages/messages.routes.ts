import { MESSAGE_PERMISSION, messageDetailRequest, messageListRequest } from '../../../contracts/messages';
import { defineRoute, reads } from '../../plugins/define-route';

export const messagesRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/message/info/getInfoByRecipient',
    operation: reads('查询我的消息', 'My messages'),
    access: { anyOf: [MESSAGE_PERMISSION] },
    summary: "a page of the caller's messages (form title, page zero-based, size, status, type) → count.COUNT, result",
    body: messageListRequest,
    handler: ({ tx, session, body, services }) => services.messages.listForRecipient(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/message/info/getInfoById',
    operation: reads('查看消息', 'Read a message'),
    access: { anyOf: [MESSAGE_PERMISSION] },
    summary: "one of the caller's messages with its sanitised content (form id) → obj; marks it read",
    body: messageDetailRequest,
    handler: ({ tx, session, body, services }) => services.messages.openForRecipient(tx, session, body.id),
  }),
];
