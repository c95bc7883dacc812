import {
  formatErrorMessage,
  ticketAcceptsReplies,
  ticketReplyCreateBodySchema,
  type ListResponse,
  type Ticket,
  type TicketAssignee,
  type TicketAttachmentType,
  type TicketCreateBody,
  type TicketDetail,
  type TicketListQuery,
  type TicketMailPreference,
  type TicketPatchBody,
  type TicketReply,
} from '@linedesk/shared';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { AppError, isErrorCode } from '../../platform/errors.js';
import { detectAttachmentType, safeFileName } from './attachment-type.js';
import { attachmentStoresFor } from './attachment-storage.js';
import { channelSwitch, setChannelSwitch } from '../notifications/notification-preferences.service.js';
import { announceNotices, type Notified } from '../notifications/notify.js';
import { ticketAccess } from './ticket-access.js';
import { notifyReply } from './ticket-reply-notice.js';
import { attachmentUrl, toReply, toTicket } from './ticket-mapper.js';
import { ticketsRepository, type TicketRow } from './tickets.repository.js';
import type { UploadedFile } from './attachment-http.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';

/** Admins receive every ticket event (audience = owner; the bus always includes admins). */
async function publish(
  ctx: AppContext,
  table: 'tickets' | 'ticket_replies',
  action: 'insert' | 'update' | 'delete',
  ticket: { id: number; userId: string },
) {
  await ctx.bus.publish({ table, action, id: String(ticket.id), audience: [ticket.userId] });
}

async function findVisible(ctx: AppContext, actor: Actor, id: number): Promise<TicketRow> {
  const row = await ticketsRepository.findById(ctx.db, id, ticketAccess.side(actor));
  return ticketAccess.visibleOrNotFound(actor, row);
}

export async function listTickets(
  ctx: AppContext,
  actor: Actor,
  query: TicketListQuery,
): Promise<ListResponse<Ticket>> {
  const side = ticketAccess.side(actor);
  const { rows, total } = await ticketsRepository.list(
    ctx.db,
    side,
    {
      // Users see only their own tickets; admins handle all of them, a scoped staff member its subtree's.
      userId: actor.isAdmin ? undefined : actor.id,
      treeId: access.staffTree(actor) ?? undefined,
      status: query.status,
      priority: query.priority,
      category: query.category,
      assignedTo: actor.isAdmin ? query.assigned_to : undefined,
      active: query.active,
      search: query.search,
    },
    {
      sort: query.sort,
      order: query.order,
      ...pageWindow(query),
    },
  );
  return pageOf(query, { rows, total }, (row) => toTicket(row, side));
}

export async function createTicket(ctx: AppContext, actor: Actor, body: TicketCreateBody): Promise<Ticket> {
  let id: number;
  try {
    // A new ticket is open and waits, unread, for an admin.
    id = await ticketsRepository.insert(ctx.db, {
      title: body.title,
      description: body.description,
      priority: body.priority,
      category: body.category,
      userId: actor.id,
      status: 'open',
      isRead: false,
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'Ticket insert failed');
    throw new AppError('TICKET_CREATE_FAILED', {
      params: { reason: 'the database refused it' },
    });
  }
  await publish(ctx, 'tickets', 'insert', { id, userId: actor.id });
  return toTicket(
    (await ticketsRepository.findById(ctx.db, id, ticketAccess.side(actor)))!,
    ticketAccess.side(actor),
  );
}

/**
 * Opening a ticket: the caller's side has now read everything the other side wrote, and for admins
 * the ticket itself is no longer new. An event goes out only when something really changed.
 */
async function markOpened(ctx: AppContext, actor: Actor, ticket: TicketRow): Promise<void> {
  const changed = await ctx.db.transaction(async (tx) => {
    const seen = actor.isAdmin && (await ticketsRepository.markTicketRead(tx, ticket.id));
    const read = await ticketsRepository.markRepliesRead(tx, ticket.id, ticketAccess.side(actor));
    return seen || read;
  });
  if (changed) await publish(ctx, 'tickets', 'update', ticket);
}

export async function getTicket(ctx: AppContext, actor: Actor, id: number): Promise<TicketDetail> {
  const side = ticketAccess.side(actor);
  const found = await findVisible(ctx, actor, id);
  await markOpened(ctx, actor, found);
  // The ticket's state and its replies from one snapshot: a reply posted between two reads showed an
  // answered ticket without its answer.
  const [row, replies] = await inOneSnapshot(ctx.db, [
    (tx) => ticketsRepository.findById(tx, id, side),
    (tx) => ticketsRepository.listReplies(tx, id),
  ]);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return { ...toTicket(row, side), replies: replies.map(toReply) };
}

export async function updateTicket(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: TicketPatchBody,
): Promise<Ticket> {
  const side = ticketAccess.side(actor);
  const ticket = await findVisible(ctx, actor, id);
  if (!actor.isAdmin) {
    // The owner may close their ticket, and reopen it once closed; everything else is the admins'.
    const onlyStatus = patch.priority === undefined && patch.assigned_to === undefined;
    const allowed = patch.status === 'closed' || (patch.status === 'open' && ticket.status === 'closed');
    if (!onlyStatus || !allowed) throw new AppError('TICKET_OWNER_CLOSE_REOPEN_ONLY');
  }
  if (patch.assigned_to) {
    const [admin] = await ticketsRepository.listAdmins(ctx.db, [patch.assigned_to]);
    if (!admin) throw new AppError('TICKET_ASSIGNEE_NOT_ADMIN');
  }
  await ticketsRepository.update(ctx.db, id, {
    status: patch.status,
    priority: patch.priority,
    assignedTo: patch.assigned_to,
  });
  await publish(ctx, 'tickets', 'update', ticket);
  return toTicket((await ticketsRepository.findById(ctx.db, id, side))!, side);
}

export async function deleteTicket(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!actor.isAdmin) {
    // Owners learn that only admins delete; others learn nothing about the ticket.
    await findVisible(ctx, actor, id);
    throw new AppError('ADMIN_ONLY');
  }
  const ticket = await ticketsRepository.findOwner(ctx.db, id);
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  const attachments = await ticketsRepository.listAttachments(ctx.db, id);
  if (!(await ticketsRepository.delete(ctx.db, id))) throw new AppError('TICKET_NOT_FOUND');
  for (const attachment of attachments) {
    const store = attachmentStoresFor(ctx).of(attachment.storage);
    await store?.delete(attachment.storageKey).catch((error: unknown) => {
      ctx.log.error({ err: error, attachmentId: attachment.id }, 'Could not delete a ticket attachment file');
    });
  }
  await publish(ctx, 'tickets', 'delete', ticket);
}

export async function listReplies(ctx: AppContext, actor: Actor, id: number): Promise<TicketReply[]> {
  const ticket = await findVisible(ctx, actor, id);
  await markOpened(ctx, actor, ticket);
  return (await ticketsRepository.listReplies(ctx.db, id)).map(toReply);
}

export type ReplyInput = { content: string; file: UploadedFile | null };

/** Validates a reply's text; an attachment alone is a reply too. */
function checkContent(content: unknown, hasFile: boolean): string {
  const text = typeof content === 'string' ? content.trim() : '';
  if (text === '' && hasFile) return '';
  const parsed = ticketReplyCreateBodySchema.safeParse({ content });
  if (!parsed.success) {
    const code = parsed.error.issues.map((i) => i.message).find(isErrorCode);
    if (code) throw new AppError(code);
    throw new AppError('VALIDATION', {
      message: `${formatErrorMessage('VALIDATION')}: content ${parsed.error.issues[0]?.message ?? ''}`.trim(),
    });
  }
  return parsed.data.content;
}

/**
 * `readInput` runs only after the access check, so an upload to a ticket the caller may not reply to
 * is never read or stored.
 */
export async function addReply(
  ctx: AppContext,
  actor: Actor,
  id: number,
  readInput: () => Promise<{ content: unknown; file: UploadedFile | null }>,
): Promise<TicketReply> {
  const ticket = ticketAccess.mayReply(actor, await ticketsRepository.findOwner(ctx.db, id));
  if (!ticketAcceptsReplies(ticket.status)) throw new AppError('TICKET_CLOSED');
  const input = await readInput();
  const content = checkContent(input.content, input.file !== null);

  let attachment: {
    id: string;
    type: TicketAttachmentType;
    fileName: string;
    key: string;
    size: number;
  } | null = null;
  const store = attachmentStoresFor(ctx).current;
  if (input.file) {
    const type = detectAttachmentType(input.file.bytes);
    if (!type) throw new AppError('ATTACHMENT_TYPE_NOT_ALLOWED');
    attachment = {
      id: crypto.randomUUID(),
      type,
      fileName: safeFileName(input.file.fileName, type),
      key: store.newKey(),
      size: input.file.bytes.length,
    };
    await store.put(attachment.key, input.file.bytes, type);
  }

  let replyId: number;
  let notified: Notified;
  try {
    // The reply, its file's row and the ticket's own state change together or not at all.
    replyId = await ctx.db.transaction(async (tx) => {
      // Every reply stamps the ticket; an admin's answer also takes an open ticket in progress. The
      // stamp comes first and skips a closed ticket: it holds the row until the commit, so a close
      // that arrived while the upload was read refuses the reply instead of burying it.
      if (!(await ticketsRepository.touchAfterReply(tx, ticket.id, actor.isAdmin))) {
        throw new AppError('TICKET_CLOSED');
      }
      const newId = await ticketsRepository.insertReply(tx, {
        ticketId: ticket.id,
        userId: actor.id,
        isAdmin: actor.isAdmin,
        content,
        attachmentUrl: attachment && attachmentUrl(ticket.id, attachment.id),
      });
      if (attachment) {
        await ticketsRepository.insertAttachment(tx, {
          id: attachment.id,
          ticketId: ticket.id,
          replyId: newId,
          storage: store.kind,
          storageKey: attachment.key,
          fileName: attachment.fileName,
          contentType: attachment.type,
          size: attachment.size,
          createdBy: actor.id,
        });
      }
      notified = await notifyReply(ctx, tx, {
        ticketId: ticket.id,
        authorId: actor.id,
        byAdmin: actor.isAdmin,
      });
      return newId;
    });
  } catch (error) {
    // The ticket may have been deleted meanwhile; don't leave an orphaned file behind.
    if (attachment) await store.delete(attachment.key).catch(() => undefined);
    if (!(await ticketsRepository.findOwner(ctx.db, id))) ticketAccess.mayReply(actor, undefined);
    throw error;
  }

  await publish(ctx, 'ticket_replies', 'insert', ticket);
  await publish(ctx, 'tickets', 'update', ticket);
  await announceNotices(ctx, notified!);
  return toReply((await ticketsRepository.findReply(ctx.db, replyId))!);
}

export type AttachmentDownload = {
  stream: Readable;
  contentType: string;
  fileName: string;
  size: number;
};

export async function getAttachment(
  ctx: AppContext,
  actor: Actor,
  ticketId: number,
  attachmentId: string,
): Promise<AttachmentDownload> {
  await findVisible(ctx, actor, ticketId);
  const row = await ticketsRepository.findAttachment(ctx.db, ticketId, attachmentId);
  if (!row) throw new AppError('ATTACHMENT_NOT_FOUND');
  const stream = await attachmentStoresFor(ctx).of(row.storage)?.get(row.storageKey);
  if (!stream) {
    ctx.log.error({ attachmentId: row.id, storage: row.storage }, 'Ticket attachment file is missing');
    throw new AppError('ATTACHMENT_NOT_FOUND');
  }
  return { stream, contentType: row.contentType, fileName: row.fileName, size: row.size };
}

export async function countUnreadTickets(ctx: AppContext, actor: Actor): Promise<{ count: number }> {
  const side = ticketAccess.side(actor);
  return {
    count: await ticketsRepository.countUnread(ctx.db, side, side === 'admin' ? undefined : actor.id),
  };
}

export async function listAssignees(ctx: AppContext, actor: Actor): Promise<TicketAssignee[]> {
  if (!actor.isAdmin) throw new AppError('ADMIN_ONLY');
  return (await ticketsRepository.listAdmins(ctx.db)).map((a) => ({ id: a.id, email: a.email }));
}

/** The ticket page's mail switch is the Notifications page's `ticket_answered` × email switch. */
export async function getMailPreference(ctx: AppContext, actor: Actor): Promise<TicketMailPreference> {
  return { ticket_reply_mail: await channelSwitch(ctx, actor.id, 'ticket_answered', 'email') };
}

export async function setMailPreference(
  ctx: AppContext,
  actor: Actor,
  body: TicketMailPreference,
): Promise<TicketMailPreference> {
  await setChannelSwitch(ctx, actor.id, 'ticket_answered', 'email', body.ticket_reply_mail);
  await ctx.bus.publish({ table: 'auth_users', action: 'update', id: actor.id, audience: [actor.id] });
  return { ticket_reply_mail: await channelSwitch(ctx, actor.id, 'ticket_answered', 'email') };
}
