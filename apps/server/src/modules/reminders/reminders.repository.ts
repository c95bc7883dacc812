import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers } from '../../db/schema.js';

export type DueLine = { lineId: number; username: string; expiryDate: string; ownerId: string };

/** A line whose customer is to be mailed, with what the mail says and who it comes from. */
export type DueCustomerLine = DueLine & {
  customerEmail: string;
  /** The line's own language, else its owner's. */
  language: string;
  owner: { fullName: string; username: string; email: string; portalContact: string; portalEnabled: boolean };
};

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Enabled lines expiring in [today, until] whose owner wants reminders and has not been reminded of
 * this line at this expiry date yet. Claimed in the same statement (INSERT … ON CONFLICT DO NOTHING
 * RETURNING), so only the run that inserted a row reports it.
 */
export const remindersRepository = {
  async claimDue(tx: Db, today: string, until: string): Promise<DueLine[]> {
    const result = await tx.execute(sql`
      with due as (
        select l.id as line_id, l.expiry_date, l.owner_id
        from users l join auth_users a on a.id = l.owner_id
        where l.enabled and a.expiry_reminders and not a.banned
          and l.expiry_date between ${today}::date and ${until}::date
      ), claimed as (
        insert into expiry_reminders (line_id, expiry_date, owner_id)
        select line_id, expiry_date, owner_id from due
        on conflict do nothing
        returning line_id, expiry_date, owner_id
      )
      select c.line_id, to_char(c.expiry_date, 'YYYY-MM-DD') as expiry_date, c.owner_id, l.username
      from claimed c join users l on l.id = c.line_id
      order by c.owner_id, c.expiry_date, l.username`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
      lineId: Number(row.line_id),
      username: String(row.username),
      expiryDate: String(row.expiry_date),
      ownerId: String(row.owner_id),
    }));
  },
  /**
   * Enabled lines with a customer email expiring within their owner's customer reminder days (the
   * owner's setting, 0 = never), whose customer was not mailed for this expiry date yet; claimed in
   * the same statement, as `claimDue` claims the owners' reminders.
   */
  async claimDueCustomers(tx: Db, today: string): Promise<DueCustomerLine[]> {
    const result = await tx.execute(sql`
      with due as (
        select l.id as line_id, l.expiry_date
        from users l join auth_users a on a.id = l.owner_id
        where a.customer_reminder_days > 0 and not a.banned and l.enabled
          and l.email is not null and l.email <> ''
          and l.expiry_date between ${today}::date and ${today}::date + a.customer_reminder_days
      ), claimed as (
        insert into customer_expiry_reminders (line_id, expiry_date)
        select line_id, expiry_date from due
        on conflict do nothing
        returning line_id, expiry_date
      )
      select c.line_id, to_char(c.expiry_date, 'YYYY-MM-DD') as expiry_date, l.username, l.email,
        coalesce(l.language, a.language) as language, a.id as owner_id, a.full_name as owner_name,
        a.username as owner_username, a.email as owner_email, a.portal_contact, a.portal_enabled
      from claimed c join users l on l.id = c.line_id join auth_users a on a.id = l.owner_id
      order by c.line_id`);
    return rowsOf(result).map((row) => ({
      lineId: Number(row.line_id),
      username: String(row.username),
      expiryDate: String(row.expiry_date),
      ownerId: String(row.owner_id),
      customerEmail: String(row.email),
      language: String(row.language),
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
