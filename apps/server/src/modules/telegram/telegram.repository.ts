import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lines, telegramLinkCodes, telegramLinks, telegramPoller } from '../../db/schema.js';

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;
export type TelegramLinkCodeRow = typeof telegramLinkCodes.$inferSelect;

/** The poller row is always this one: there is one bot per panel. */
const POLLER_ID = 1;

export const telegramRepository = {
  async linkOfAccount(db: Db, accountId: string): Promise<TelegramLinkRow | undefined> {
    const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.accountId, accountId));
    return row;
  },
  async linkOfChat(db: Db, chatId: number): Promise<TelegramLinkRow | undefined> {
    const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.chatId, chatId));
    return row;
  },
  /** The chat's or the account's earlier link gives way to this one. */
  async link(tx: Db, accountId: string, chatId: number, chatName: string | null): Promise<void> {
    await tx
      .delete(telegramLinks)
      .where(or(eq(telegramLinks.accountId, accountId), eq(telegramLinks.chatId, chatId)));
    await tx.insert(telegramLinks).values({ accountId, chatId, chatName });
  },
  /** The account's unused codes: a code on someone's screen links no chat after this. */
  async deleteUnusedCodes(tx: Db, accountId: string): Promise<void> {
    await tx
      .delete(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.accountId, accountId), isNull(telegramLinkCodes.usedAt)));
  },
  async unlinkAccount(db: Db, accountId: string): Promise<boolean> {
    const removed = await db
      .delete(telegramLinks)
      .where(eq(telegramLinks.accountId, accountId))
      .returning({ accountId: telegramLinks.accountId });
    return removed.length > 0;
  },
  async unlinkChat(db: Db, chatId: number): Promise<string | undefined> {
    const [removed] = await db
      .delete(telegramLinks)
      .where(eq(telegramLinks.chatId, chatId))
      .returning({ accountId: telegramLinks.accountId });
    return removed?.accountId;
  },

  /** A new code replaces the account's unused ones, so only the code on screen links. */
  async replaceCode(tx: Db, accountId: string, codeHash: string, expiresAt: Date): Promise<void> {
    await tx
      .delete(telegramLinkCodes)
      .where(
        and(
          eq(telegramLinkCodes.accountId, accountId),
          or(isNull(telegramLinkCodes.usedAt), sql`${telegramLinkCodes.expiresAt} < now()`),
        ),
      );
    await tx.insert(telegramLinkCodes).values({ codeHash, accountId, expiresAt });
  },
  async findCode(db: Db, codeHash: string): Promise<TelegramLinkCodeRow | undefined> {
    const [row] = await db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.codeHash, codeHash));
    return row;
  },
  /** Marks the code used if it still can be: one of two chats sending it at once wins. */
  async claimCode(tx: Db, codeHash: string): Promise<TelegramLinkCodeRow | undefined> {
    const [row] = await tx
      .update(telegramLinkCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(telegramLinkCodes.codeHash, codeHash),
          isNull(telegramLinkCodes.usedAt),
          sql`${telegramLinkCodes.expiresAt} > now()`,
        ),
      )
      .returning();
    return row;
  },

  async lineIdByUsername(db: Db, username: string): Promise<number | undefined> {
    const [row] = await db.select({ id: lines.id }).from(lines).where(eq(lines.username, username));
    return row?.id;
  },

  /**
   * Takes or keeps the poller lease for `holder` when it is free, expired or already theirs; the
   * offset to go on from, or undefined while another instance holds it.
   */
  async claimPoller(db: Db, holder: string, leaseSeconds: number): Promise<number | undefined> {
    const until = sql`now() + make_interval(secs => ${leaseSeconds})`;
    const [row] = await db
      .insert(telegramPoller)
      .values({ id: POLLER_ID, holder, leaseUntil: until })
      .onConflictDoUpdate({
        target: telegramPoller.id,
        set: { holder, leaseUntil: until },
        setWhere: or(eq(telegramPoller.holder, holder), sql`${telegramPoller.leaseUntil} < now()`),
      })
      .returning({ nextOffset: telegramPoller.nextOffset });
    return row?.nextOffset;
  },
  /** Moves the offset on, only while `holder` still holds the lease. */
  async advancePoller(db: Db, holder: string, nextOffset: number): Promise<boolean> {
    const updated = await db
      .update(telegramPoller)
      .set({ nextOffset })
      .where(and(eq(telegramPoller.id, POLLER_ID), eq(telegramPoller.holder, holder)))
      .returning({ id: telegramPoller.id });
    return updated.length > 0;
  },
  async releasePoller(db: Db, holder: string): Promise<void> {
    await db
      .update(telegramPoller)
      .set({ leaseUntil: sql`now()` })
      .where(and(eq(telegramPoller.id, POLLER_ID), eq(telegramPoller.holder, holder)));
  },
  /** Another bot's updates are numbered anew: a new token starts from the first. */
  async resetPoller(tx: Db): Promise<void> {
    await tx.delete(telegramPoller).where(eq(telegramPoller.id, POLLER_ID));
  },
};
