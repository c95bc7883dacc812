import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers } from '../../db/schema.js';
import { accountTextLanguage } from '../locale/account-language.repository.js';

export type DueLine = { lineId: number; username: string; expiryDate: string; ownerId: string };

/** A line whose customer is to be mailed, with what the mail says and who it comes from. */
export type DueCustomerLine = DueLine & {
  customerEmail: string;
  /** The line's own language, else its owner's text language; null when neither is known (English). */
  language: string | null;
  owner: { fullName: string; username: string; email: string; portalContact: string; portalEnabled: boolean };
};

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Enabled lines expiring in [today, until] whose owner wants reminders and has not been reminded of
 * this line at this expiry date yet, claimed by inserting their `expiry_reminders` rows (ON CONFLICT
 * DO NOTHING), so only the statement that inserted a row reports it. Claims go a batch at a time
 * (`claimBatch`): one statement over thousands of lines holds the embedded database, which runs on
 * the server's main thread, for seconds.
 */
export const remindersRepository = {
  /**
   * Owners with due lines not claimed yet, and owners with claimed batches not told yet (a round that
   * stopped between its claim and the digest).
   */
  async ownersToRemind(db: Db, today: string, until: string): Promise<string[]> {
    const result = await db.execute(sql`
      select distinct l.owner_id
      from users l join auth_users a on a.id = l.owner_id
      where l.enabled and a.expiry_reminders and not a.banned
        and l.expiry_date between ${today}::date and ${until}::date
        and not exists (
          select 1 from expiry_reminders r where r.line_id = l.id and r.expiry_date = l.expiry_date)
      union
      select owner_id from expiry_reminder_batches
      order by 1`);
    return rowsOf(result).map((row) => String(row.owner_id));
  },
  /**
   * Claims at most `limit` of one owner's due lines as a new batch, in one statement (so the batch row
   * and its lines commit together); answers how many lines it claimed. Fewer than `limit` means the
   * owner has no more due lines (or another instance is claiming them).
   */
  async claimBatch(db: Db, ownerId: string, today: string, until: string, limit: number): Promise<number> {
    const result = await db.execute(sql`
      with batch as (
        insert into expiry_reminder_batches (owner_id) values (${ownerId}) returning id
      ), due as (
        select l.id as line_id, l.expiry_date
        from users l join auth_users a on a.id = l.owner_id
        where l.owner_id = ${ownerId} and l.enabled and a.expiry_reminders and not a.banned
          and l.expiry_date between ${today}::date and ${until}::date
          and not exists (
            select 1 from expiry_reminders r where r.line_id = l.id and r.expiry_date = l.expiry_date)
        order by l.expiry_date, l.id
        limit ${limit}
      ), claimed as (
        insert into expiry_reminders (line_id, expiry_date, owner_id, batch_id)
        select due.line_id, due.expiry_date, ${ownerId}, batch.id from due, batch
        on conflict do nothing
        returning line_id
      )
      select count(*)::int as claimed from claimed`);
    return Number(rowsOf(result)[0]?.claimed ?? 0);
  },
  /**
   * Takes every batch of the owner not told yet (deleting it: a second instance taking them at once
   * waits for this transaction and then finds them gone) and answers their lines, for the digest the
   * caller writes in the same transaction.
   */
  async takeBatches(tx: Db, ownerId: string): Promise<DueLine[]> {
    const result = await tx.execute(sql`
      with taken as (
        delete from expiry_reminder_batches where owner_id = ${ownerId} returning id
      )
      select r.line_id, to_char(r.expiry_date, 'YYYY-MM-DD') as expiry_date, r.owner_id, l.username
      from expiry_reminders r join taken t on t.id = r.batch_id join users l on l.id = r.line_id
      order by r.expiry_date, l.username`);
    return rowsOf(result).map((row) => ({
      lineId: Number(row.line_id),
      username: String(row.username),
      expiryDate: String(row.expiry_date),
      ownerId: String(row.owner_id),
    }));
  },
  /** Resellers who have their customers reminded (a number of days chosen, 0 = never), with the days. */
  async resellersRemindingCustomers(db: Db): Promise<{ id: string; days: number }[]> {
    const result = await db.execute(sql`
      select id, customer_reminder_days from auth_users
      where customer_reminder_days > 0 and not banned
      order by id`);
    return rowsOf(result).map((row) => ({ id: String(row.id), days: Number(row.customer_reminder_days) }));
  },
  /**
   * One reseller's enabled lines with a customer email expiring in [today, until] (the reseller's
   * customer reminder window), whose customer was not mailed for this expiry date yet; claimed in the
   * same statement, at most `limit` of them (as `claimBatch` claims the owners' reminders, through the
   * owner's expiry index).
   */
  async claimDueCustomers(
    tx: Db,
    ownerId: string,
    today: string,
    until: string,
    limit: number,
  ): Promise<DueCustomerLine[]> {
    const result = await tx.execute(sql`
      with due as (
        select l.id as line_id, l.expiry_date
        from users l
        where l.owner_id = ${ownerId} and l.enabled and l.email is not null and l.email <> ''
          and l.expiry_date between ${today}::date and ${until}::date
          and not exists (select 1 from customer_expiry_reminders r
            where r.line_id = l.id and r.expiry_date = l.expiry_date)
        order by l.expiry_date, l.id
        limit ${limit}
      ), claimed as (
        insert into customer_expiry_reminders (line_id, expiry_date)
        select line_id, expiry_date from due
        on conflict do nothing
        returning line_id, expiry_date
      )
      select c.line_id, to_char(c.expiry_date, 'YYYY-MM-DD') as expiry_date, l.username, l.email,
        coalesce(l.language, ${accountTextLanguage}) as language, auth_users.id as owner_id,
        auth_users.full_name as owner_name, auth_users.username as owner_username,
        auth_users.email as owner_email, auth_users.portal_contact, auth_users.portal_enabled
      from claimed c join users l on l.id = c.line_id join auth_users on auth_users.id = l.owner_id
      order by c.line_id`);
    return rowsOf(result).map((row) => ({
      lineId: Number(row.line_id),
      username: String(row.username),
      expiryDate: String(row.expiry_date),
      ownerId: String(row.owner_id),
      customerEmail: String(row.email),
      language: row.language === null ? null : String(row.language),
      owner: {
        fullName: String(row.owner_name ?? ''),
        username: String(row.owner_username ?? ''),
        email: String(row.owner_email),
        portalContact: String(row.portal_contact ?? ''),
        portalEnabled: row.portal_enabled === true,
      },
    }));
  },
  /** Whether the account wants expiry reminders; on unless it said otherwise. */
  async wantsReminders(db: Db, accountId: string): Promise<boolean> {
    const [row] = await db
      .select({ enabled: authUsers.expiryReminders })
      .from(authUsers)
      .where(eq(authUsers.id, accountId));
    return row?.enabled ?? true;
  },
  async setWantsReminders(db: Db, accountId: string, enabled: boolean): Promise<void> {
    await db.update(authUsers).set({ expiryReminders: enabled }).where(eq(authUsers.id, accountId));
  },
};
