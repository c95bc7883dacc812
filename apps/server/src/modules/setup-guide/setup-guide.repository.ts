import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, cccamServers, creditPackages, setupGuidePreferences } from '../../db/schema.js';

export const setupGuideRepository = {
  /** A server has answered a connection test at least once (the test records `last_connection`). */
  testedServerExists(db: Db): Promise<boolean> {
    return db
      .select({ id: cccamServers.id })
      .from(cccamServers)
      .where(isNotNull(cccamServers.lastConnection))
      .limit(1)
      .then((rows) => rows.length > 0);
  },
  activePackageExists(db: Db): Promise<boolean> {
    return db
      .select({ id: creditPackages.id })
      .from(creditPackages)
      .where(eq(creditPackages.isActive, true))
      .limit(1)
      .then((rows) => rows.length > 0);
  },
  resellerExists(db: Db, resellerGroupId: number): Promise<boolean> {
    return db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(and(eq(authUsers.groupId, resellerGroupId), eq(authUsers.isAdmin, false)))
      .limit(1)
      .then((rows) => rows.length > 0);
  },
  async isHidden(db: Db, accountId: string): Promise<boolean> {
    const [row] = await db
      .select({ hidden: setupGuidePreferences.hidden })
      .from(setupGuidePreferences)
      .where(eq(setupGuidePreferences.accountId, accountId));
    return row?.hidden ?? false;
  },
  async setHidden(db: Db, accountId: string, hidden: boolean): Promise<void> {
    await db
      .insert(setupGuidePreferences)
      .values({ accountId, hidden })
      .onConflictDoUpdate({
        target: setupGuidePreferences.accountId,
        set: { hidden, updatedAt: new Date() },
      });
  },
};
