import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, groups, lines } from '../../db/schema.js';

/** The statements of giving lines to another account (line-transfer.service.ts). */
export const lineTransferRepository = {
  /** The account lines go to, with what its group may do. */
  async account(db: Db, id: string) {
    const [row] = await db
      .select({
        id: authUsers.id,
        email: authUsers.email,
        isAdmin: authUsers.isAdmin,
        groupId: authUsers.groupId,
        permissions: groups.permissions,
      })
      .from(authUsers)
      .leftJoin(groups, eq(groups.id, authUsers.groupId))
      .where(eq(authUsers.id, id));
    return row;
  },
  /** The lines' owners, locked in id order (two transfers of overlapping lines queue, never deadlock). */
  async lockOwners(tx: Db, ids: number[]) {
    return tx
      .select({ id: lines.id, ownerId: lines.ownerId, ownerEmail: lines.ownerEmail })
      .from(lines)
      .where(inArray(lines.id, ids))
      .orderBy(asc(lines.id))
      .for('update');
  },
  async setOwner(tx: Db, ids: number[], owner: { id: string; email: string }) {
    if (ids.length === 0) return;
    await tx
      .update(lines)
      .set({ ownerId: owner.id, ownerEmail: owner.email, updatedAt: new Date() })
      .where(inArray(lines.id, ids));
  },
};
