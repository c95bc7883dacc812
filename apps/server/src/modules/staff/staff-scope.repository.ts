import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, lines, tickets, topUpRequests } from '../../db/schema.js';

/** The reads a staff member's scope is checked with: the subtree, and the owner of one row. */
export const staffScopeRepository = {
  /** The account and every account below it (sub-resellers, theirs...), at most 50 levels down. */
  async subtree(db: Db, rootId: string): Promise<string[]> {
    const result = await db.execute<{ id: string }>(sql`
      with recursive down (id, depth) as (
        select id, 0 from ${authUsers} where id = ${rootId}
        union all
        select a.id, down.depth + 1 from ${authUsers} a join down on a.owner_id = down.id where down.depth < 50
      )
      select id from down`);
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
