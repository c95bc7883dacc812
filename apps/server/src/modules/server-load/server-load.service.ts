import {
  LOAD_HISTORY_HOURS,
  loadMetrics,
  serverLoadThresholds,
  type LoadAlertOverrides,
  type LoadAlertSettings,
  type LoadAlertSettingsBody,
  type ServerLoad,
  type ServerLoadThresholds,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { serversRepository } from '../servers/servers.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { LOAD_ALERT_SETTINGS_KEY, readLoadAlertSettings } from './load-alert-settings.js';
import { serverLoadRepository } from './server-load.repository.js';

/** A server machine's load now and over the last day, and its raised alerts (admin). */
export async function getServerLoad(ctx: AppContext, actor: Actor, id: number): Promise<ServerLoad> {
  access.admin(actor);
  if (!(await serversRepository.findById(ctx.db, id))) throw new AppError('SERVER_NOT_FOUND');
  // The latest reading and the history's last point are written together by each poll: read in one
  // snapshot, so the figures and the chart never show two different polls (side by side on
  // PostgreSQL they took two connections, and a poll committing between them did).
  const [[row, history], global] = await Promise.all([
    inOneSnapshot(ctx.db, [
      (tx) => serverLoadRepository.find(tx, id),
      (tx) => serverLoadRepository.history(tx, id, LOAD_HISTORY_HOURS),
    ]),
    readLoadAlertSettings(ctx.db),
  ]);
  const overrides = row?.alertOverrides ?? {};
  const latest =
    row?.readAt && row.cpuPercent !== null && row.memoryPercent !== null && row.diskPercent !== null
      ? {
          at: row.readAt.toISOString(),
          cpu_percent: row.cpuPercent,
          cpu_cores: row.cpuCores ?? 0,
          memory_percent: row.memoryPercent,
          disk_percent: row.diskPercent,
          disk_path: row.diskPath ?? '',
          clients: row.clients,
        }
      : null;
  return {
    latest,
    history: history.map((point) => ({
      at: point.at.toISOString(),
      cpu_percent: point.cpuPercent,
      memory_percent: point.memoryPercent,
      disk_percent: point.diskPercent,
      clients: point.clients,
    })),
    alerts: loadMetrics.filter((metric) => row?.alertState[metric]?.raised === true),
    poll_error: row?.lastError ?? null,
    thresholds: serverLoadThresholds(global, overrides),
    overrides,
  };
}

/**
 * Sets a server's own thresholds, replacing the ones it had: the next poll decides its alerts by
 * them (a raised alert whose metric is now below, or no longer watched, recovers then).
 */
export async function updateServerLoadThresholds(
  ctx: AppContext,
  actor: Actor,
  id: number,
  overrides: LoadAlertOverrides,
): Promise<ServerLoadThresholds> {
  access.admin(actor);
  if (!(await serversRepository.findById(ctx.db, id))) throw new AppError('SERVER_NOT_FOUND');
  await serverLoadRepository.setOverrides(ctx.db, id, overrides);
  await ctx.bus.publish({ table: 'cccam_servers', action: 'update', id: String(id), audience: [] });
  return { thresholds: serverLoadThresholds(await readLoadAlertSettings(ctx.db), overrides), overrides };
}

export async function getLoadAlertSettings(ctx: AppContext, actor: Actor): Promise<LoadAlertSettings> {
  access.admin(actor);
  return readLoadAlertSettings(ctx.db);
}

export async function updateLoadAlertSettings(
  ctx: AppContext,
  actor: Actor,
  body: LoadAlertSettingsBody,
): Promise<LoadAlertSettings> {
  const admin = access.admin(actor);
  const next = { ...(await readLoadAlertSettings(ctx.db)), ...body };
  await updateSetting(ctx, admin, LOAD_ALERT_SETTINGS_KEY, next);
  await ctx.bus.publish({
    table: 'app_settings',
    action: 'update',
    id: LOAD_ALERT_SETTINGS_KEY,
    audience: [],
  });
  return next;
}
