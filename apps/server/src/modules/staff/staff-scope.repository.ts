import { eq, sql } from 'drizzle-orm';
import { subtreeIdsSql } from '../../db/account-subtree.js';
import type { Db } from '../../db/client.js';
import { lines, tickets, topUpRequests } from '../../db/schema.js';

/** The reads a staff member's scope is checked with: the subtree, and the owner of one row. */
export const staffScopeRepository = {
  /** The account and every account below it (sub-resellers, theirs...), at most 50 levels down. */
  async subtree(db: Db, rootId: string): Promise<string[]> {
    const result = await db.execute<{ id: string }>(sql`select id from ${subtreeIdsSql(rootId)} scope`);
    return result.rows.map((row) => row.id);
  },

  async lineOwner(db: Db, id: number): Promise<{ ownerId: string | null } | undefined> {
    const [row] = await db.select({ ownerId: lines.ownerId }).from(lines).where(eq(lines.id, id));
    return row;
  },

  async ticketOwner(db: Db, id: number): Promise<{ ownerId: string | null } | undefined> {
    const [row] = await db.select({ ownerId: tickets.userId }).from(tickets).where(eq(tickets.id, id));
    return row;
  },

  async topupOwner(db: Db, id: number): Promise<{ ownerId: string | null } | undefined> {
    const [row] = await db
      .select({ ownerId: topUpRequests.accountId })
      .from(topUpRequests)
      .where(eq(topUpRequests.id, id));
    return row;
  },
};
