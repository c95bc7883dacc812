import {
  effectiveLock,
  lockRestricts,
  lockViolation,
  type LineLock,
  type LockAction,
  type LockReason,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import { announceNotices, notify, type Notified } from '../notifications/notify.js';
import { DATACENTER_ASNS } from './datacenter-asns.js';
import { endServerConnection } from './end-connection.js';
import { locateAddresses } from './ip-location.js';
import { lineLocksRepository, type ViolationInsert } from './line-locks.repository.js';

/**
 * How long an address must stay away before its episode ends. An enforced violation ends the
 * connection, and the client dials again at once: without this pause every reconnection would be
 * a new episode and a new notice.
 */
export const LOCK_EPISODE_QUIET_MS = 15 * 60_000;

/** A connection as the poll stored it. */
export type PolledSession = { lineId: number; ip: string; connectionId?: string | null };

type Violation = ViolationInsert & { connectionId: string | null; reason: LockReason };

/** Whether an ASN belongs to a hosting or datacenter network (datacenter-asns.ts). */
export const isDatacenterAsn = (asn: number | null) => asn !== null && DATACENTER_ASNS.has(asn);

/**
 * The lock step of a connections poll (docs/locks.md): each connection outside its line's lock is
 * ended where the server can (an OSCam connection has an id the agent kills) and recorded either way;
 * the line's owner is told when its episode opens, once however many polls see it.
 */
export async function checkLineLocks(
  ctx: AppContext,
  serverId: number,
  sessions: readonly PolledSession[],
): Promise<void> {
  const locked = new Map<number, { lock: LineLock; username: string; ownerId: string | null }>();
  const lineIds = [...new Set(sessions.map((session) => session.lineId))];
  for (const row of await lineLocksRepository.locksOfLines(ctx.db, lineIds)) {
    const lock = effectiveLock(row.own, row.plan);
    if (lockRestricts(lock)) locked.set(row.lineId, { lock, username: row.username, ownerId: row.ownerId });
  }
  const watched = sessions.filter((session) => locked.has(session.lineId));
  const places = await locateAddresses([...new Set(watched.map((session) => session.ip))]);

  const violations: Violation[] = watched.flatMap((session): Violation[] => {
    const place = places.get(session.ip) ?? { asn: null, network: null, country: null };
    const reason = lockViolation(locked.get(session.lineId)!.lock, {
      country: place.country,
      asn: place.asn,
      datacenter: isDatacenterAsn(place.asn),
    });
    if (!reason) return [];
    return [
      {
        lineId: session.lineId,
        serverId,
        ip: session.ip,
        country: place.country,
        asn: place.asn,
        network: place.network,
        reason,
        action: 'reported',
        connectionId: session.connectionId ?? null,
      },
    ];
  });

  for (const violation of violations) {
    if (violation.connectionId === null) continue;
    const outcome = await endServerConnection(ctx, serverId, violation.connectionId);
    if (outcome.kind === 'ended' || outcome.kind === 'gone') violation.action = 'disconnected';
    else
      ctx.log.warn({ serverId, lineId: violation.lineId, outcome }, 'Could not end a locked-out connection');
  }

  const { opened, changed, notified } = await ctx.db.transaction(async (tx) => {
    const open = await lineLocksRepository.openOfServer(tx, serverId);
    const key = (row: { lineId: number; ip: string }) => `${row.lineId}|${row.ip}`;
    const now = new Map(violations.map((violation) => [key(violation), violation]));
    const openKeys = new Set(open.map(key));
    const quietSince = Date.now() - LOCK_EPISODE_QUIET_MS;
    const ending = open.filter((row) => !now.has(key(row)) && row.lastSeenAt.getTime() < quietSince);
    await lineLocksRepository.end(
      tx,
      ending.map((row) => row.id),
    );
    for (const row of open) {
      const still = now.get(key(row));
      if (still) await lineLocksRepository.touch(tx, row.id, still.action);
    }
    const fresh = [...now.values()].filter((violation) => !openKeys.has(key(violation)));
    const ongoing = await lineLocksRepository.linesWithOpen(tx, [...new Set(fresh.map((v) => v.lineId))]);
    const opened = await lineLocksRepository.open(
      tx,
      fresh.map(({ connectionId: _connectionId, ...row }) => row),
    );
    // One notice per line whose episode starts now: none of its addresses was outside the lock.
    const notified: Notified[] = [];
    for (const lineId of new Set(opened)) {
      if (ongoing.has(lineId)) continue;
      const first = fresh.find((violation) => violation.lineId === lineId)!;
      const line = locked.get(lineId)!;
      await lineHistoryRepository.insert(tx, {
        lineId,
        actorId: null,
        action: 'lock_violation',
        details: {
          ip: first.ip,
          country: first.country,
          asn: first.asn,
          network: first.network,
          reason: first.reason,
          action: first.action,
        },
      });
      if (line.ownerId) {
        notified.push(
          await notify(ctx, tx, line.ownerId, {
            kind: 'lock_violation',
            params: {
              line_id: lineId,
              username: line.username,
              ip: first.ip,
              country: first.country,
              network: first.network,
              reason: first.reason,
              disconnected: (first.action as LockAction) === 'disconnected',
            },
          }),
        );
      }
    }
    const changed = new Set([...ending.map((row) => row.lineId), ...opened]);
    for (const violation of violations)
      if (violation.action === 'disconnected') changed.add(violation.lineId);
    return { opened, changed, notified };
  });

  if (changed.size > 0) {
    await ctx.bus.publishAll(
      [...changed].map((lineId) => {
        const ownerId = locked.get(lineId)?.ownerId;
        return {
          table: 'line_connections' as const,
          action: 'update' as const,
          id: String(lineId),
          audience: ownerId ? [ownerId] : [],
        };
      }),
    );
  }
  await announceNotices(ctx, ...notified);
  if (opened.length > 0) ctx.log.warn({ serverId, lines: opened }, 'Connections outside their line lock');
}
