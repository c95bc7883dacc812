import {
  ecmGranularity,
  type EcmPoint,
  type EcmRange,
  type EcmSettings,
  type EcmSettingsBody,
  type EcmSummary,
  type EcmTotals,
  type LineEcmStats,
  type ServerEcmStats,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { linesRepository } from '../lines/lines.repository.js';
import { serversRepository } from '../servers/servers.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { ECM_SETTINGS_KEY, readEcmSettings } from './ecm-settings.js';
import { ecmStatsRepository, type SeriesRow, type SeriesSubject } from './ecm-stats.repository.js';

const average = (sum: number, n: number) => (n > 0 ? Math.round(sum / n) : null);

function points(rows: SeriesRow[]): EcmPoint[] {
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    ok: row.ok,
    nok: row.nok,
    avg_ms: average(row.timeSum, row.timeN),
  }));
}

function totals(rows: SeriesRow[]): EcmTotals {
  const sum = rows.reduce(
    (acc, row) => ({
      ok: acc.ok + row.ok,
      nok: acc.nok + row.nok,
      timeSum: acc.timeSum + row.timeSum,
      timeN: acc.timeN + row.timeN,
    }),
    { ok: 0, nok: 0, timeSum: 0, timeN: 0 },
  );
  return { ok: sum.ok, nok: sum.nok, avg_ms: average(sum.timeSum, sum.timeN) };
}

async function seriesOf(db: Db, subject: SeriesSubject, range: EcmRange) {
  const granularity = ecmGranularity[range];
  const rows = await ecmStatsRepository.series(db, subject, range, granularity);
  return { range, granularity, points: points(rows), totals: totals(rows) };
}

const RANGE_DAYS: Record<EcmRange, number> = { '1h': 0, '24h': 1, '7d': 7, '30d': 30 };

/** Is the customer getting pictures: the line's answered and unanswered ECMs, times and channels. */
export async function getLineEcmStats(
  ctx: AppContext,
  actor: Actor,
  id: number,
  range: EcmRange,
): Promise<LineEcmStats> {
  access.ownLineOrNotFound(access.lines(actor), await linesRepository.findById(ctx.db, id));
  // One snapshot: side by side on two pool connections, a poll committing between them showed its
  // answers without the channel it wrote with them (a loaded run on PostgreSQL).
  const [series, channels] = await inOneSnapshot(ctx.db, [
    (tx) => seriesOf(tx, { kind: 'line', id }, range),
    (tx) => ecmStatsRepository.channels(tx, id, RANGE_DAYS[range]),
  ]);
  return { ...series, channels };
}

/**
 * A server's answer rate and time, and each reader's state, availability, answer rate and time, and
 * its chart (admin). Every figure comes from the rollups, as the server's own.
 */
export async function getServerEcmStats(
  ctx: AppContext,
  actor: Actor,
  id: number,
  range: EcmRange,
): Promise<ServerEcmStats> {
  access.admin(actor);
  if (!(await serversRepository.findById(ctx.db, id))) throw new AppError('SERVER_NOT_FOUND');
  const granularity = ecmGranularity[range];
  // One snapshot, so the server's figures, its readers' and the poll's time are of the same polls.
  const [series, readerRows, readers, poll] = await inOneSnapshot(ctx.db, [
    (tx) => seriesOf(tx, { kind: 'server', id }, range),
    (tx) => ecmStatsRepository.series(tx, { kind: 'readers', serverId: id }, range, granularity),
    (tx) => ecmStatsRepository.readers(tx, id),
    (tx) => ecmStatsRepository.pollOf(tx, id),
  ]);
  return {
    ...series,
    readers: readers.map((reader) => {
      const own = readerRows.filter((row) => row.reader === reader.label);
      const polls = own.reduce((n, row) => n + row.polls, 0);
      const up = own.reduce((n, row) => n + row.up, 0);
      const sums = totals(own);
      return {
        label: reader.label,
        protocol: reader.protocol,
        state: reader.state,
        up_ratio: polls > 0 ? up / polls : null,
        avg_ms: sums.avg_ms,
        ok: sums.ok,
        nok: sums.nok,
        points: points(own),
        seen_at: reader.seenAt.toISOString(),
      };
    }),
    polled_at: poll?.lastPolledAt?.toISOString() ?? null,
    poll_error: poll?.lastError ?? null,
  };
}

/** The dashboard's tile over the last 24 hours: every server for admins, the caller's lines otherwise. */
export async function getEcmSummary(ctx: AppContext, actor: Actor): Promise<EcmSummary> {
  const scope = access.lines(actor);
  const subject: SeriesSubject =
    scope.ownerId === null ? { kind: 'all-servers' } : { kind: 'owner-lines', ownerId: scope.ownerId };
  return seriesOf(ctx.db, subject, '24h');
}

export async function getEcmSettings(ctx: AppContext, actor: Actor): Promise<EcmSettings> {
  access.admin(actor);
  return readEcmSettings(ctx.db);
}

export async function updateEcmSettings(
  ctx: AppContext,
  actor: Actor,
  body: EcmSettingsBody,
): Promise<EcmSettings> {
  const admin = access.admin(actor);
  const next = { ...(await readEcmSettings(ctx.db)), ...body };
  await updateSetting(ctx, admin, ECM_SETTINGS_KEY, next);
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: ECM_SETTINGS_KEY, audience: [] });
  return next;
}
