import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, lineEvents, lines } from '../../db/schema.js';
import { accountTextLanguage } from '../locale/account-language.repository.js';
import type { DueCustomerLine } from '../reminders/reminders.repository.js';

/** The history action of a win-back message: the line's page shows it, and the next one waits for it. */
export const WIN_BACK_ACTION = 'win_back_sent';

/** What a win-back mail says and who it comes from: a customer's mail's line, and whether a trial. */
export type WinBackLine = DueCustomerLine & { isTrial: boolean };

export const winBackRepository = {
  /** When the line's customer last got a win-back message, if ever. */
  async lastSent(db: Db, lineId: number): Promise<Date | null> {
    const [row] = await db
      .select({ at: lineEvents.createdAt })
      .from(lineEvents)
      .where(and(eq(lineEvents.lineId, lineId), eq(lineEvents.action, WIN_BACK_ACTION)))
      .orderBy(desc(lineEvents.createdAt))
      .limit(1);
    return row?.at ?? null;
  },

  async mailOf(db: Db, lineId: number): Promise<WinBackLine | undefined> {
    const [row] = await db
      .select({
        lineId: lines.id,
        username: lines.username,
        expiryDate: lines.expiryDate,
        isTrial: lines.isTrial,
        ownerId: authUsers.id,
        customerEmail: lines.email,
        language: sql<string | null>`coalesce(${lines.language}, ${accountTextLanguage})`,
        fullName: authUsers.name,
        ownerUsername: authUsers.username,
        ownerEmail: authUsers.email,
        portalContact: authUsers.portalContact,
        portalEnabled: authUsers.portalEnabled,
      })
      .from(lines)
      .innerJoin(authUsers, eq(authUsers.id, lines.ownerId))
      .where(eq(lines.id, lineId));
    if (!row?.customerEmail) return undefined;
    return {
      lineId: row.lineId,
      username: row.username,
      expiryDate: row.expiryDate,
      isTrial: row.isTrial,
      ownerId: row.ownerId,
      customerEmail: row.customerEmail,
      language: row.language,
      owner: {
        fullName: row.fullName,
        username: row.ownerUsername,
        email: row.ownerEmail,
        portalContact: row.portalContact,
        portalEnabled: row.portalEnabled,
      },
    };
  },
};
