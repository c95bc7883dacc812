import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ticketReplies, tickets } from '../../db/schema.js';

/** Queries behind the /tickets/setup status page. */
export const ticketSetupRepository = {
  /** drizzle's own record of applied migrations; created_at is the journal's `when` of each. */
  async appliedMigrations(db: Db): Promise<{ hash: string; createdAt: number }[]> {
    const result = await db.execute<{ hash: string; created_at: string | number }>(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
    );
    const rows = result.rows;
    return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
  },
  async insertTicket(db: Db, userId: string) {
    const [row] = await db
      .insert(tickets)
      .values({
        title: 'Setup self-test',
        description: 'Written and rolled back by the setup status check.',
        userId,
        status: 'open',
        isRead: false,
      })
      .returning({ id: tickets.id });
    return row!.id;
  },
  async readTicket(db: Db, id: number) {
    const [row] = await db
      .select({ id: tickets.id, title: tickets.title })
      .from(tickets)
      .where(eq(tickets.id, id));
    return row;
  },
  async insertReply(db: Db, ticketId: number, userId: string) {
    const [row] = await db
      .insert(ticketReplies)
      .values({ ticketId, userId, isAdmin: true, content: 'Setup self-test reply' })
      .returning({ id: ticketReplies.id });
    return row!.id;
  },
  async readReply(db: Db, id: number) {
    const [row] = await db
      .select({ id: ticketReplies.id, content: ticketReplies.content })
      .from(ticketReplies)
      .where(eq(ticketReplies.id, id));
    return row;
  },
};
