import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSettings } from '../../db/schema.js';

/** Typed access to `app_settings`: each area declares its keys and defaults where it uses them. */
export const appSettingsRepository = {
  async get<T>(db: Db, key: string, fallback: T): Promise<T> {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, key));
    return row ? (row.value as T) : fallback;
  },
  async set<T>(db: Db, key: string, value: T): Promise<void> {
    await db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  },
};
