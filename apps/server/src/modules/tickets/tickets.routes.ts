import fastifyMultipart from '@fastify/multipart';
import { create as contentDispositionHeader } from 'content-disposition';
import { TICKET_ATTACHMENT_MAX_BYTES, ticketContracts } from '@linedesk/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
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
  type ReplyUpload,
} from './tickets.service.js';

/** A reply's text and optional file from a JSON body or a multipart form (`content`, `file`). */
async function readReplyInput(
  request: FastifyRequest,
): Promise<{ content: unknown; file: ReplyUpload | null }> {
  if (!request.isMultipart()) {
    const body = request.body as { content?: unknown } | null | undefined;
    return { content: body?.content, file: null };
  }
  let content: unknown;
  let file: ReplyUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'content') content = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      // A form's empty file input arrives as a nameless, empty file: no attachment.
      if (part.fieldname === 'file' && (bytes.length > 0 || part.filename)) {
        file = { bytes, fileName: part.filename && fromFormDataEscapes(part.filename) };
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError('ATTACHMENT_TOO_LARGE');
    }
    throw error;
  }
  return { content, file };
}

/**
 * Browsers (and fetch's FormData) send `"`, CR and LF in a file name as %22, %0D and %0A (the HTML
 * standard's multipart/form-data encoding), which busboy hands on as they are; read back, they are
 * dropped with the other quoting characters instead of staying in the name as escapes.
 */
function fromFormDataEscapes(fileName: string): string {
  return fileName.replace(/%(22|0D|0A)/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 6266: a quoted fallback name, and for a name beyond ISO-8859-1 its RFC 5987 `filename*`. */
function contentDisposition(type: string, fileName: string): string {
  return contentDispositionHeader(fileName, { type: type.startsWith('image/') ? 'inline' : 'attachment' });
}

export function registerTicketRoutes(app: App, ctx: AppContext): void {
  // Multipart is parsed only here (reply attachments), not across the whole API.
  void app.register(async (plugin) => {
    await plugin.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    registerRoutes(plugin.withTypeProvider<ZodTypeProvider>() as App, ctx);
  });
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
    addReply(ctx, actor, params.id, () => readReplyInput(request)),
  );
  route(app, ctx, c.downloadAttachment, async ({ actor, params, reply }) => {
    const file = await getAttachment(ctx, actor, params.id, params.attachmentId);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition(file.contentType, file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-cache')
      .send(file.stream);
  });
}
