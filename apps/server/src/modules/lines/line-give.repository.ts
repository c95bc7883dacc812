import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, groups } from '../../db/schema.js';

/** The statements of the rules of giving lines to another account (line-give-rules.ts). */
export const lineGiveRepository = {
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
};
