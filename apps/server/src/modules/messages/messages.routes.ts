import {
  messageBodySchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  readAllMessagesSchema,
  unreadMessagesQuerySchema,
  unreadMessagesSchema,
  idParamsSchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import {
  createMessage,
  deleteMessage,
  getMessage,
  getUnreadMessages,
  listMessages,
  markAllMessagesRead,
  markMessageRead,
} from './messages.service.js';

const idParams = idParamsSchema;

export function registerMessageRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/messages',
    {
      schema: {
        tags: ['messages'],
        summary:
          'Messages, newest first, with the caller’s read state: global and addressed to the caller (admins: all, narrowed by `scope`)',
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema },
      },
    },
    async (request, reply) => listMessages(ctx, await getActor(ctx, request, reply), request.query),
  );

  app.get(
    '/api/messages/unread',
    {
      schema: {
        tags: ['messages'],
        summary: 'The caller’s unread count and newest unread messages (the notification bell)',
        querystring: unreadMessagesQuerySchema,
        response: { 200: unreadMessagesSchema },
      },
    },
    async (request, reply) =>
      getUnreadMessages(ctx, await getActor(ctx, request, reply), request.query.limit),
  );

  app.post(
    '/api/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Send a message: global, or to one account by email or id (admin)',
        body: messageBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const message = await createMessage(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/messages/read-all',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark every message of the caller’s inbox read',
        response: { 200: readAllMessagesSchema },
      },
    },
    async (request, reply) => markAllMessagesRead(ctx, await getActor(ctx, request, reply)),
  );

  app.get(
    '/api/messages/:id',
    {
      schema: {
        tags: ['messages'],
        summary: 'One message (its recipient, everyone for a global one, admins)',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => getMessage(ctx, await getActor(ctx, request, reply), request.params.id),
  );

  app.post(
    '/api/messages/:id/read',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark a message of the caller’s inbox read (for the caller only)',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => markMessageRead(ctx, await getActor(ctx, request, reply), request.params.id),
  );

  app.delete(
    '/api/messages/:id',
    { schema: { tags: ['messages'], summary: 'Delete a message (admin)', params: idParams } },
    async (request, reply) => {
      await deleteMessage(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
}
