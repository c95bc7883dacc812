import { and, asc, count, desc, eq, gt, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { authUsers, messageReads, messages } from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

const recipient = alias(authUsers, 'message_recipient');
const creator = alias(authUsers, 'message_creator');

export type MessageRow = {
  id: number;
  title: string;
  content: string;
  /** The panel text's code and values (message-texts.ts); null for a message a person wrote. */
  textCode: string | null;
  textParams: unknown;
  isGlobal: boolean;
  recipientId: string | null;
  recipientEmail: string | null;
  createdBy: string | null;
  createdByEmail: string | null;
  createdAt: Date;
  isRead: boolean;
};

/** Messages the account receives: the global ones and those addressed to it. */
function inboxOf(accountId: string): SQL {
  return or(eq(messages.isGlobal, true), eq(messages.recipientId, accountId)) as SQL;
}

function readBy(accountId: SQL | string): SQL {
  return sql`exists (select 1 from ${messageReads} where ${messageReads.messageId} = ${messages.id} and ${messageReads.accountId} = ${accountId})`;
}

/**
 * The caller's own read state for messages in their inbox; for someone else's direct message (only
 * admins get those) the recipient's, which is what an admin looking at it wants to know.
 */
function isReadFor(accountId: string): SQL<boolean> {
  return sql<boolean>`${readBy(
    sql`case when ${messages.isGlobal} or ${messages.recipientId} = ${accountId} then ${accountId}::text else ${messages.recipientId} end`,
  )}`;
}

function columns(accountId: string) {
  return {
    id: messages.id,
    title: messages.title,
    content: messages.content,
    textCode: messages.textCode,
    textParams: messages.textParams,
    isGlobal: messages.isGlobal,
    recipientId: messages.recipientId,
    recipientEmail: recipient.email,
    createdBy: messages.createdBy,
    createdByEmail: creator.email,
    createdAt: messages.createdAt,
    isRead: isReadFor(accountId).mapWith(Boolean),
  };
}

export type MessageListInput = {
  /** Whose read state `isRead` and `unreadOnly` refer to. */
  accountId: string;
  /** Only the account's inbox (plain users always; admins when they ask for it). */
  inboxOnly: boolean;
  kind?: 'global' | 'direct';
  unreadOnly: boolean;
  limit: number;
  offset: number;
};

function listWhere(input: Omit<MessageListInput, 'limit' | 'offset'>): SQL | undefined {
  const filters: SQL[] = [];
  if (input.inboxOnly || input.unreadOnly) filters.push(inboxOf(input.accountId));
  if (input.kind === 'global') filters.push(eq(messages.isGlobal, true));
  if (input.kind === 'direct') filters.push(eq(messages.isGlobal, false));
  if (input.unreadOnly) filters.push(not(readBy(input.accountId)));
  return filters.length ? and(...filters) : undefined;
}

export const messagesRepository = {
  async list(db: Db, input: MessageListInput): Promise<{ rows: MessageRow[]; total: number }> {
    const where = listWhere(input);
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select(columns(input.accountId))
          .from(messages)
          .leftJoin(recipient, eq(recipient.id, messages.recipientId))
          .leftJoin(creator, eq(creator.id, messages.createdBy))
          .where(where)
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(input.limit)
          .offset(input.offset),
      (tx) => tx.select({ n: count() }).from(messages).where(where),
    );
  },

  async countUnread(db: Db, accountId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(inboxOf(accountId), not(readBy(accountId))));
    return row?.n ?? 0;
  },

  /** The message as `accountId` sees it, or undefined. Visibility is the service's decision. */
  async findById(db: Db, id: number, accountId: string): Promise<MessageRow | undefined> {
    const [row] = await db
      .select(columns(accountId))
      .from(messages)
      .leftJoin(recipient, eq(recipient.id, messages.recipientId))
      .leftJoin(creator, eq(creator.id, messages.createdBy))
      .where(eq(messages.id, id));
    return row;
  },

  async insert(
    db: Db,
    values: {
      title: string;
      content: string;
      isGlobal: boolean;
      recipientId: string | null;
      createdBy: string;
    },
  ): Promise<number> {
    const [row] = await db.insert(messages).values(values).returning({ id: messages.id });
    return row!.id;
  },

  /** Marks one message read for an account; a second mark changes nothing. */
  async insertRead(db: Db, messageId: number, accountId: string): Promise<void> {
    await db.insert(messageReads).values({ messageId, accountId }).onConflictDoNothing();
  },

  /** True when this call marked it (false when it was read already). */
  async markRead(db: Db, messageId: number, accountId: string): Promise<boolean> {
    const inserted = await db
      .insert(messageReads)
      .values({ messageId, accountId })
      .onConflictDoNothing()
      .returning({ messageId: messageReads.messageId });
    return inserted.length > 0;
  },

  /** Marks every unread message in the account's inbox read; returns how many changed. */
  async markAllRead(db: Db, accountId: string): Promise<number> {
    const inserted = await db
      .insert(messageReads)
      .select(
        db
          .select({
            messageId: messages.id,
            accountId: sql<string>`${accountId}::text`.as('account_id'),
            readAt: sql<Date>`now()`.as('read_at'),
          })
          .from(messages)
          .where(and(inboxOf(accountId), not(readBy(accountId)))),
      )
      .onConflictDoNothing()
      .returning({ messageId: messageReads.messageId });
    return inserted.length;
  },

  async delete(db: Db, id: number): Promise<void> {
    await db.delete(messages).where(eq(messages.id, id));
  },

  /**
   * Panel messages without a code (stored before the codes, or written by a person since deleted),
   * after `afterId`, oldest first: the start-up pass reads them in pages.
   */
  async uncodedPanelMessages(
    db: Db,
    afterId: number,
    limit: number,
  ): Promise<{ id: number; title: string; content: string }[]> {
    return db
      .select({ id: messages.id, title: messages.title, content: messages.content })
      .from(messages)
      .where(and(isNull(messages.textCode), isNull(messages.createdBy), gt(messages.id, afterId)))
      .orderBy(asc(messages.id))
      .limit(limit);
  },

  async setTextCode(db: Db, id: number, code: string, params: unknown): Promise<void> {
    await db
      .update(messages)
      .set({ textCode: code, textParams: params })
      .where(and(eq(messages.id, id), isNull(messages.textCode)));
  },
};
