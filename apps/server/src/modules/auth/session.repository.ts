import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authSessions, authUsers, groups } from '../../db/schema.js';
import { accountColumns, type AccountRow } from '../accounts/accounts.repository.js';

export type SessionWithAccount = {
  session: { id: string; userId: string; createdAt: Date; expiresAt: Date };
  account: AccountRow;
};

export const sessionRepository = {
  /** A session by its token with its account and group: one read over the token's unique index. */
  async findWithAccount(db: Db, token: string): Promise<SessionWithAccount | undefined> {
    const [row] = await db
      .select({
        session: {
          id: authSessions.id,
          userId: authSessions.userId,
          createdAt: authSessions.createdAt,
          expiresAt: authSessions.expiresAt,
        },
        account: accountColumns,
      })
      .from(authSessions)
      .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
      .leftJoin(groups, eq(groups.id, authUsers.groupId))
      .where(eq(authSessions.token, token));
    return row;
  },
  /** Slides the idle window; false when the session is gone meanwhile. */
  async slide(db: Db, sessionId: string, expiresAt: Date, now: Date): Promise<boolean> {
    const updated = await db
      .update(authSessions)
      .set({ expiresAt, updatedAt: now })
      .where(eq(authSessions.id, sessionId))
      .returning({ id: authSessions.id });
    return updated.length > 0;
  },
  listForUser(db: Db, userId: string) {
    return db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, new Date())))
      .orderBy(desc(authSessions.updatedAt));
  },
  async deleteOne(db: Db, userId: string, sessionId: string): Promise<boolean> {
    const deleted = await db
      .delete(authSessions)
      .where(and(eq(authSessions.userId, userId), eq(authSessions.id, sessionId)))
      .returning({ id: authSessions.id });
    return deleted.length > 0;
  },
  async deleteAllForUser(db: Db, userId: string): Promise<number> {
    const deleted = await db
      .delete(authSessions)
      .where(eq(authSessions.userId, userId))
      .returning({ id: authSessions.id });
    return deleted.length;
  },
  /** Every session of the account but `keepId` (the one changing the password). */
  async deleteOthersForUser(db: Db, userId: string, keepId: string | null): Promise<number> {
    const deleted = await db
      .delete(authSessions)
      .where(
        keepId
          ? and(eq(authSessions.userId, userId), ne(authSessions.id, keepId))
          : eq(authSessions.userId, userId),
      )
      .returning({ id: authSessions.id });
    return deleted.length;
  },
  deleteById(db: Db, sessionId: string) {
    return db.delete(authSessions).where(eq(authSessions.id, sessionId));
  },
};
