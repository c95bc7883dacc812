import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers } from '../../db/schema.js';

/** An account's staff role and scope: their only reads and write. */
export const staffRepository = {
  async staffOf(
    db: Db,
    accountId: string,
  ): Promise<{ role: string | null; scopeId: string | null } | undefined> {
    const [row] = await db
      .select({ role: authUsers.staffRole, scopeId: authUsers.staffScopeId })
      .from(authUsers)
      .where(eq(authUsers.id, accountId));
    return row;
  },

  async exists(db: Db, accountId: string): Promise<boolean> {
    const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, accountId));
    return row !== undefined;
  },

  async save(db: Db, accountId: string, role: string | null, scopeId: string | null): Promise<void> {
    await db
      .update(authUsers)
      .set({ staffRole: role, staffScopeId: scopeId, updatedAt: new Date() })
      .where(eq(authUsers.id, accountId));
  },
};
