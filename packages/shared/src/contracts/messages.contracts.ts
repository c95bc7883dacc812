import { defineContract } from '../contract.js';
import {
  messageBodySchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  readAllMessagesSchema,
  unreadMessagesQuerySchema,
  unreadMessagesSchema,
} from '../message.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['messages'];

export const list = defineContract({
  method: 'GET',
  path: '/api/messages',
  access: 'signedIn',
  tags,
  summary:
    'Messages, newest first, with the caller’s read state: global and addressed to the caller (admins: all, narrowed by `scope`)',
  query: messageListQuerySchema,
  response: messageListSchema,
});

export const unread = defineContract({
  method: 'GET',
  path: '/api/messages/unread',
  access: 'signedIn',
  tags,
  summary: 'The caller’s unread count and newest unread messages (the notification bell)',
  query: unreadMessagesQuerySchema,
  response: unreadMessagesSchema,
});

export const create = defineContract({
  method: 'POST',
  path: '/api/messages',
  // Non-admins are refused with the area's own wording by the service.
  access: 'signedIn',
  tags,
  summary: 'Send a message: global, or to one account by email or id (admin)',
  body: messageBodySchema,
  status: 201,
  response: messageSchema,
  errors: [
    'ONLY_ADMINS_CREATE_MESSAGES',
    'USER_NOT_FOUND',
    'MESSAGE_TITLE_REQUIRED',
    'MESSAGE_TITLE_TOO_LONG',
    'MESSAGE_CONTENT_REQUIRED',
    'MESSAGE_CONTENT_TOO_LONG',
    'MESSAGE_RECIPIENT_REQUIRED',
  ],
});

export const readAll = defineContract({
  method: 'POST',
  path: '/api/messages/read-all',
  access: 'signedIn',
  tags,
  summary: 'Mark every message of the caller’s inbox read',
  response: readAllMessagesSchema,
});

export const get = defineContract({
  method: 'GET',
  path: '/api/messages/:id',
  access: 'signedIn',
  tags,
  summary: 'One message (its recipient, everyone for a global one, admins)',
  params: idParamsSchema,
  response: messageSchema,
  errors: ['MESSAGE_NOT_FOUND'],
});

export const markRead = defineContract({
  method: 'POST',
  path: '/api/messages/:id/read',
  access: 'signedIn',
  tags,
  summary: 'Mark a message of the caller’s inbox read (for the caller only)',
  params: idParamsSchema,
  response: messageSchema,
  errors: ['MESSAGE_NOT_FOUND'],
});

export const remove = defineContract({
  method: 'DELETE',
  path: '/api/messages/:id',
  access: 'admin',
  tags,
  summary: 'Delete a message (admin)',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['MESSAGE_NOT_FOUND'],
});
