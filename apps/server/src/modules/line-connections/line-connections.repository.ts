import { LINE_IP_HISTORY_LIMIT } from '@linedesk/shared';
import { and, desc, eq, gt, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inJsonList, notInJsonList } from '../../db/json-list.js';
import { rawRows } from '../../db/raw-rows.js';
import { serverPollsRepository } from '../servers/server-polls.repository.js';
import {
  cccamServers,
  lineConnectionPolls,
  lineIpHistory,
  linePresence,
  lines,
  lineSessions,
} from '../../db/schema.js';

export type SessionInsert = Omit<typeof lineSessions.$inferInsert, 'id' | 'seenAt'>;
export type SessionRow = typeof lineSessions.$inferSelect;
export type PresenceRow = typeof linePresence.$inferSelect;

/** When each active server's connections are read next. */
export const lineConnectionPollsRepository = serverPollsRepository(lineConnectionPolls);

export const lineConnectionsRepository = {
  /** Servers that still have sessions but are no longer polled (made inactive, or in error). */
  async serversWithStaleSessions(db: Db): Promise<number[]> {
    const rows = await db
      .selectDistinct({ serverId: linePresence.serverId })
      .from(linePresence)
      .innerJoin(cccamServers, eq(cccamServers.id, linePresence.serverId))
      .where(and(gt(linePresence.sessions, 0), sql`${cccamServers.status} <> 'active'`));
    return rows.flatMap((row) => (row.serverId === null ? [] : [row.serverId]));
  },
  /** The server's lines with these usernames. */
  async linesByUsername(db: Db, serverId: number, usernames: string[]) {
    if (usernames.length === 0) return [];
    return db
      .select({ id: lines.id, username: lines.username, ownerId: lines.ownerId, enabled: lines.enabled })
      .from(lines)
      .where(and(eq(lines.serverId, serverId), inJsonList(lines.username, usernames, 'text')));
  },
  /**
   * Those of these lines that still exist, locked against deletion (not against other changes)
   * until the caller's transaction ends; a line deleted meanwhile is simply not returned.
   */
  async lockExistingLines(tx: Db, lineIds: number[]): Promise<number[]> {
    if (lineIds.length === 0) return [];
    const rows = await tx
      .select({ id: lines.id })
      .from(lines)
      .where(inJsonList(lines.id, lineIds, 'int'))
      .for('key share');
    return rows.map((row) => row.id);
  },
  sessionsOfServer(tx: Db, serverId: number) {
    return tx
      .select({ lineId: lineSessions.lineId, ip: lineSessions.ip, connectionId: lineSessions.connectionId })
      .from(lineSessions)
      .where(eq(lineSessions.serverId, serverId));
  },
  async replaceSessions(tx: Db, serverId: number, sessions: SessionInsert[]): Promise<void> {
    await tx.delete(lineSessions).where(eq(lineSessions.serverId, serverId));
    if (sessions.length === 0) return;
    // All rows in one parameter (db/json-list.ts): 50,000 connections are 600,000 values.
    const rows = sessions.map((s) => ({
      server_id: s.serverId,
      line_id: s.lineId,
      connection_id: s.connectionId ?? null,
      ip: s.ip,
      protocol: s.protocol,
      connected_since: s.connectedSince ?? null,
      idle_seconds: s.idleSeconds ?? null,
      last_channel: s.lastChannel ?? null,
      last_caid: s.lastCaid ?? null,
      ecm_ok: s.ecmOk ?? null,
      ecm_total: s.ecmTotal ?? null,
      state: s.state ?? null,
    }));
    await tx.execute(sql`
      insert into ${lineSessions} (server_id, line_id, connection_id, ip, protocol, connected_since,
        idle_seconds, last_channel, last_caid, ecm_ok, ecm_total, state)
      select server_id, line_id, connection_id, ip, protocol, connected_since,
        idle_seconds, last_channel, last_caid, ecm_ok, ecm_total, state
      from json_to_recordset(${JSON.stringify(rows)}::json) as r (server_id int, line_id int,
        connection_id text, ip text, protocol text, connected_since timestamptz, idle_seconds int,
        last_channel text, last_caid text, ecm_ok int, ecm_total int, state text)`);
  },
  /** Seen lines: their session count and last seen now. */
  async markSeen(tx: Db, serverId: number, counts: Map<number, number>): Promise<void> {
    if (counts.size === 0) return;
    const rows = [...counts].map(([lineId, n]) => ({ line_id: lineId, sessions: n }));
    await tx.execute(sql`
      insert into ${linePresence} (line_id, server_id, sessions, last_seen_at)
      select line_id, ${serverId}, sessions, now()
      from json_to_recordset(${JSON.stringify(rows)}::json) as r (line_id int, sessions int)
      on conflict (line_id) do update set
        server_id = excluded.server_id, sessions = excluded.sessions, last_seen_at = excluded.last_seen_at`);
  },
  /** The server's lines that were online and are not among `seen`: now offline. Returns them. */
  async markOffline(tx: Db, serverId: number, seen: number[]): Promise<number[]> {
    const rows = await tx
      .update(linePresence)
      .set({ sessions: 0 })
      .where(
        and(
          eq(linePresence.serverId, serverId),
          gt(linePresence.sessions, 0),
          seen.length > 0 ? notInJsonList(linePresence.lineId, seen, 'int') : undefined,
        ),
      )
      .returning({ lineId: linePresence.lineId });
    return rows.map((row) => row.lineId);
  },
  async recordIps(tx: Db, pairs: { lineId: number; ip: string }[]): Promise<void> {
    if (pairs.length === 0) return;
    const rows = pairs.map((pair) => ({ line_id: pair.lineId, ip: pair.ip }));
    // Only a line with an address new to its history can hold more than it keeps.
    const grown = (
      await rawRows<{ line_id: number }>(
        tx,
        sql`
        with seen as (
          insert into ${lineIpHistory} (line_id, ip)
          select line_id, ip from json_to_recordset(${JSON.stringify(rows)}::json) as r (line_id int, ip text)
          on conflict (line_id, ip) do update set last_seen_at = now()
          returning line_id, xmax = 0 as added
        )
        select distinct line_id from seen where added`,
      )
    ).map((row) => Number(row.line_id));
    if (grown.length === 0) return;
    // Each line keeps only its newest addresses, so the history stays bounded however often it changes.
    await tx.execute(sql`
      delete from ${lineIpHistory} h
      using (
        select line_id, ip from (
          select line_id, ip, row_number() over (partition by line_id order by last_seen_at desc, ip) as n
          from ${lineIpHistory}
          where ${inJsonList(sql`line_id`, grown, 'int')}
        ) ranked
        where n > ${LINE_IP_HISTORY_LIMIT}
      ) old
      where h.line_id = old.line_id and h.ip = old.ip`);
  },
  /** Distinct addresses each line used since `windowMinutes` ago. */
  async ipsInWindow(tx: Db, lineIds: number[], windowMinutes: number): Promise<Map<number, number>> {
    if (lineIds.length === 0) return new Map();
    const rows = await tx
      .select({ lineId: lineIpHistory.lineId, n: sql<number>`count(*)::int` })
      .from(lineIpHistory)
      .where(
        and(
          inJsonList(lineIpHistory.lineId, lineIds, 'int'),
          gte(lineIpHistory.lastSeenAt, sql`now() - (${windowMinutes})::int * interval '1 minute'`),
        ),
      )
      .groupBy(lineIpHistory.lineId);
    return new Map(rows.map((row) => [row.lineId, row.n]));
  },
  /** Lines of the server in an open sharing episode. */
  async openEpisodes(tx: Db, serverId: number): Promise<number[]> {
    const rows = await tx
      .select({ lineId: linePresence.lineId })
      .from(linePresence)
      .where(and(eq(linePresence.serverId, serverId), isNotNull(linePresence.sharingSince)));
    return rows.map((row) => row.lineId);
  },
  /** Opens an episode unless one is open; returns the lines for which it was opened now. */
  async openEpisode(tx: Db, lineIds: number[]): Promise<number[]> {
    if (lineIds.length === 0) return [];
    const rows = await tx
      .update(linePresence)
      .set({ sharingSince: sql`now()`, sharingDetectedAt: sql`now()` })
      .where(and(inJsonList(linePresence.lineId, lineIds, 'int'), sql`${linePresence.sharingSince} is null`))
      .returning({ lineId: linePresence.lineId });
    return rows.map((row) => row.lineId);
  },
  async closeEpisodes(tx: Db, lineIds: number[]): Promise<void> {
    if (lineIds.length === 0) return;
    await tx
      .update(linePresence)
      .set({ sharingSince: null })
      .where(inJsonList(linePresence.lineId, lineIds, 'int'));
  },
  /** Presence of a page of lines, by primary key. */
  async presenceOf(db: Db, lineIds: number[]): Promise<Map<number, PresenceRow>> {
    if (lineIds.length === 0) return new Map();
    const rows = await db.select().from(linePresence).where(inArray(linePresence.lineId, lineIds));
    return new Map(rows.map((row) => [row.lineId, row]));
  },
  sessionsOfLine(db: Db, lineId: number) {
    return db
      .select({ session: lineSessions, serverName: cccamServers.serverName })
      .from(lineSessions)
      .leftJoin(cccamServers, eq(cccamServers.id, lineSessions.serverId))
      .where(eq(lineSessions.lineId, lineId))
      .orderBy(lineSessions.connectedSince, lineSessions.id);
  },
  ipHistoryOfLine(db: Db, lineId: number) {
    return db
      .select()
      .from(lineIpHistory)
      .where(eq(lineIpHistory.lineId, lineId))
      .orderBy(desc(lineIpHistory.lastSeenAt), lineIpHistory.ip)
      .limit(LINE_IP_HISTORY_LIMIT);
  },
  async findSession(db: Db, lineId: number, connectionId: string): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(lineSessions)
      .where(and(eq(lineSessions.lineId, lineId), eq(lineSessions.connectionId, connectionId)));
    return row;
  },
  /**
   * Holds one server's sessions for the rest of the transaction: a poll storing what it read and a
   * kick removing a connection take it, so neither writes over the other.
   */
  async lockServerSessions(tx: Db, serverId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('line-sessions'), ${serverId}::int)`);
  },
  /**
   * Drops an ended connection of a server, by its id there (a poll may have stored it again under a
   * new row since it was read); its line goes offline with its last one.
   */
  async removeConnection(tx: Db, serverId: number, connectionId: string): Promise<void> {
    const removed = await tx
      .delete(lineSessions)
      .where(and(eq(lineSessions.serverId, serverId), eq(lineSessions.connectionId, connectionId)))
      .returning({ lineId: lineSessions.lineId });
    for (const { lineId } of removed) {
      await tx
        .update(linePresence)
        .set({ sessions: sql`greatest(${linePresence.sessions} - 1, 0)` })
        .where(eq(linePresence.lineId, lineId));
    }
  },
  /** Lines online now per server, for the panel (`ownerId` null) or one owner's lines. */
  async onlineByServer(db: Db, ownerId: string | null) {
    const query = db
      .select({
        serverId: cccamServers.id,
        serverName: cccamServers.serverName,
        n: sql<number>`count(*)::int`,
      })
      .from(linePresence)
      .innerJoin(cccamServers, eq(cccamServers.id, linePresence.serverId));
    const online = gt(linePresence.sessions, 0);
    const rows = await (
      ownerId === null
        ? query.where(online)
        : query
            .innerJoin(lines, eq(lines.id, linePresence.lineId))
            .where(and(online, eq(lines.ownerId, ownerId)))
    )
      .groupBy(cccamServers.id, cccamServers.serverName)
      .orderBy(cccamServers.serverName, cccamServers.id);
    return rows;
  },
};
