import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  authUsers,
  lineFreezeRequests,
  lineRenewalRequests,
  lines,
  portalSignOuts,
} from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

/** A customer's ask for a freeze (`line_freeze_requests`). */
export type FreezeRequestRow = typeof lineFreezeRequests.$inferSelect;

/** What the portal shows of a line's owner, and whether the owner lets customers in. */
export type PortalOwner = {
  id: string;
  email: string;
  fullName: string;
  username: string;
  banned: boolean;
  portalEnabled: boolean;
  portalContact: string;
  customerReminderDays: number;
};

export const portalRepository = {
  /** Remembers a signed-out cookie until it runs out, and forgets the ones that have. */
  async endSignIn(db: Db, row: { cookieHash: string; expiresAt: Date }): Promise<void> {
    await db.delete(portalSignOuts).where(lte(portalSignOuts.expiresAt, sql`now()`));
    await db.insert(portalSignOuts).values(row).onConflictDoNothing({ target: portalSignOuts.cookieHash });
  },
  async reopenSignIn(db: Db, cookieHash: string): Promise<void> {
    await db.delete(portalSignOuts).where(eq(portalSignOuts.cookieHash, cookieHash));
  },
  async signInEnded(db: Db, cookieHash: string): Promise<boolean> {
    const [row] = await db
      .select({ cookieHash: portalSignOuts.cookieHash })
      .from(portalSignOuts)
      .where(eq(portalSignOuts.cookieHash, cookieHash));
    return row !== undefined;
  },
  async findLineIdByUsername(db: Db, username: string): Promise<number | undefined> {
    const [row] = await db.select({ id: lines.id }).from(lines).where(eq(lines.username, username)).limit(1);
    return row?.id;
  },

  async findOwner(db: Db, id: string): Promise<PortalOwner | undefined> {
    const [row] = await db
      .select({
        id: authUsers.id,
        email: authUsers.email,
        fullName: authUsers.name,
        username: authUsers.username,
        banned: authUsers.banned,
        portalEnabled: authUsers.portalEnabled,
        portalContact: authUsers.portalContact,
        customerReminderDays: authUsers.customerReminderDays,
      })
      .from(authUsers)
      .where(eq(authUsers.id, id));
    return row;
  },

  async setSettings(
    db: Db,
    id: string,
    settings: { enabled: boolean; contact: string; customerReminderDays?: number },
  ): Promise<void> {
    await db
      .update(authUsers)
      .set({
        portalEnabled: settings.enabled,
        portalContact: settings.contact,
        ...(settings.customerReminderDays === undefined
          ? {}
          : { customerReminderDays: settings.customerReminderDays }),
      })
      .where(eq(authUsers.id, id));
  },

  /**
   * Records a renewal ask for the line unless one was recorded within `everyMs`: one statement, so
   * two asks at once record (and tell the reseller) once. Returns when the ask was recorded, or
   * undefined when the earlier one still holds.
   */
  async claimRenewalRequest(
    db: Db,
    line: { id: number; expiryDate: string },
    everyMs: number,
  ): Promise<Date | undefined> {
    const [row] = await db
      .insert(lineRenewalRequests)
      .values({ lineId: line.id, requestedAt: sql`now()`, expiryDate: line.expiryDate })
      .onConflictDoUpdate({
        target: lineRenewalRequests.lineId,
        // A new ask opens again what the reseller dismissed or renewed before.
        set: {
          requestedAt: sql`excluded.requested_at`,
          expiryDate: sql`excluded.expiry_date`,
          dismissedAt: null,
        },
        setWhere: sql`${lineRenewalRequests.requestedAt} <= now() - (${everyMs})::float8 * interval '1 millisecond'`,
      })
      .returning({ requestedAt: lineRenewalRequests.requestedAt });
    return row?.requestedAt;
  },

  async lastRenewalRequest(db: Db, lineId: number): Promise<Date | undefined> {
    const [row] = await db
      .select({ requestedAt: lineRenewalRequests.requestedAt })
      .from(lineRenewalRequests)
      .where(eq(lineRenewalRequests.lineId, lineId));
    return row?.requestedAt;
  },

  /**
   * The open asks of one owner's lines (every line's for null), newest first: not dismissed, and the
   * line still ends when it did when asked (a renewal, from anywhere, moved its expiry on).
   */
  async openRenewalRequests(
    db: Db,
    ownerId: string | null,
    limit: number,
  ): Promise<{ rows: { lineId: number; requestedAt: Date }[]; total: number }> {
    const where = and(
      isNull(lineRenewalRequests.dismissedAt),
      lte(lines.expiryDate, lineRenewalRequests.expiryDate),
      ownerId === null ? undefined : eq(lines.ownerId, ownerId),
    );
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select({ lineId: lineRenewalRequests.lineId, requestedAt: lineRenewalRequests.requestedAt })
          .from(lineRenewalRequests)
          .innerJoin(lines, eq(lines.id, lineRenewalRequests.lineId))
          .where(where)
          .orderBy(desc(lineRenewalRequests.requestedAt), desc(lineRenewalRequests.lineId))
          .limit(limit),
      (tx) =>
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(lineRenewalRequests)
          .innerJoin(lines, eq(lines.id, lineRenewalRequests.lineId))
          .where(where),
    );
  },

  /** Dismisses the line's open ask; false when it has none open. */
  async dismissRenewalRequest(db: Db, line: { id: number; expiryDate: string }): Promise<boolean> {
    const rows = await db
      .update(lineRenewalRequests)
      .set({ dismissedAt: sql`now()` })
      .where(
        and(
          eq(lineRenewalRequests.lineId, line.id),
          isNull(lineRenewalRequests.dismissedAt),
          gte(lineRenewalRequests.expiryDate, line.expiryDate),
        ),
      )
      .returning({ lineId: lineRenewalRequests.lineId });
    return rows.length > 0;
  },

  /**
   * Records a customer's ask for a freeze, unless one is open (then undefined): an answered ask is
   * replaced by the new one.
   */
  async claimFreezeRequest(
    db: Db,
    lineId: number,
    ask: { startsOn: string; days: number },
  ): Promise<FreezeRequestRow | undefined> {
    const [row] = await db
      .insert(lineFreezeRequests)
      .values({ lineId, requestedAt: sql`now()`, startsOn: ask.startsOn, days: ask.days })
      .onConflictDoUpdate({
        target: lineFreezeRequests.lineId,
        set: {
          requestedAt: sql`excluded.requested_at`,
          startsOn: sql`excluded.starts_on`,
          days: sql`excluded.days`,
          decidedAt: null,
          decision: null,
        },
        // A scheduled freeze stands until its day or until the owner cancels it.
        setWhere: sql`${lineFreezeRequests.decidedAt} is not null and ${lineFreezeRequests.decision} <> 'scheduled'`,
      })
      .returning();
    return row;
  },
  async freezeRequest(db: Db, lineId: number): Promise<FreezeRequestRow | undefined> {
    const [row] = await db.select().from(lineFreezeRequests).where(eq(lineFreezeRequests.lineId, lineId));
    return row;
  },
  /** Answers the line's open ask; undefined when it has none (answered meanwhile, or never made). */
  async decideFreezeRequest(
    db: Db,
    lineId: number,
    decision: 'approved' | 'refused',
  ): Promise<FreezeRequestRow | undefined> {
    const [row] = await db
      .update(lineFreezeRequests)
      .set({ decision, decidedAt: sql`now()` })
      .where(and(eq(lineFreezeRequests.lineId, lineId), isNull(lineFreezeRequests.decidedAt)))
      .returning();
    return row;
  },
  /** Schedules the line's open ask for its start day; undefined when it has none open. */
  async scheduleFreezeRequest(db: Db, lineId: number): Promise<FreezeRequestRow | undefined> {
    const [row] = await db
      .update(lineFreezeRequests)
      .set({ decision: 'scheduled', decidedAt: sql`now()` })
      .where(and(eq(lineFreezeRequests.lineId, lineId), isNull(lineFreezeRequests.decidedAt)))
      .returning();
    return row;
  },
  /**
   * Settles the line's scheduled freeze (`approved` once frozen, `failed`, or `refused` when the owner
   * cancels it); undefined when it has none scheduled (settled or cancelled meanwhile).
   */
  async settleScheduledFreeze(
    db: Db,
    lineId: number,
    decision: 'approved' | 'failed' | 'refused',
  ): Promise<FreezeRequestRow | undefined> {
    const [row] = await db
      .update(lineFreezeRequests)
      .set({ decision, decidedAt: sql`now()` })
      .where(and(eq(lineFreezeRequests.lineId, lineId), eq(lineFreezeRequests.decision, 'scheduled')))
      .returning();
    return row;
  },
  /** The scheduled freeze just claimed did not happen (the line could no longer be frozen). */
  async settleFailedFreeze(db: Db, lineId: number): Promise<void> {
    await db
      .update(lineFreezeRequests)
      .set({ decision: 'failed' })
      .where(and(eq(lineFreezeRequests.lineId, lineId), eq(lineFreezeRequests.decision, 'approved')));
  },
  /** The lines whose scheduled freeze is due on or before `day`, earliest first. */
  async dueFreezes(db: Db, day: string, limit: number): Promise<number[]> {
    const rows = await db
      .select({ lineId: lineFreezeRequests.lineId })
      .from(lineFreezeRequests)
      .where(and(eq(lineFreezeRequests.decision, 'scheduled'), lte(lineFreezeRequests.startsOn, day)))
      .orderBy(asc(lineFreezeRequests.startsOn), asc(lineFreezeRequests.lineId))
      .limit(limit);
    return rows.map((row) => row.lineId);
  },
  /** The open asks for a freeze of one owner's lines (every line's for null), newest first. */
  async openFreezeRequests(
    db: Db,
    ownerId: string | null,
    limit: number,
  ): Promise<{ rows: FreezeRequestRow[]; total: number }> {
    const where = and(
      isNull(lineFreezeRequests.decidedAt),
      ownerId === null ? undefined : eq(lines.ownerId, ownerId),
    );
    const { rows, total } = await pageAndTotal(
      db,
      (tx) =>
        tx
          .select({ request: lineFreezeRequests })
          .from(lineFreezeRequests)
          .innerJoin(lines, eq(lines.id, lineFreezeRequests.lineId))
          .where(where)
          .orderBy(desc(lineFreezeRequests.requestedAt), desc(lineFreezeRequests.lineId))
          .limit(limit),
      (tx) =>
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(lineFreezeRequests)
          .innerJoin(lines, eq(lines.id, lineFreezeRequests.lineId))
          .where(where),
    );
    return { rows: rows.map((row) => row.request), total };
  },
};
