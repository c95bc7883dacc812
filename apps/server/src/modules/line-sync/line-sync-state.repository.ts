import type { ErrorCode, ErrorParams } from '@linedesk/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers, lineBulkItems, lineEvents, lines, lineSyncOutbox } from '../../db/schema.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';

/** A line's sync state as delivery and reconcile read and record it. */
export const lineSyncStateRepository = {
  /**
   * What reconcile compares with an agent's GET /users: the server's lines, and for a standby its
   * primary's (docs/standby.md; their current state queued for the primary is copied to it).
   */
  listForServer(db: Db, serverId: number) {
    return (
      db
        .select({
          id: lines.id,
          username: lines.username,
          expiryDate: lines.expiryDate,
          enabled: lines.enabled,
        })
        .from(lines)
        // An archived line is off its server on purpose: its user there is a leftover to remove.
        .where(
          and(
            sql`${lines.serverId} in (select ${serverId}::int union all select id from ${cccamServers} where standby_id = ${serverId})`,
            isNull(lines.archivedAt),
          ),
        )
    );
  },
  /** Usernames whose old entry on this server a move keeps (its grace period, or its removal queued). */
  async keptByMoves(db: Db, serverId: number): Promise<Set<string>> {
    const rows = await db
      .select({ username: lineBulkItems.username })
      .from(lineBulkItems)
      .where(
        and(
          eq(lineBulkItems.fromServerId, serverId),
          eq(lineBulkItems.result, 'pending'),
          sql`${lineBulkItems.stage} is not null`,
        ),
      );
    return new Set(rows.flatMap((row) => (row.username === null ? [] : [row.username])));
  },
  /**
   * Of `usernames` (users on the server without a line there), those the panel wrote on this server:
   * a line of that name, now elsewhere or deleted since, was synced or adopted there.
   */
  async writtenOnServer(db: Db, serverId: number, usernames: string[]): Promise<Set<string>> {
    if (usernames.length === 0) return new Set();
    const server = String(serverId);
    const result = await db.execute<{ username: string }>(sql`
      with names as (select jsonb_array_elements_text(${JSON.stringify(usernames)}::jsonb) as username),
      known as (
        select l.id as line_id, l.username from ${lines} l join names n on n.username = l.username
        union all
        select e.line_id, e.details->>'username' from ${lineEvents} e
        where e.action = 'deleted' and e.details->>'username' in (select username from names)
      )
      select distinct k.username from known k
      where exists (
        select 1 from ${lineEvents} w
        where w.line_id = k.line_id and w.action in ('synced', 'adopted') and w.details->>'server_id' = ${server}
      )`);
    return new Set(result.rows.map((row) => row.username));
  },
  /**
   * After a batch's delivery: each line synced, with its `synced` history row, unless a newer change
   * for the same server and username is pending. Run after the delivered outbox rows were removed.
   * Returns the lines that changed.
   */
  async markSyncedMany(
    db: Db,
    delivered: { id: number; serverId: number; username: string }[],
  ): Promise<{ id: number; ownerId: string | null; syncedAt: Date }[]> {
    if (delivered.length === 0) return [];
    // One JSON parameter for the whole batch rather than three bound parameters a line.
    const values = delivered.map((line) => ({
      id: line.id,
      server_id: line.serverId,
      username: line.username,
    }));
    const result = await db.execute<{ id: number; owner_id: string | null; synced_ms: number }>(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r (id int, server_id int, username text)
      ),
      synced as (
        update ${lines} u set sync_state = 'synced', sync_error = null, sync_error_code = null,
          sync_error_params = null, synced_at = now()
        from v
        where u.id = v.id and u.server_id = v.server_id and u.username = v.username
          and not exists (select 1 from ${lineSyncOutbox} o where o.server_id = v.server_id and o.username = v.username)
        returning u.id, u.owner_id, u.server_id, u.synced_at
      ),
      logged as (${lineHistoryRepository.insertSelected(
        sql`select id, owner_id, null, 'synced', jsonb_build_object('server_id', server_id) from synced`,
      )})
      select id, owner_id, (extract(epoch from synced_at) * 1000)::float8 as synced_ms from synced`);
    return result.rows.map((row) => ({
      id: row.id,
      ownerId: row.owner_id,
      syncedAt: new Date(Math.floor(row.synced_ms)),
    }));
  },
  /**
   * Returns the owner only when this changes what the line shows (not already failing this way).
   * Only while the failed change is still pending for the key: another deliverer may have taken the
   * released row and delivered it meanwhile, and its "synced" must not be overwritten by this older
   * failure. Call with the line locked, so a completion recorded after this statement's look at the
   * outbox marks the line synced after it, not before.
   */
  async markFailing(
    db: Db,
    lineId: number,
    key: { serverId: number; username: string },
    failure: { message: string; code: ErrorCode | null; params: ErrorParams | null },
  ): Promise<{ ownerId: string | null } | undefined> {
    const { message } = failure;
    const [row] = await db
      .update(lines)
      .set({
        syncState: 'failing',
        syncError: message,
        syncErrorCode: failure.code,
        syncErrorParams: failure.params,
      })
      .where(
        and(
          eq(lines.id, lineId),
          sql`(${lines.syncState} <> 'failing' or ${lines.syncError} is distinct from ${message})`,
          sql`exists (select 1 from ${lineSyncOutbox} o
            where o.server_id = ${key.serverId} and o.username = ${key.username})`,
        ),
      )
      .returning({ ownerId: lines.ownerId });
    return row;
  },
  /**
   * Adopted lines are in sync: each takes the password its entry had, unless someone gave it one
   * while the adoption was pending (an empty password is one not read yet); each gets its `adopted`
   * history row in the same statement. Only a line still on that server under that name is touched.
   */
  async recordAdoptedMany(
    tx: Db,
    adopted: { lineId: number; serverId: number; username: string; password: string; moved: boolean }[],
  ): Promise<
    {
      id: number;
      username: string;
      ownerId: string | null;
      password: string;
      expiryDate: string;
      enabled: boolean;
    }[]
  > {
    if (adopted.length === 0) return [];
    const values = adopted.map((row) => ({
      id: row.lineId,
      server_id: row.serverId,
      username: row.username,
      password: row.password,
      moved: row.moved,
    }));
    const result = await tx.execute<{
      id: number;
      username: string;
      owner_id: string | null;
      password: string;
      expiry_date: string;
      enabled: boolean;
    }>(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as r (id int, server_id int, username text, password text, moved boolean)
      ),
      updated as (
        update ${lines} u set
          password = case when u.password = '' then v.password else u.password end,
          sync_state = 'synced', sync_error = null, sync_error_code = null, sync_error_params = null,
          synced_at = now()
        from v
        where u.id = v.id and u.server_id = v.server_id and u.username = v.username
        returning u.id, u.username, u.owner_id, u.password, to_char(u.expiry_date, 'YYYY-MM-DD') as expiry_date,
          u.enabled, v.server_id, v.moved
      ),
      logged as (
        ${lineHistoryRepository.insertSelected(
          sql`select id, owner_id, null, 'adopted', jsonb_build_object('server_id', server_id, 'moved', moved) from updated`,
        )}
      )
      select id, username, owner_id, password, expiry_date, enabled from updated`);
    return result.rows.map((row) => ({
      id: row.id,
      username: row.username,
      ownerId: row.owner_id,
      password: row.password,
      expiryDate: row.expiry_date,
      enabled: row.enabled,
    }));
  },
  async syncedAt(db: Db, lineId: number): Promise<{ syncedAt: Date | null } | undefined> {
    const [row] = await db.select({ syncedAt: lines.syncedAt }).from(lines).where(eq(lines.id, lineId));
    return row;
  },
};
