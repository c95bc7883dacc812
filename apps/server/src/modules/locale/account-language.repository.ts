import type { Language } from '@linedesk/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers } from '../../db/schema.js';
import { toLanguage } from '../../i18n/server-texts.js';

export const accountLanguageRepository = {
  async set(db: Db, accountId: string, language: Language): Promise<void> {
    await db.update(authUsers).set({ language }).where(eq(authUsers.id, accountId));
  },

  /** Each account's language; an id without a row is left out (its reader falls back to the default). */
  async languagesOf(db: Db, accountIds: readonly string[]): Promise<Map<string, Language>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .select({ id: authUsers.id, language: authUsers.language })
      .from(authUsers)
      .where(inArray(authUsers.id, [...new Set(accountIds)]));
    return new Map(rows.map((row) => [row.id, toLanguage(row.language)]));
  },
};
