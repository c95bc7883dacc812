import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
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

/** Where an owner's next claim starts: after this line in expiry date and id order. */
export type ClaimCursor = { expiryDate: string; lineId: number };

/** What one claim did: lines claimed, due lines gone through, and the cursor after them. */
export type ClaimStep = { claimed: number; seen: number; last: ClaimCursor | null };

/**
 * The owner's next `limit` lines expiring in the window after the cursor, in expiry date and id order,
 * read from the owner's expiry index alone; a claim then keeps those that are due (enabled, not told
 * yet). Each claim reads `limit` lines whatever the owner has: when a claim picked its due lines out of
 * all of the owner's lines in the window, every claim of an owner with 1,000 went through all 1,000.
 */
const nextLines = (
  ownerId: string,
  window: { today: string; until: string },
  limit: number,
  after: ClaimCursor | null,
) => sql`
        select l.id as line_id, l.expiry_date from users l
        where l.owner_id = ${ownerId}
          and l.expiry_date between ${window.today}::date and ${window.until}::date
          and ${
            after === null
              ? sql`true`
              : sql`(l.expiry_date, l.id) > (${after.expiryDate}::date, ${after.lineId}::int)`
          }
        order by l.expiry_date, l.id
        limit ${limit}`;

/** How many lines a claim went through (`next`), and the last of them: where the next claim starts. */
const stepOf = sql.raw(`count(*)::int as seen, to_char(max(next.expiry_date), 'YYYY-MM-DD') as last_date,
        (array_agg(next.line_id order by next.expiry_date desc, next.line_id desc))[1] as last_id`);

function claimStep(row: Record<string, unknown> | undefined): ClaimStep {
  const seen = Number(row?.seen ?? 0);
  return {
    claimed: Number(row?.claimed ?? 0),
    seen,
    last:
      seen > 0 && row?.last_date != null
        ? { expiryDate: String(row.last_date), lineId: Number(row.last_id) }
        : null,
  };
}

/**
 * Enabled lines expiring in [today, until] whose owner wants reminders and has not been reminded of
 * this line at this expiry date yet, claimed by inserting their `expiry_reminders` rows (ON CONFLICT
 * DO NOTHING), so only the statement that inserted a row reports it. Claims go a batch at a time
 * (`claimBatch`): one statement over thousands of lines holds the embedded database, which runs on
 * the server's main thread, for seconds.
 */
export const remindersRepository = {
  /**
   * Owners who want reminders and have lines expiring in the window, and owners with claimed batches
   * not told yet (`untold`: a round that stopped between its claim and the digest). Asked per account,
   * from the owner's expiry index alone: whether those lines are due is asked per owner
   * (`hasDueLines`), each a step of its own, because asking it here meant going through every line in
   * the window of every owner in one statement.
   */
  async ownersToRemind(
    db: Db,
    today: string,
    until: string,
  ): Promise<{ ownerId: string; untold: boolean }[]> {
    const rows = await rawRows(
      db,
      sql`
      select a.id as owner_id, exists (select 1 from expiry_reminder_batches b where b.owner_id = a.id) as untold
      from auth_users a
      where (a.expiry_reminders and not a.banned and exists (
          select 1 from users l
          where l.owner_id = a.id and l.expiry_date between ${today}::date and ${until}::date))
        or exists (select 1 from expiry_reminder_batches b where b.owner_id = a.id)
      order by a.id`,
    );
    return rows.map((row) => ({ ownerId: String(row.owner_id), untold: row.untold === true }));
  },
  /**
   * Whether the owner (wanting reminders) has an enabled line in the window not told yet; stops at the
   * first, so an owner with due lines costs little and one told of them all costs a walk through them.
   */
  async hasDueLines(db: Db, ownerId: string, window: { today: string; until: string }): Promise<boolean> {
    const rows = await rawRows(
      db,
      sql`
      select exists (
        select 1 from users l join auth_users a on a.id = l.owner_id
        where l.owner_id = ${ownerId} and l.enabled and a.expiry_reminders and not a.banned
          and l.expiry_date between ${window.today}::date and ${window.until}::date
          and not exists (
            select 1 from expiry_reminders r where r.line_id = l.id and r.expiry_date = l.expiry_date)
      ) as due`,
    );
    return rows[0]?.due === true;
  },
  /**
   * Claims the due lines among one owner's next `limit` lines in the window after `after`
   * (`nextLines`) as a new batch, in one statement (so the batch row and its lines commit together).
   * Answers how many lines it claimed, how many it went through (fewer than `limit`: the owner has no
   * more in the window) and where the next claim starts.
   */
  async claimBatch(
    db: Db,
    ownerId: string,
    window: { today: string; until: string },
    limit: number,
    after: ClaimCursor | null,
  ): Promise<ClaimStep> {
    const rows = await rawRows(
      db,
      sql`
      with batch as (
        insert into expiry_reminder_batches (owner_id) values (${ownerId}) returning id
      ), next as (${nextLines(ownerId, window, limit, after)}
      ), due as (
        select next.line_id, next.expiry_date
        from next join users l on l.id = next.line_id join auth_users a on a.id = l.owner_id
        where l.enabled and a.expiry_reminders and not a.banned
          and not exists (
            select 1 from expiry_reminders r where r.line_id = l.id and r.expiry_date = l.expiry_date)
      ), claimed as (
        insert into expiry_reminders (line_id, expiry_date, owner_id, batch_id)
        select due.line_id, due.expiry_date, ${ownerId}, batch.id from due, batch
        on conflict do nothing
        returning line_id
      )
      select (select count(*)::int from claimed) as claimed, ${stepOf}
      from next`,
    );
    return claimStep(rows[0]);
  },
  /**
   * Takes every batch of the owner not told yet (deleting it: a second instance taking them at once
   * waits for this transaction and then finds them gone) and answers their lines, for the digest the
   * caller writes in the same transaction.
   */
  async takeBatches(tx: Db, ownerId: string): Promise<DueLine[]> {
    const rows = await rawRows(
      tx,
      sql`
      with taken as (
        delete from expiry_reminder_batches where owner_id = ${ownerId} returning id
      )
      select r.line_id, to_char(r.expiry_date, 'YYYY-MM-DD') as expiry_date, r.owner_id, l.username
      from expiry_reminders r join taken t on t.id = r.batch_id join users l on l.id = r.line_id
      order by r.expiry_date, l.username`,
    );
    return rows.map((row) => ({
      lineId: Number(row.line_id),
      username: String(row.username),
      expiryDate: String(row.expiry_date),
      ownerId: String(row.owner_id),
    }));
  },
  /** Resellers who have their customers reminded (a number of days chosen, 0 = never), with the days. */
  async resellersRemindingCustomers(db: Db): Promise<{ id: string; days: number }[]> {
    const rows = await rawRows(
      db,
      sql`
      select id, customer_reminder_days from auth_users
      where customer_reminder_days > 0 and not banned
      order by id`,
    );
    return rows.map((row) => ({ id: String(row.id), days: Number(row.customer_reminder_days) }));
  },
  /**
   * Among one reseller's next `limit` lines in the reseller's customer reminder window after `after`
   * (`nextLines`, as `claimBatch` goes), claims those enabled, with a customer email, whose customer
   * was not mailed for this expiry date yet, in one statement. Answers the claim's step and the
   * claimed lines with what their mails say.
   */
  async claimDueCustomers(
    tx: Db,
    ownerId: string,
    window: { today: string; until: string },
    limit: number,
    after: ClaimCursor | null,
  ): Promise<{ step: ClaimStep; lines: DueCustomerLine[] }> {
    const rows = await rawRows(
      tx,
      sql`
      with next as (${nextLines(ownerId, window, limit, after)}
      ), due as (
        select next.line_id, next.expiry_date
        from next join users l on l.id = next.line_id
        where l.enabled and l.email is not null and l.email <> ''
          and not exists (select 1 from customer_expiry_reminders r
            where r.line_id = l.id and r.expiry_date = l.expiry_date)
      ), claimed as (
        insert into customer_expiry_reminders (line_id, expiry_date)
        select line_id, expiry_date from due
        on conflict do nothing
        returning line_id, expiry_date
      ), seen as (
        select (select count(*)::int from claimed) as claimed, ${stepOf} from next
      )
      select seen.*, c.line_id, to_char(c.expiry_date, 'YYYY-MM-DD') as expiry_date, l.username, l.email,
        coalesce(l.language, ${accountTextLanguage}) as language, auth_users.id as owner_id,
        auth_users.full_name as owner_name, auth_users.username as owner_username,
        auth_users.email as owner_email, auth_users.portal_contact, auth_users.portal_enabled
      from seen left join (claimed c join users l on l.id = c.line_id
        join auth_users on auth_users.id = l.owner_id) on true
      order by c.line_id`,
    );
    return {
      step: claimStep(rows[0]),
      lines: rows
        .filter((row) => row.line_id !== null)
        .map((row) => ({
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
        })),
    };
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
