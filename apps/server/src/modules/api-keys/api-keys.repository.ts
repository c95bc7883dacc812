import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys } from '../../db/schema.js';

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
  /** A usable key: not revoked and not expired. */
  async findUsableByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
    const [row] = await db
      .select()
      .from(apiKeys)
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
