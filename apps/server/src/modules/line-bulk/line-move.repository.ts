import type { LineMoveStage } from '@linedesk/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outboxStatements, type UpsertPayload } from '../line-sync/line-outbox.repository.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import {
  cccamServers,
  lineBulkItems as items,
  linePresence,
  lines,
  lineSessions,
  lineSyncOutbox as outbox,
} from '../../db/schema.js';

/** One line of a move's first step, checked under its lock (line-move-job.ts). */
export type MoveAddRow = {
  item_id: number;
  line_id: number;
  owner_id: string | null;
  username: string;
  /** The target. */
  server_id: number;
  /** The target's public address, the line's only one from now on. */
  address: string;
  payload: UpsertPayload;
  details: Record<string, unknown>;
  from_server_id: number | null;
  address_changed: boolean;
  lease_id: null;
};

/** A removal from the server a line came from (a move's third step). */
export type MoveRemoveRow = {
  line_id: number | null;
  server_id: number;
  username: string;
  payload: Record<string, never>;
  lease_id: null;
};

/** Ids per query when a selection is read. */
const SLICE = 1000;

/** A pending item of a move with what its next step depends on, read in one statement. */
export type MoveItemState = {
  id: number;
  seq: number;
  lineId: number | null;
  username: string | null;
  stage: LineMoveStage | null;
  fromServerId: number | null;
  addressChanged: boolean | null;
  /** The line now (null once deleted). */
  line: { serverId: number | null; syncState: string; ownerId: string | null } | null;
  /** A delivery for the username is still queued for the target / for the server it came from. */
  targetPending: boolean;
  sourcePending: boolean;
  /** Stage 'grace': when the old entry goes at the latest. */
  graceUntil: Date | null;
  /** The line is connected on the target now, or was last seen there (null: not seen there). */
  seenOnTargetAt: Date | null;
};

export const lineMoveRepository = {
  /** Of `ids`, the lines that exist, with the server each is on and that server's protocol and file. */
  async linesOf(db: Db, ids: number[]) {
    const out: {
      id: number;
      username: string;
      serverId: number | null;
      protocol: string | null;
      backend: 'oscam' | 'cccam' | null;
    }[] = [];
    for (let start = 0; start < ids.length; start += SLICE) {
      out.push(
        ...(await db
          .select({
            id: lines.id,
            username: lines.username,
            serverId: lines.serverId,
            protocol: cccamServers.protocol,
            backend: cccamServers.agentBackend,
          })
          .from(lines)
          .leftJoin(cccamServers, eq(cccamServers.id, lines.serverId))
          .where(inArray(lines.id, ids.slice(start, start + SLICE)))),
      );
    }
    return out;
  },
  /** Every line of a server, in id order. */
  linesOnServer(db: Db, serverId: number) {
    return db
      .select({ id: lines.id, username: lines.username })
      .from(lines)
      .where(eq(lines.serverId, serverId))
      .orderBy(asc(lines.id));
  },
  /** The servers these lines are on, with their public addresses (what the customers connect to). */
  serversOfLines(db: Db, serverIds: number[]) {
    if (serverIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: cccamServers.id,
        hostIp: cccamServers.hostIp,
        hostname: cccamServers.hostname,
        port: cccamServers.port,
        newcamdDesKey: cccamServers.newcamdDesKey,
      })
      .from(cccamServers)
      .where(inArray(cccamServers.id, serverIds));
  },
  /** A job's pending items from `afterSeq` on, each with its line and whether deliveries wait. */
  async pendingStates(
    db: Db,
    jobId: number,
    targetServerId: number,
    afterSeq: number,
    limit: number,
  ): Promise<MoveItemState[]> {
    const rows = await db
      .select({
        id: items.id,
        seq: items.seq,
        lineId: items.lineId,
        username: items.username,
        stage: items.stage,
        fromServerId: items.fromServerId,
        addressChanged: items.addressChanged,
        lineExists: sql<boolean>`${lines.id} is not null`,
        lineServerId: lines.serverId,
        syncState: lines.syncState,
        ownerId: lines.ownerId,
        targetPending: sql<boolean>`exists (select 1 from ${outbox} o where o.server_id = ${targetServerId} and o.username = ${items.username})`,
        sourcePending: sql<boolean>`exists (select 1 from ${outbox} o where o.server_id = ${items.fromServerId} and o.username = ${items.username})`,
        graceUntil: items.graceUntil,
        // Read only for lines waiting out their grace: a session on the target now, else the
        // presence's last sighting when it was on the target.
        seenOnTargetMs: sql<
          number | null
        >`case when ${items.stage} = 'grace' then (extract(epoch from coalesce(
          (select max(s.seen_at) from ${lineSessions} s where s.line_id = ${items.lineId} and s.server_id = ${targetServerId}),
          (select p.last_seen_at from ${linePresence} p where p.line_id = ${items.lineId} and p.server_id = ${targetServerId})
        )) * 1000)::float8 end`,
      })
      .from(items)
      .leftJoin(lines, eq(lines.id, items.lineId))
      .where(and(eq(items.jobId, jobId), eq(items.result, 'pending'), gt(items.seq, afterSeq)))
      .orderBy(asc(items.seq))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      seq: row.seq,
      lineId: row.lineId,
      username: row.username,
      stage: row.stage,
      fromServerId: row.fromServerId,
      addressChanged: row.addressChanged,
      line: row.lineExists
        ? { serverId: row.lineServerId, syncState: row.syncState!, ownerId: row.ownerId }
        : null,
      targetPending: row.targetPending,
      sourcePending: row.sourcePending,
      graceUntil: row.graceUntil,
      seenOnTargetAt: row.seenOnTargetMs === null ? null : new Date(row.seenOnTargetMs),
    }));
  },
  /**
   * A slice of a move's first step in one statement, as each line's own step writes it: the line on
   * the target (pending for it), its upsert there queued for the worker's batches, its
   * `server_moved` history row, and its item advanced to `added`.
   */
  async addedMany(tx: Db, actorId: string, rows: MoveAddRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r (item_id int, line_id int,
          owner_id text, username text, server_id int, address text, payload jsonb, details jsonb,
          from_server_id int, address_changed boolean, lease_id text)
      ),
      moved as (
        update ${lines} u set server_id = v.server_id, host_port = array[v.address],
          sync_state = 'pending', updated_at = now()
        from v where u.id = v.line_id
        returning u.id
      ),
      -- Due at once and not leased: the line-sync worker delivers them in its per-server batches.
      queued as (${outboxStatements.upsertManyStatement(sql`v`, 0, null)}),
      logged as (${lineHistoryRepository.insertSelected(
        sql`select v.line_id, v.owner_id, ${actorId}::text, 'server_moved', v.details from v`,
      )}),
      advanced as (
        update ${items} i set stage = 'added', from_server_id = v.from_server_id,
          address_changed = v.address_changed
        from v where i.id = v.item_id and i.result = 'pending' and i.stage is null
        returning i.id
      )
      select (select count(*) from moved) + (select count(*) from advanced) as n`);
  },
  /** A slice of a move's third step: the removals queued, the items advanced to `removing`. */
  async removingMany(tx: Db, itemIds: number[], removals: MoveRemoveRow[]): Promise<void> {
    if (itemIds.length === 0) return;
    await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(removals)}::jsonb) as r (line_id int,
          server_id int, username text, payload jsonb, lease_id text)
      ),
      queued as (${outboxStatements.upsertManyStatement(sql`v`, 0, null, 'delete')}),
      advanced as (
        update ${items} i set stage = 'removing'
        where i.id in (select jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)::int)
          and i.result = 'pending' and i.stage in ('added', 'grace')
        returning i.id
      )
      select (select count(*) from queued) + (select count(*) from advanced) as n`);
  },
  /** Moves a pending item on to its next step, unless another runner got there first. */
  async advance(
    tx: Db,
    id: number,
    from: LineMoveStage | null,
    values: {
      stage: LineMoveStage;
      fromServerId?: number | null;
      addressChanged?: boolean;
      graceUntil?: Date;
    },
  ): Promise<boolean> {
    const rows = await tx
      .update(items)
      .set(values)
      .where(
        and(
          eq(items.id, id),
          eq(items.result, 'pending'),
          from === null ? sql`${items.stage} is null` : eq(items.stage, from),
        ),
      )
      .returning({ id: items.id });
    return rows.length > 0;
  },
  /** A move's lines whose old entry is kept for now, and when the last of them goes at the latest. */
  async graceOf(db: Db, jobId: number): Promise<{ waiting: number; until: Date | null }> {
    const [row] = await db
      .select({
        waiting: sql<number>`count(*)::int`,
        untilMs: sql<number | null>`(extract(epoch from max(${items.graceUntil})) * 1000)::float8`,
      })
      .from(items)
      .where(and(eq(items.jobId, jobId), eq(items.result, 'pending'), eq(items.stage, 'grace')));
    return {
      waiting: row?.waiting ?? 0,
      until: row?.untilMs === null || row?.untilMs === undefined ? null : new Date(row.untilMs),
    };
  },
  /** Whether every pending line of a move only waits out its grace (nothing else to do soon). */
  async onlyGraceLeft(db: Db, jobId: number): Promise<boolean> {
    const [row] = await db
      .select({ other: sql<number>`count(*) filter (where ${items.stage} is distinct from 'grace')::int` })
      .from(items)
      .where(and(eq(items.jobId, jobId), eq(items.result, 'pending')));
    return (row?.other ?? 0) === 0;
  },
  /** The lines' current credentials, for the notices of a finished step. */
  credentials(db: Db, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: lines.id,
        username: lines.username,
        password: lines.password,
        ownerId: lines.ownerId,
        hostPort: lines.hostPort,
      })
      .from(lines)
      .where(inArray(lines.id, ids));
  },
};
