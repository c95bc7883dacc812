import { ticketContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { readTextAndFile, registerUploadRoutes, sendStoredFile } from './attachment-http.js';
import { getSetupStatus } from './ticket-setup.service.js';
import {
  addReply,
  countUnreadTickets,
  createTicket,
  deleteTicket,
  getAttachment,
  getMailPreference,
  getTicket,
  listAssignees,
  listReplies,
  listTickets,
  setMailPreference,
  updateTicket,
} from './tickets.service.js';

export function registerTicketRoutes(app: App, ctx: AppContext): void {
  // Multipart is parsed only here (reply attachments), not across the whole API.
  registerUploadRoutes(app, (uploads) => registerRoutes(uploads, ctx));
}

function registerRoutes(app: App, ctx: AppContext): void {
  const c = ticketContracts;
  route(app, ctx, c.list, ({ actor, query }) => listTickets(ctx, actor, query));
  route(app, ctx, c.create, ({ actor, body }) => createTicket(ctx, actor, body));
  route(app, ctx, c.unreadCount, ({ actor }) => countUnreadTickets(ctx, actor));
  route(app, ctx, c.assignees, ({ actor }) => listAssignees(ctx, actor));
  route(app, ctx, c.setupStatus, ({ actor }) => getSetupStatus(ctx, actor));
  route(app, ctx, c.getMailPreference, ({ actor }) => getMailPreference(ctx, actor));
  route(app, ctx, c.setMailPreference, ({ actor, body }) => setMailPreference(ctx, actor, body));
  route(app, ctx, c.get, ({ actor, params }) => getTicket(ctx, actor, params.id));
  route(app, ctx, c.update, ({ actor, params, body }) => updateTicket(ctx, actor, params.id, body));
  route(app, ctx, c.remove, ({ actor, params }) => deleteTicket(ctx, actor, params.id));
  route(app, ctx, c.listReplies, ({ actor, params }) => listReplies(ctx, actor, params.id));
  route(app, ctx, c.addReply, ({ actor, params, request }) =>
    addReply(ctx, actor, params.id, async () => {
      const { text, file } = await readTextAndFile(request, 'content');
      return { content: text, file };
    }),
  );
  route(app, ctx, c.downloadAttachment, async ({ actor, params, reply }) => {
    const file = await getAttachment(ctx, actor, params.id, params.attachmentId);
    return sendStoredFile(reply, file);
  });
}
