import { ADMIN_GROUP_ID, type TicketStatus } from '@linedesk/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { subtreeIdsSql } from '../../db/account-subtree.js';
import type { Db } from '../../db/client.js';
import { authUsers, ticketAttachments, ticketReplies, tickets } from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

/** Whose replies count as unread for the caller: admins read users' replies and vice versa. */
export type TicketSide = 'admin' | 'user';

export type TicketRow = typeof tickets.$inferSelect & {
  userEmail: string;
  assignedToEmail: string | null;
  replyCount: number;
  unreadCount: number;
};
export type TicketInsert = Pick<
  typeof tickets.$inferInsert,
  'title' | 'description' | 'priority' | 'category' | 'userId' | 'status' | 'isRead'
>;
export type TicketUpdate = Partial<Pick<typeof tickets.$inferInsert, 'status' | 'priority' | 'assignedTo'>>;

export type ReplyRow = typeof ticketReplies.$inferSelect & {
  userEmail: string | null;
  attachment: AttachmentRow | null;
};
export type AttachmentRow = typeof ticketAttachments.$inferSelect;
export type AttachmentInsert = typeof ticketAttachments.$inferInsert;

const assignee = alias(authUsers, 'assignee');

/**
 * Column names are written out with their tables: drizzle leaves columns unqualified in single-table
 * queries, which inside these subqueries would silently resolve to the reply's own columns.
 */
const fromOtherSide = (side: TicketSide) =>
  side === 'admin' ? sql.raw('not "ticket_replies"."is_admin"') : sql.raw('"ticket_replies"."is_admin"');
const ofThisTicket = sql.raw('"ticket_replies"."ticket_id" = "tickets"."id"');

const replyCount = sql<number>`(select count(*)::int from "ticket_replies" where ${ofThisTicket})`;
const unreadCount = (side: TicketSide) =>
  sql<number>`(select count(*)::int from "ticket_replies" where ${ofThisTicket} and ${fromOtherSide(side)} and not "ticket_replies"."is_read")`;
const hasUnread = (side: TicketSide) =>
  sql`exists (select 1 from "ticket_replies" where ${ofThisTicket} and ${fromOtherSide(side)} and not "ticket_replies"."is_read")`;

function ticketColumns(side: TicketSide) {
  return {
    id: tickets.id,
    title: tickets.title,
    description: tickets.description,
    status: tickets.status,
    priority: tickets.priority,
    category: tickets.category,
    userId: tickets.userId,
    assignedTo: tickets.assignedTo,
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
    isRead: tickets.isRead,
    userEmail: authUsers.email,
    assignedToEmail: assignee.email,
    replyCount,
    unreadCount: unreadCount(side),
  };
}

const sortable = { created_at: tickets.createdAt, updated_at: tickets.updatedAt } as const;

export type TicketListFilter = {
  /** Only this owner's tickets (users); undefined = all (admins). */
  userId?: string;
  /** Only the tickets of this account's subtree (a scoped staff member's list). */
  treeId?: string;
  status?: TicketRow['status'];
  priority?: TicketRow['priority'];
  category?: TicketRow['category'];
  /** An account id, or 'none' = unassigned. */
  assignedTo?: string;
  active?: boolean;
  search?: string;
};

export const ticketsRepository = {
  async list(
    db: Db,
    side: TicketSide,
    filter: TicketListFilter,
    page: { sort?: string; order: 'asc' | 'desc'; limit: number; offset: number },
  ): Promise<{ rows: TicketRow[]; total: number }> {
    const filters: SQL[] = [];
    if (filter.userId) filters.push(eq(tickets.userId, filter.userId));
    if (filter.treeId) filters.push(sql`${tickets.userId} in ${subtreeIdsSql(filter.treeId)}`);
    if (filter.status) filters.push(eq(tickets.status, filter.status));
    if (filter.priority) filters.push(eq(tickets.priority, filter.priority));
    if (filter.category) filters.push(eq(tickets.category, filter.category));
    if (filter.assignedTo === 'none') filters.push(isNull(tickets.assignedTo));
    else if (filter.assignedTo) filters.push(eq(tickets.assignedTo, filter.assignedTo));
    if (filter.active === true) filters.push(ne(tickets.status, 'closed'));
    if (filter.active === false) filters.push(eq(tickets.status, 'closed'));
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matches = [ilike(tickets.title, pattern), ilike(tickets.description, pattern)];
      // Admins look tickets up by the customer's address too; users only have their own.
      if (!filter.userId) matches.push(ilike(authUsers.email, pattern));
      filters.push(or(...matches) as SQL);
    }
    const where = filters.length ? and(...filters) : undefined;
    const column = sortable[(page.sort ?? 'created_at') as keyof typeof sortable] ?? tickets.createdAt;
    const direction = page.order === 'asc' ? asc : desc;
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select(ticketColumns(side))
          .from(tickets)
          .innerJoin(authUsers, eq(authUsers.id, tickets.userId))
          .leftJoin(assignee, eq(assignee.id, tickets.assignedTo))
          .where(where)
          .orderBy(direction(column), direction(tickets.id))
          .limit(page.limit)
          .offset(page.offset),
      (tx) =>
        tx
          .select({ n: count() })
          .from(tickets)
          .innerJoin(authUsers, eq(authUsers.id, tickets.userId))
          .where(where),
    );
  },

  async findById(db: Db, id: number, side: TicketSide): Promise<TicketRow | undefined> {
    const [row] = await db
      .select(ticketColumns(side))
      .from(tickets)
      .innerJoin(authUsers, eq(authUsers.id, tickets.userId))
      .leftJoin(assignee, eq(assignee.id, tickets.assignedTo))
      .where(eq(tickets.id, id));
    return row;
  },

  async findOwner(
    db: Db,
    id: number,
  ): Promise<{ id: number; userId: string; status: TicketStatus } | undefined> {
    const [row] = await db
      .select({ id: tickets.id, userId: tickets.userId, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, id));
    return row;
  },

  async insert(db: Db, values: TicketInsert): Promise<number> {
    const [row] = await db.insert(tickets).values(values).returning({ id: tickets.id });
    return row!.id;
  },

  async update(db: Db, id: number, values: TicketUpdate): Promise<void> {
    await db
      .update(tickets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
  },

  async delete(db: Db, id: number): Promise<boolean> {
    const deleted = await db.delete(tickets).where(eq(tickets.id, id)).returning({ id: tickets.id });
    return deleted.length > 0;
  },

  /** Marks the ticket itself read by the admins; true when it was unread. */
  async markTicketRead(db: Db, id: number): Promise<boolean> {
    const seen = await db
      .update(tickets)
      .set({ isRead: true })
      .where(and(eq(tickets.id, id), eq(tickets.isRead, false)))
      .returning({ id: tickets.id });
    return seen.length > 0;
  },

  /** Marks read the replies the other side wrote; true when any was unread. */
  async markRepliesRead(db: Db, id: number, side: TicketSide): Promise<boolean> {
    const read = await db
      .update(ticketReplies)
      .set({ isRead: true })
      .where(and(eq(ticketReplies.ticketId, id), fromOtherSide(side), eq(ticketReplies.isRead, false)))
      .returning({ id: ticketReplies.id });
    return read.length > 0;
  },

  /** Tickets with something unread for the side: the nav badge. */
  async countUnread(db: Db, side: TicketSide, userId?: string): Promise<number> {
    const unread =
      side === 'admin' ? (or(eq(tickets.isRead, false), hasUnread(side)) as SQL) : hasUnread(side);
    const [row] = await db
      .select({ n: count() })
      .from(tickets)
      .where(userId ? and(eq(tickets.userId, userId), unread) : unread);
    return row?.n ?? 0;
  },

  async listReplies(db: Db, ticketId: number): Promise<ReplyRow[]> {
    const rows = await db
      .select({ reply: ticketReplies, userEmail: authUsers.email, attachment: ticketAttachments })
      .from(ticketReplies)
      .leftJoin(authUsers, eq(authUsers.id, ticketReplies.userId))
      .leftJoin(ticketAttachments, eq(ticketAttachments.replyId, ticketReplies.id))
      .where(eq(ticketReplies.ticketId, ticketId))
      .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
    return rows.map((r) => ({ ...r.reply, userEmail: r.userEmail, attachment: r.attachment }));
  },

  async findReply(db: Db, replyId: number): Promise<ReplyRow | undefined> {
    const [row] = await db
      .select({ reply: ticketReplies, userEmail: authUsers.email, attachment: ticketAttachments })
      .from(ticketReplies)
      .leftJoin(authUsers, eq(authUsers.id, ticketReplies.userId))
      .leftJoin(ticketAttachments, eq(ticketAttachments.replyId, ticketReplies.id))
      .where(eq(ticketReplies.id, replyId));
    return row && { ...row.reply, userEmail: row.userEmail, attachment: row.attachment };
  },

  async insertReply(
    db: Db,
    values: {
      ticketId: number;
      userId: string;
      isAdmin: boolean;
      content: string;
      attachmentUrl: string | null;
    },
  ): Promise<number> {
    const [reply] = await db.insert(ticketReplies).values(values).returning({ id: ticketReplies.id });
    return reply!.id;
  },

  async insertAttachment(db: Db, values: AttachmentInsert): Promise<void> {
    await db.insert(ticketAttachments).values(values);
  },

  /** Stamps the ticket's updated_at and, when asked, moves it from open to in_progress. */
  /** Stamps a ticket that is not closed; false when it is closed (or gone), and nothing changed. */
  async touchAfterReply(db: Db, ticketId: number, openToInProgress: boolean): Promise<boolean> {
    const rows = await db
      .update(tickets)
      .set({
        updatedAt: sql`now()`,
        status: openToInProgress
          ? sql`case when ${tickets.status} = 'open' then 'in_progress' else ${tickets.status} end`
          : undefined,
      })
      .where(and(eq(tickets.id, ticketId), ne(tickets.status, 'closed')))
      .returning({ id: tickets.id });
    return rows.length > 0;
  },

  async findAttachment(db: Db, ticketId: number, attachmentId: string): Promise<AttachmentRow | undefined> {
    const [row] = await db
      .select()
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)));
    return row;
  },

  listAttachments(db: Db, ticketId: number): Promise<AttachmentRow[]> {
    return db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId));
  },

  /** Accounts that may be assigned tickets and who get mail about unassigned ones. */
  listAdmins(db: Db, ids?: string[]) {
    const isAdmin = or(eq(authUsers.isAdmin, true), eq(authUsers.groupId, ADMIN_GROUP_ID)) as SQL;
    return db
      .select({
        id: authUsers.id,
        email: authUsers.email,
      })
      .from(authUsers)
      .where(and(isAdmin, eq(authUsers.banned, false), ids ? inArray(authUsers.id, ids) : undefined))
      .orderBy(asc(authUsers.email));
  },
};
