import { messageContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import {
  createMessage,
  deleteMessage,
  getMessage,
  getUnreadMessages,
  listMessages,
  markAllMessagesRead,
  markMessageRead,
} from './messages.service.js';

export function registerMessageRoutes(app: App, ctx: AppContext): void {
  const c = messageContracts;
  route(app, ctx, c.list, ({ actor, query }) => listMessages(ctx, actor, query));
  route(app, ctx, c.unread, ({ actor, query }) => getUnreadMessages(ctx, actor, query.limit));
  route(app, ctx, c.create, ({ actor, body }) => createMessage(ctx, actor, body));
  route(app, ctx, c.readAll, ({ actor }) => markAllMessagesRead(ctx, actor));
  route(app, ctx, c.get, ({ actor, params }) => getMessage(ctx, actor, params.id));
  route(app, ctx, c.markRead, ({ actor, params }) => markMessageRead(ctx, actor, params.id));
  route(app, ctx, c.remove, ({ actor, params }) => deleteMessage(ctx, actor, params.id));
}
