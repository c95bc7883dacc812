import { addDays, capExpiry, type OutageCause } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { readEcmSettings } from '../ecm-stats/ecm-settings.js';
import { publishLineWrite } from '../lines/line-charge.js';
import { inTransaction, today } from '../lines/line-scope.js';
import { writeLineChange } from '../lines/line-write.js';
import { linesRepository } from '../lines/lines.repository.js';
import { outageDuration } from '../notifications/notification-texts.js';
import {
  announceNotices,
  nothingNotified,
  notifyAdmins,
  notify,
  type Notified,
} from '../notifications/notify.js';
import { notificationsRepository } from '../notifications/notifications.repository.js';
import { outagesRepository, type OutageRow } from './outages.repository.js';

/**
 * What one poll saw of a server: its agent did not answer; its agent answered that the card server
 * behind it did not (`cardServer: false`); or it answered, with the ECMs its server answered and
 * not since the last poll (`ecm` absent: a check of the agent alone, which does not count ECMs).
 */
export type ServerHealth =
  | { reachable: false }
  | { reachable: true; cardServer: false }
  | { reachable: true; ecm?: { ok: number; nok: number } };

/** The cause a poll shows, or null when it shows a healthy server; undefined: it cannot tell. */
function causeOf(
  seen: ServerHealth,
  ratePercent: number,
  current: OutageCause | undefined,
): OutageCause | null | undefined {
  if (!seen.reachable) return 'unreachable';
  if ('cardServer' in seen) return 'server_not_answering';
  // An answer ends an unreachable spell, and ECM counters read end a card server's silence (the
  // agent's answer alone says nothing of the card server behind it); whether the answer rate is
  // low needs ECMs asked meanwhile (none asked is no viewer, which says nothing about the server).
  const asked = seen.ecm ? seen.ecm.ok + seen.ecm.nok : 0;
  if (!seen.ecm || asked === 0) {
    if (current === 'unreachable') return null;
    if (current === 'server_not_answering' && seen.ecm) return null;
    return undefined;
  }
  if (ratePercent === 0) return null;
  return (seen.ecm.ok * 100) / asked < ratePercent ? 'low_answer_rate' : null;
}

/**
 * Records what a poll saw (docs/outages.md): an unhealthy server gets a suspicion, which becomes an
 * outage (recorded lines, start notice) once it lasted the admin's minutes; a healthy one drops its
 * suspicion or ends its outage (end notice, compensation). Every step is one guarded statement on
 * the server's single unended row, so instances polling the same server at once act once.
 */
export async function recordServerHealth(
  ctx: AppContext,
  serverId: number,
  seen: ServerHealth,
): Promise<void> {
  const settings = await readEcmSettings(ctx.db);
  let row = await outagesRepository.unended(ctx.db, serverId);
  const cause = causeOf(seen, settings.outage_answer_rate_percent, row?.cause as OutageCause | undefined);
  if (cause === undefined) return;
  if (cause === null) {
    if (!row) return;
    if (row.confirmedAt === null) await outagesRepository.dropSuspicion(ctx.db, row.id);
    else await endOutage(ctx, row.id);
    return;
  }
  if (!row) {
    await outagesRepository.suspect(ctx.db, serverId, cause);
    row = await outagesRepository.unended(ctx.db, serverId);
    if (!row) return;
  }
  if (row.confirmedAt !== null) return;
  if (Date.now() - row.startedAt.getTime() < settings.outage_minutes * 60_000) return;
  await confirmOutage(ctx, row.id);
}

async function confirmOutage(ctx: AppContext, id: number): Promise<void> {
  let serverId: number | null = null;
  const notified = await inTransaction(ctx, async (tx) => {
    const row = await outagesRepository.confirm(tx, id, today());
    if (!row) return nothingNotified();
    serverId = row.serverId;
    const server = await outagesRepository.serverName(tx, row.serverId);
    return tellOwners(ctx, tx, row, (lines) => ({
      kind: 'outage_started',
      params: {
        outage_id: row.id,
        server_id: row.serverId,
        server,
        cause: row.cause as OutageCause,
        started_at: row.startedAt.toISOString(),
        lines,
      },
    }));
  });
  await announceNotices(ctx, notified);
  await ctx.bus.publish({ table: 'server_outages', action: 'insert', id: String(id), audience: 'all' });
  await publishServerState(ctx, serverId);
}

/** The servers list shows whether a standby serves by the outage watch too (`standbyServing`). */
async function publishServerState(ctx: AppContext, serverId: number | null): Promise<void> {
  if (serverId === null) return;
  await ctx.bus.publish({ table: 'cccam_servers', action: 'update', id: String(serverId), audience: [] });
}

/**
 * Ends the outage, tells its owners, and (the option on) extends each affected line that still runs
 * by its length: all in one transaction, so the end, the notices and the extensions commit together
 * and the guarded end lets one instance do them.
 */
export async function endOutage(ctx: AppContext, id: number): Promise<void> {
  const { outage_compensate: compensate } = await readEcmSettings(ctx.db);
  const changed: { id: number; ownerId: string | null }[] = [];
  let serverId: number | null = null;
  const notified = await inTransaction(ctx, async (tx) => {
    const row = await outagesRepository.end(tx, id);
    if (!row || row.endedAt === null) return nothingNotified();
    serverId = row.serverId;
    const server = await outagesRepository.serverName(tx, row.serverId);
    const minutes = Math.max(1, Math.ceil((row.endedAt.getTime() - row.startedAt.getTime()) / 60_000));
    if (compensate) changed.push(...(await compensateLines(tx, row, server, minutes)));
    return tellOwners(ctx, tx, row, (lines) => ({
      kind: 'outage_ended',
      params: {
        outage_id: row.id,
        server_id: row.serverId,
        server,
        started_at: row.startedAt.toISOString(),
        ended_at: row.endedAt!.toISOString(),
        minutes,
        lines,
        compensated: compensate,
      },
    }));
  });
  await announceNotices(ctx, notified);
  for (const line of changed) await publishLineWrite(ctx, 'update', line);
  await ctx.bus.publish({ table: 'server_outages', action: 'update', id: String(id), audience: 'all' });
  await publishServerState(ctx, serverId);
}

/**
 * The expiry is a day, so an outage moves it by its length rounded up to whole days; the history
 * entry keeps the outage's own length.
 */
async function compensateLines(tx: Db, row: OutageRow, server: string, minutes: number) {
  const changed: { id: number; ownerId: string | null }[] = [];
  const days = Math.ceil(minutes / 1440);
  for (const lineId of await outagesRepository.claimCompensation(tx, row.id, minutes, today())) {
    const current = await linesRepository.lockById(tx, lineId);
    if (!current) continue;
    // Compensation is no sale: past the last date the agent takes, it stops there rather than fail.
    const expiryDate = capExpiry(addDays(current.expiryDate, days));
    const { line } = await writeLineChange(tx, current, {
      values: { expiryDate },
      history: [
        {
          actorId: null,
          action: 'outage_extended',
          details: {
            outage_id: row.id,
            server,
            minutes,
            duration: outageDuration(minutes),
            started_at: row.startedAt.toISOString(),
            ended_at: row.endedAt!.toISOString(),
            expiry_date: expiryDate,
          },
        },
      ],
      delivery: { workerAfterMs: 0 },
    });
    changed.push({ id: line.id, ownerId: line.ownerId });
  }
  return changed;
}

/** One notice to each admin (every affected line) and each affected line's owner (their own). */
async function tellOwners(
  ctx: AppContext,
  tx: Db,
  row: OutageRow,
  notice: (lines: number) => Parameters<typeof notify>[3],
): Promise<Notified> {
  const counts = await outagesRepository.countsByOwner(tx, row.id);
  const total = [...counts.values()].reduce((n, c) => n + c, 0);
  const admins = new Set(await notificationsRepository.adminIds(tx));
  const all = await notifyAdmins(ctx, tx, notice(total));
  for (const [ownerId, lines] of counts) {
    if (ownerId === null || admins.has(ownerId)) continue;
    const one = await notify(ctx, tx, ownerId, notice(lines));
    all.messages.push(...one.messages);
    all.queued += one.queued;
  }
  return all;
}
