import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers, lines, serverOutageLines, serverOutages } from '../../db/schema.js';
import type { OutageCause } from '@linedesk/shared';

export type OutageRow = typeof serverOutages.$inferSelect;

/** A line that runs (enabled, not frozen, not archived, not expired on `today`). */
const running = (today: string) =>
  sql`${lines.enabled} and ${lines.frozenAt} is null and ${lines.archivedAt} is null and ${lines.expiryDate} >= ${today}`;

/** The outage rows: one unended row per server (the partial unique index), its lines and their claims. */
export const outagesRepository = {
  async unended(db: Db, serverId: number): Promise<OutageRow | undefined> {
    const [row] = await db
      .select()
      .from(serverOutages)
      .where(and(eq(serverOutages.serverId, serverId), isNull(serverOutages.endedAt)));
    return row;
  },
  /** Starts a suspicion unless the server has an unended row; another instance's insert wins. */
  async suspect(db: Db, serverId: number, cause: OutageCause): Promise<void> {
    await db.execute(sql`
      insert into ${serverOutages} (server_id, cause) values (${serverId}, ${cause})
      on conflict (server_id) where ended_at is null do nothing`);
  },
  /** A suspicion that healed before it counted: never an outage. */
  async dropSuspicion(db: Db, id: number): Promise<void> {
    await db
      .delete(serverOutages)
      .where(and(eq(serverOutages.id, id), isNull(serverOutages.confirmedAt), isNull(serverOutages.endedAt)));
  },
  /**
   * Makes the suspicion an outage and records the server's running lines with their owners, in one
   * statement guarded by `confirmed_at is null`: only one instance confirms (and then notifies).
   */
  async confirm(db: Db, id: number, today: string): Promise<OutageRow | undefined> {
    const [row] = await db
      .update(serverOutages)
      .set({ confirmedAt: sql`now()` })
      .where(and(eq(serverOutages.id, id), isNull(serverOutages.confirmedAt), isNull(serverOutages.endedAt)))
      .returning();
    if (!row) return undefined;
    await db.execute(sql`
      insert into ${serverOutageLines} (outage_id, line_id, owner_id)
      select ${row.id}, ${lines.id}, ${lines.ownerId} from ${lines}
      where ${lines.serverId} = ${row.serverId} and ${running(today)}`);
    return row;
  },
  /** Ends a confirmed outage; the guard lets one instance end it (and then notify and compensate). */
  async end(db: Db, id: number): Promise<OutageRow | undefined> {
    const [row] = await db
      .update(serverOutages)
      .set({ endedAt: sql`now()` })
      .where(and(eq(serverOutages.id, id), isNull(serverOutages.endedAt)))
      .returning();
    return row;
  },
  /** Affected lines per owner (null: lines without an owner), for the notices. */
  async countsByOwner(db: Db, outageId: number): Promise<Map<string | null, number>> {
    const result = await db.execute<{
      owner_id: string | null;
      n: number;
    }>(sql`
      select owner_id, count(*)::int as n from ${serverOutageLines}
      where outage_id = ${outageId} group by owner_id`);
    return new Map(result.rows.map((row) => [row.owner_id, Number(row.n)]));
  },
  /**
   * Claims the outage's lines that still run for compensation: each row's `compensated_at` is set
   * once, so two instances finishing the outage at once split or skip them, never repeat one.
   */
  async claimCompensation(db: Db, outageId: number, minutes: number, today: string): Promise<number[]> {
    const result = await db.execute<{ line_id: number }>(sql`
      update ${serverOutageLines} ol set compensated_at = now(), compensated_minutes = ${minutes}
      from ${lines}
      where ol.outage_id = ${outageId} and ol.compensated_at is null
        and ${lines.id} = ol.line_id and ${running(today)}
      returning ol.line_id`);
    return result.rows.map((row) => Number(row.line_id));
  },
  async serverName(db: Db, serverId: number): Promise<string> {
    const [row] = await db
      .select({ name: cccamServers.serverName })
      .from(cccamServers)
      .where(eq(cccamServers.id, serverId));
    return row?.name ?? `#${serverId}`;
  },
  /**
   * Confirmed outages unended or started since `since`, unended first then newest, with the affected
   * and compensated lines: all for `ownerIds` null, else those owners', and then only outages of
   * servers the owners have lines on (now, or when the outage began).
   */
  async list(db: Db, ownerIds: readonly string[] | null, since: Date, limit: number) {
    const owners = ownerIds?.length
      ? sql.join(
          ownerIds.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
    const mine = ownerIds === null ? sql`true` : sql`ol.owner_id in (${owners})`;
    const visible =
      ownerIds === null
        ? sql`true`
        : sql`(exists (select 1 from ${serverOutageLines} x where x.outage_id = o.id and x.owner_id in (${owners}))
            or exists (select 1 from ${lines} where ${lines.serverId} = o.server_id and ${lines.ownerId} in (${owners})))`;
    const result = await db.execute<{
      id: number;
      server_id: number;
      server: string;
      cause: OutageCause;
      started_at: Date | string;
      ended_at: Date | string | null;
      affected: number;
      compensated: number;
      compensated_minutes: number;
    }>(sql`
      select o.id, o.server_id, s.server_name as server, o.cause, o.started_at, o.ended_at,
        (select count(*) from ${serverOutageLines} ol where ol.outage_id = o.id and ${mine})::int as affected,
        (select count(*) from ${serverOutageLines} ol
          where ol.outage_id = o.id and ol.compensated_at is not null and ${mine})::int as compensated,
        (select coalesce(sum(ol.compensated_minutes), 0) from ${serverOutageLines} ol
          where ol.outage_id = o.id and ol.compensated_at is not null and ${mine})::int as compensated_minutes
      from ${serverOutages} o
      join ${cccamServers} s on s.id = o.server_id
      where o.confirmed_at is not null and (o.ended_at is null or o.started_at >= ${since.toISOString()})
        and ${visible}
      order by (o.ended_at is null) desc, o.started_at desc, o.id desc
      limit ${limit}`);
    return result.rows;
  },
  /** Minutes of outage compensation given to each owner's lines from `from` until `to`. */
  async compensatedMinutes(db: Db, ownerIds: readonly string[], from: Date, to: Date) {
    if (ownerIds.length === 0) return new Map<string, number>();
    const result = await db.execute<{ owner_id: string; minutes: number }>(sql`
      select owner_id, coalesce(sum(compensated_minutes), 0)::int as minutes from ${serverOutageLines}
      where owner_id in (${sql.join(
        ownerIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and compensated_at >= ${from.toISOString()} and compensated_at < ${to.toISOString()}
      group by owner_id`);
    return new Map(result.rows.map((row) => [row.owner_id, Number(row.minutes)]));
  },
};
