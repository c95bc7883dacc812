import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { ADMIN_GROUP_ID } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import type { LeasedQueue } from '../../platform/leased-queue.js';
import { accountTextLanguage } from '../locale/account-language.repository.js';
import {
  authUsers,
  messages,
  notificationOutbox as outbox,
  notificationPreferences as preferences,
  notificationSettings as settings,
  telegramLinks,
} from '../../db/schema.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxPayload = {
  title: string;
  content: string;
  link: string;
  data: unknown;
  /**
   * An email row sent to someone other than the recipient account: a customer of the account's line
   * (their expiry reminder). The account stays the row's recipient: its deliveries page shows the
   * failures, and a banned or deleted account sends nothing more.
   */
  to?: string;
};
export type NewOutboxRow = { recipientId: string; kind: string; channel: string; payload: OutboxPayload };

export type RecipientFacts = {
  /** Null: the account has no language known (English). */
  language: string | null;
  email: string;
  banned: boolean;
  credits: number;
  webhookUrl: string | null;
  /** The account has linked a Telegram chat to the panel's bot. */
  telegramLinked: boolean;
  balanceThreshold: number | null;
  /** The account's own switches for the kind asked about, by channel. */
  switches: Map<string, boolean>;
};

/** Due rows: pending, their next attempt come; delivered ones leave with their attempt counted. */
export const dueNotices: LeasedQueue<typeof outbox> = {
  table: outbox,
  open: sql`${eq(outbox.status, 'pending')} and ${lte(outbox.nextAttemptAt, sql`now()`)}`,
  order: outbox.nextAttemptAt,
  onFinish: {
    status: 'delivered',
    deliveredAt: sql`now()`,
    attempts: sql`${outbox.attempts} + 1`,
    lastError: null,
  },
};

export const notificationsRepository = {
  async recipientFacts(tx: Db, accountId: string, kind: string): Promise<RecipientFacts | undefined> {
    const [row] = await tx
      .select({
        language: accountTextLanguage,
        email: authUsers.email,
        banned: authUsers.banned,
        credits: authUsers.credits,
        webhookUrl: settings.webhookUrl,
        telegramLinked: sql<boolean>`${telegramLinks.accountId} is not null`,
        balanceThreshold: settings.balanceThreshold,
      })
      .from(authUsers)
      .leftJoin(settings, eq(settings.accountId, authUsers.id))
      .leftJoin(telegramLinks, eq(telegramLinks.accountId, authUsers.id))
      .where(eq(authUsers.id, accountId));
    if (!row) return undefined;
    const switches = await tx
      .select({ channel: preferences.channel, enabled: preferences.enabled })
      .from(preferences)
      .where(and(eq(preferences.accountId, accountId), eq(preferences.kind, kind)));
    return { ...row, switches: new Map(switches.map((s) => [s.channel, s.enabled])) };
  },

  async insert(tx: Db, rows: NewOutboxRow[], delivered: boolean): Promise<OutboxRow[]> {
    if (rows.length === 0) return [];
    return tx
      .insert(outbox)
      .values(
        rows.map((row) => ({
          ...row,
          ...(delivered ? { status: 'delivered' as const, deliveredAt: new Date(), attempts: 1 } : {}),
        })),
      )
      .returning();
  },

  /**
   * The in-app message of an outbox row, written once: a second delivery of the same row finds the
   * message by its unique notification id and writes nothing. Returns the message id when written now.
   */
  async insertMessageOnce(
    tx: Db,
    row: {
      id: number;
      recipientId: string;
      title: string;
      content: string;
      /** The notice's kind and params, which the message is written from at each read. */
      text: { code: string; params: unknown } | null;
    },
  ): Promise<number | undefined> {
    const [inserted] = await tx
      .insert(messages)
      .values({
        title: row.title,
        content: row.content,
        textCode: row.text?.code ?? null,
        textParams: row.text?.params ?? null,
        isGlobal: false,
        recipientId: row.recipientId,
        createdBy: null,
        notificationId: row.id,
      })
      .onConflictDoNothing({ target: messages.notificationId })
      .returning({ id: messages.id });
    return inserted?.id;
  },

  async recipientEmail(db: Db, accountId: string): Promise<{ email: string; banned: boolean } | undefined> {
    const [row] = await db
      .select({ email: authUsers.email, banned: authUsers.banned })
      .from(authUsers)
      .where(eq(authUsers.id, accountId));
    return row;
  },

  async settingsOf(db: Db, accountId: string) {
    const [row] = await db.select().from(settings).where(eq(settings.accountId, accountId));
    return row;
  },

  async upsertSettings(
    db: Db,
    accountId: string,
    values: Partial<
      Pick<typeof settings.$inferInsert, 'balanceThreshold' | 'webhookUrl' | 'webhookSecretSealed'>
    >,
  ): Promise<void> {
    await db
      .insert(settings)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: settings.accountId, set: { ...values, updatedAt: sql`now()` } });
  },

  async switchesOf(db: Db, accountId: string) {
    return db
      .select({ kind: preferences.kind, channel: preferences.channel, enabled: preferences.enabled })
      .from(preferences)
      .where(eq(preferences.accountId, accountId));
  },

  async setSwitches(
    db: Db,
    accountId: string,
    switches: { kind: string; channel: string; enabled: boolean }[],
  ): Promise<void> {
    if (switches.length === 0) return;
    await db
      .insert(preferences)
      .values(switches.map((s) => ({ accountId, ...s })))
      .onConflictDoUpdate({
        target: [preferences.accountId, preferences.kind, preferences.channel],
        set: { enabled: sql`excluded.enabled` },
      });
  },

  /** The account's deliveries that failed at least once and are not delivered: retrying or dead. */
  async failures(db: Db, accountId: string, limit: number): Promise<OutboxRow[]> {
    return db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.recipientId, accountId),
          or(eq(outbox.status, 'dead'), and(eq(outbox.status, 'pending'), sql`${outbox.attempts} > 0`)),
        ),
      )
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit);
  },

  /** Puts a failed delivery of the account back in line, due now with its attempts counted afresh. */
  async requeue(db: Db, accountId: string, id: number): Promise<boolean> {
    const rows = await db
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, leasedUntil: null })
      .where(
        and(
          eq(outbox.id, id),
          eq(outbox.recipientId, accountId),
          or(eq(outbox.status, 'dead'), and(eq(outbox.status, 'pending'), sql`${outbox.attempts} > 0`)),
        ),
      )
      .returning({ id: outbox.id });
    return rows.length > 0;
  },

  /** A removed webhook takes its undelivered notices with it: there is nowhere left to send them. */
  async dropPendingWebhook(db: Db, accountId: string): Promise<void> {
    await db
      .delete(outbox)
      .where(
        and(
          eq(outbox.recipientId, accountId),
          eq(outbox.channel, 'webhook'),
          inArray(outbox.status, ['pending', 'dead']),
        ),
      );
  },

  /**
   * Accounts whose balance is below their threshold and who were not told yet, marked told in the
   * same statement (the claim: one instance gets each); accounts back at or above it are unmarked, so
   * the next fall is told again.
   */
  async claimLowBalances(tx: Db): Promise<{ accountId: string; balance: number; threshold: number }[]> {
    await tx.execute(sql`
      update ${settings} s set balance_low_notified = false
      from ${authUsers} a
      where a.id = s.account_id and s.balance_low_notified
        and (s.balance_threshold is null or a.credits >= s.balance_threshold)`);
    const claimed = await tx.execute<{ account_id: string; credits: number; balance_threshold: number }>(sql`
      update ${settings} s set balance_low_notified = true
      from ${authUsers} a
      where a.id = s.account_id and not s.balance_low_notified
        and s.balance_threshold is not null and a.credits < s.balance_threshold
      returning s.account_id, a.credits, s.balance_threshold`);
    return claimed.rows.map((row) => ({
      accountId: row.account_id,
      balance: Number(row.credits),
      threshold: Number(row.balance_threshold),
    }));
  },

  /** Every administrator, for notices about the whole panel (a server down, line sharing). */
  async adminIds(db: Db): Promise<string[]> {
    const rows = await db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(sql`${authUsers.isAdmin} or ${authUsers.groupId} = ${ADMIN_GROUP_ID}`);
    return rows.map((row) => row.id);
  },
};
