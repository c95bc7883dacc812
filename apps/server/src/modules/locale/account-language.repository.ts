import type { Language } from '@linedesk/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers } from '../../db/schema.js';
import { toLanguage } from '../../i18n/server-texts.js';

/**
 * The language server-made texts are written in for an account (of the `auth_users` row in the
 * query): the one it chose, else the one its browser last showed without a choice; null when neither
 * is known (the reader falls back to English). The only place this rule is written in SQL.
 */
export const accountTextLanguage = sql<
  string | null
>`coalesce(${authUsers.language}, ${authUsers.browserLanguage})`;

export const accountLanguageRepository = {
  /** The account's choice: its texts and every browser of it without a choice of its own. */
  async choose(db: Db, accountId: string, language: Language): Promise<void> {
    await db.update(authUsers).set({ language }).where(eq(authUsers.id, accountId));
  },

  /** What a browser of the account shows without a choice: its texts' language until it chooses one. */
  async setBrowserLanguage(db: Db, accountId: string, language: Language): Promise<void> {
    await db.update(authUsers).set({ browserLanguage: language }).where(eq(authUsers.id, accountId));
  },

  /** Each account's text language; an id without a row is left out (its reader falls back to the default). */
  async languagesOf(db: Db, accountIds: readonly string[]): Promise<Map<string, Language>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .select({ id: authUsers.id, language: accountTextLanguage })
      .from(authUsers)
      .where(inArray(authUsers.id, [...new Set(accountIds)]));
    return new Map(rows.map((row) => [row.id, toLanguage(row.language)]));
  },
};
