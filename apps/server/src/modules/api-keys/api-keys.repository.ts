import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys, authUsers, groups } from '../../db/schema.js';
import { accountColumns, type AccountRow } from '../accounts/accounts.repository.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const apiKeysRepository = {
  async insert(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [row] = await db.insert(apiKeys).values(values).returning();
    return row!;
  },
  async listActive(db: Db, accountId: string): Promise<ApiKeyRow[]> {
    return db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt));
  },
  async revoke(db: Db, accountId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  },
  /** Ends every key of the account still in use; the ids of those it ended. */
  async revokeAllForAccount(db: Db, accountId: string): Promise<string[]> {
    const rows = await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.map((r) => r.id);
  },
  /** A usable key with its account and group: one read over the hash's unique index. */
  async findUsableWithAccount(
    db: Db,
    keyHash: string,
  ): Promise<{ key: ApiKeyRow; account: AccountRow } | undefined> {
    const [row] = await db
      .select({ key: apiKeys, account: accountColumns })
      .from(apiKeys)
      .innerJoin(authUsers, eq(authUsers.id, apiKeys.accountId))
      .leftJoin(groups, eq(groups.id, authUsers.groupId))
      .where(
        and(
          eq(apiKeys.keyHash, keyHash),
          isNull(apiKeys.revokedAt),
          sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
        ),
      );
    return row;
  },
  async touch(db: Db, id: string, at: Date): Promise<void> {
    await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
  },
};
