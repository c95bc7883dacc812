import { inArray, sql } from 'drizzle-orm';
import type { LineEntryExtra, LineRestrictions } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { lines } from '../../db/schema.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';

/** A line recorded for an adopted entry, before the agent has moved it (its password not read yet). */
export type AdoptedLineInsert = {
  username: string;
  expiryDate: string;
  enabled: boolean;
  hostPort: string[];
  ownerId: string;
  ownerEmail: string;
  serverId: number;
  planId: number;
  subscriptionMonths: number | null;
  /** The entry's own settings: written back whole by every later change of the line. */
  restrictionOverrides: LineRestrictions;
  entryExtra: LineEntryExtra | null;
};

export const lineAdoptionRepository = {
  /** The panel's lines with any of these usernames, on any server (usernames are unique). */
  linesNamed(db: Db, usernames: string[]) {
    if (usernames.length === 0) return Promise.resolve([]);
    return db
      .select({ id: lines.id, username: lines.username, serverId: lines.serverId })
      .from(lines)
      .where(inArray(lines.username, usernames));
  },
  /**
   * Inserts the lines, skipping usernames taken meanwhile (the unique index decides), with their
   * `created` history rows in the same statement. Returns the lines written.
   */
  async insertLines(
    tx: Db,
    rows: AdoptedLineInsert[],
    event: { actorId: string; details: Record<string, unknown> },
  ): Promise<{ id: number; username: string }[]> {
    if (rows.length === 0) return [];
    const values = rows.map((row) => ({
      username: row.username,
      password: '',
      expiry_date: row.expiryDate,
      enabled: row.enabled,
      host_port: row.hostPort,
      owner_id: row.ownerId,
      owner_email: row.ownerEmail,
      server_id: row.serverId,
      plan_id: row.planId,
      subscription_months: row.subscriptionMonths,
      restriction_overrides: row.restrictionOverrides,
      entry_extra: row.entryExtra,
    }));
    const result = await tx.execute<{ id: number; username: string }>(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r (
          username text, password text, expiry_date date, enabled boolean, host_port text[],
          owner_id text, owner_email text, server_id int, plan_id int, subscription_months int,
          restriction_overrides jsonb, entry_extra jsonb)
      ),
      inserted as (
        insert into ${lines} (username, password, expiry_date, enabled, host_port, owner_id, owner_email,
          server_id, plan_id, subscription_months, restriction_overrides, entry_extra, sync_state)
        select username, password, expiry_date, enabled, host_port, owner_id, owner_email, server_id,
          plan_id, subscription_months, coalesce(restriction_overrides, '{}'::jsonb),
          nullif(entry_extra, 'null'::jsonb), 'pending'
        from v
        on conflict (username) do nothing
        returning id, username, owner_id
      ),
      logged as (
        ${lineHistoryRepository.insertSelected(
          sql`select id, owner_id, ${event.actorId}, 'created', ${JSON.stringify(event.details)}::jsonb from inserted`,
        )}
      )
      select id, username from inserted order by id`);
    return result.rows;
  },
};
