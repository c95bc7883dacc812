import fastifyMultipart from '@fastify/multipart';
import {
  listResponseSchema,
  TICKET_ATTACHMENT_MAX_BYTES,
  ticketAssigneeSchema,
  ticketCreateBodySchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketMailPreferenceSchema,
  ticketPatchBodySchema,
  ticketReplySchema,
  ticketSchema,
  ticketSetupStatusSchema,
  ticketUnreadCountSchema,
  idParamsSchema,
} from '@linedesk/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
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

const idParams = idParamsSchema;
const attachmentParams = idParams.extend({ attachmentId: z.string().min(1).max(64) });
const tags = ['tickets'];

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
        file = { bytes, fileName: part.filename };
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

/** `attachment; filename=...` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function contentDisposition(type: string, fileName: string): string {
  const disposition = type.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
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
  app.get(
    '/api/tickets',
    {
      schema: {
        tags,
        summary: 'Tickets, newest first (users: their own; admins: all)',
        querystring: ticketListQuerySchema,
        response: { 200: listResponseSchema(ticketSchema) },
      },
    },
    async (request, reply) => listTickets(ctx, await getActor(ctx, request, reply), request.query),
  );
  app.post(
    '/api/tickets',
    {
      schema: {
        tags,
        summary: 'Open a ticket (status open, unread by admins)',
        body: ticketCreateBodySchema,
        response: { 201: ticketSchema },
      },
    },
    async (request, reply) => {
      const ticket = await createTicket(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(ticket);
    },
  );
  app.get(
    '/api/tickets/unread-count',
    {
      schema: {
        tags,
        summary: 'Tickets with something unread for the caller (navigation badge)',
        response: { 200: ticketUnreadCountSchema },
      },
    },
    async (request, reply) => countUnreadTickets(ctx, await getActor(ctx, request, reply)),
  );
  app.get(
    '/api/tickets/assignees',
    {
      schema: {
        tags,
        summary: 'Admin accounts a ticket can be assigned to (admin)',
        response: { 200: z.array(ticketAssigneeSchema) },
      },
    },
    async (request, reply) => listAssignees(ctx, await getActor(ctx, request, reply)),
  );
  app.get(
    '/api/tickets/setup-status',
    {
      schema: {
        tags,
        summary: 'Schema version, applied migrations and a rolled-back write/read test (admin)',
        response: { 200: ticketSetupStatusSchema },
      },
    },
    async (request, reply) => getSetupStatus(ctx, await getActor(ctx, request, reply)),
  );
  app.get(
    '/api/tickets/mail-preference',
    {
      schema: {
        tags,
        summary: "The caller's choice: a mail when the other side replies to a ticket",
        response: { 200: ticketMailPreferenceSchema },
      },
    },
    async (request, reply) => getMailPreference(ctx, await getActor(ctx, request, reply)),
  );
  app.put(
    '/api/tickets/mail-preference',
    {
      schema: {
        tags,
        summary: 'Turn reply mails on or off for the caller',
        body: ticketMailPreferenceSchema,
        response: { 200: ticketMailPreferenceSchema },
      },
    },
    async (request, reply) => setMailPreference(ctx, await getActor(ctx, request, reply), request.body),
  );
  app.get(
    '/api/tickets/:id',
    {
      schema: {
        tags,
        summary: "A ticket with its replies; marks the other side's replies read for the caller",
        params: idParams,
        response: { 200: ticketDetailSchema },
      },
    },
    async (request, reply) => getTicket(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.patch(
    '/api/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Admins: status, priority, assignee. Owner: close or reopen',
        params: idParams,
        body: ticketPatchBodySchema,
        response: { 200: ticketSchema },
      },
    },
    async (request, reply) =>
      updateTicket(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.delete(
    '/api/tickets/:id',
    { schema: { tags, summary: 'Delete a ticket with its replies and files (admin)', params: idParams } },
    async (request, reply) => {
      await deleteTicket(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/tickets/:id/replies',
    {
      schema: {
        tags,
        summary: 'Replies in order, oldest first (owner, admin)',
        params: idParams,
        response: { 200: z.array(ticketReplySchema) },
      },
    },
    async (request, reply) => listReplies(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.post(
    '/api/tickets/:id/replies',
    {
      schema: {
        tags,
        summary: 'Reply (owner, admin)',
        description:
          'JSON `{content}`, or multipart/form-data with a `content` field and a `file` (PNG, JPEG, GIF, WebP or PDF, at most 5 MB; the type is checked from the bytes).',
        params: idParams,
        response: { 201: ticketReplySchema },
      },
    },
    async (request, reply) => {
      const actor = await getActor(ctx, request, reply);
      const created = await addReply(ctx, actor, request.params.id, () => readReplyInput(request));
      return reply.status(201).send(created);
    },
  );
  app.get(
    '/api/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Download a reply attachment (owner, admin)',
        params: attachmentParams,
      },
    },
    async (request, reply) => {
      const file = await getAttachment(
        ctx,
        await getActor(ctx, request, reply),
        request.params.id,
        request.params.attachmentId,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.contentType, file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-cache')
        .send(file.stream);
    },
  );
}
