import type {
  ChangeEvent,
  Message,
  MessageList,
  MessageListQuery,
  NewMessage,
  UnreadMessages,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { recipientLanguages } from '../locale/account-language.service.js';
import { toMessage, type MessageReader } from './message-mapper.js';
import { messagesRepository, type MessageRow } from './messages.repository.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';

function inInbox(actor: Actor, row: { isGlobal: boolean; recipientId: string | null }): boolean {
  return row.isGlobal || row.recipientId === actor.id;
}

/** Who hears about a message: everyone for a global one, its recipient for a direct one (admins always). */
function audienceOf(row: { isGlobal: boolean; recipientId: string | null }): ChangeEvent['audience'] {
  return row.isGlobal ? 'all' : row.recipientId ? [row.recipientId] : [];
}

/** The actor as a reader: panel messages are written in the language they read the panel in now. */
async function readerOf(ctx: AppContext, actor: Actor): Promise<MessageReader> {
  const language = (await recipientLanguages(ctx.db, [actor.id]))(actor.id);
  return { language, publicUrl: ctx.config.publicUrl };
}

/**
 * A message the actor may see: admins see all, everyone else their inbox. Anything else answers 404,
 * so ids reveal nothing about other people's direct messages.
 */
async function visibleMessage(ctx: AppContext, actor: Actor, id: number): Promise<MessageRow> {
  const row = await messagesRepository.findById(ctx.db, id, actor.id);
  if (!row || (!actor.isAdmin && !inInbox(actor, row))) throw new AppError('MESSAGE_NOT_FOUND');
  return row;
}

export async function listMessages(
  ctx: AppContext,
  actor: Actor,
  query: MessageListQuery,
): Promise<MessageList> {
  const scope = query.scope ?? 'all';
  const { rows, total } = await messagesRepository.list(ctx.db, {
    accountId: actor.id,
    inboxOnly: !actor.isAdmin || scope === 'mine',
    kind: scope === 'global' || scope === 'direct' ? scope : undefined,
    unreadOnly: query.filter === 'unread',
    ...pageWindow(query),
  });
  const reader = await readerOf(ctx, actor);
  return {
    ...pageOf(query, { rows, total }, (row) => toMessage(row, reader)),
    unread: await messagesRepository.countUnread(ctx.db, actor.id),
  };
}

export async function getUnreadMessages(
  ctx: AppContext,
  actor: Actor,
  limit: number,
): Promise<UnreadMessages> {
  // The count and the newest from one snapshot: a message sent between two reads on two connections
  // showed the bell a count its list did not hold.
  const [[count, newest], reader] = await Promise.all([
    inOneSnapshot(ctx.db, [
      (tx) => messagesRepository.countUnread(tx, actor.id),
      (tx) =>
        limit > 0
          ? messagesRepository.list(tx, {
              accountId: actor.id,
              inboxOnly: true,
              unreadOnly: true,
              limit,
              offset: 0,
            })
          : { rows: [] },
    ]),
    readerOf(ctx, actor),
  ]);
  return { count, items: newest.rows.map((row) => toMessage(row, reader)) };
}

export async function getMessage(ctx: AppContext, actor: Actor, id: number): Promise<Message> {
  return toMessage(await visibleMessage(ctx, actor, id), await readerOf(ctx, actor));
}

export async function createMessage(ctx: AppContext, actor: Actor, body: NewMessage): Promise<Message> {
  if (!actor.isAdmin) throw new AppError('ONLY_ADMINS_CREATE_MESSAGES');
  const isGlobal = body.is_global;
  let recipientId: string | null = null;
  if (!isGlobal) {
    const account = body.recipient_email
      ? await accountsRepository.findByEmail(ctx.db, body.recipient_email)
      : await accountsRepository.findById(ctx.db, body.recipient_id ?? '');
    if (!account) throw new AppError('USER_NOT_FOUND');
    recipientId = account.id;
  }
  const id = await ctx.db.transaction(async (tx) => {
    const created = await messagesRepository.insert(tx, {
      title: body.title,
      content: body.content,
      isGlobal,
      recipientId,
      createdBy: actor.id,
    });
    // The sender has read what they wrote; it must not light up their own bell.
    await messagesRepository.insertRead(tx, created, actor.id);
    return created;
  });
  await ctx.bus.publish({
    table: 'messages',
    action: 'insert',
    id: String(id),
    audience: audienceOf({ isGlobal, recipientId }),
  });
  return toMessage((await messagesRepository.findById(ctx.db, id, actor.id))!, await readerOf(ctx, actor));
}

/** Marks a message of the caller's own inbox read; other people's direct messages are not theirs to mark. */
export async function markMessageRead(ctx: AppContext, actor: Actor, id: number): Promise<Message> {
  const row = await messagesRepository.findById(ctx.db, id, actor.id);
  if (!row || !inInbox(actor, row)) throw new AppError('MESSAGE_NOT_FOUND');
  if (await messagesRepository.markRead(ctx.db, id, actor.id)) {
    // Only the reader's read state changed: their other tabs update, nobody else's bell moves.
    await ctx.bus.publish({ table: 'messages', action: 'update', id: String(id), audience: [actor.id] });
  }
  return { ...toMessage(row, await readerOf(ctx, actor)), is_read: true };
}

export async function markAllMessagesRead(ctx: AppContext, actor: Actor): Promise<{ marked: number }> {
  const marked = await messagesRepository.markAllRead(ctx.db, actor.id);
  if (marked > 0) {
    await ctx.bus.publish({ table: 'messages', action: 'update', id: 'all', audience: [actor.id] });
  }
  return { marked };
}

export async function deleteMessage(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await visibleMessage(ctx, actor, id);
  await messagesRepository.delete(ctx.db, id);
  await ctx.bus.publish({ table: 'messages', action: 'delete', id: String(id), audience: audienceOf(row) });
}
