import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authSessions } from '../../db/schema.js';

export const sessionRepository = {
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
  deleteById(db: Db, sessionId: string) {
    return db.delete(authSessions).where(eq(authSessions.id, sessionId));
  },
};
