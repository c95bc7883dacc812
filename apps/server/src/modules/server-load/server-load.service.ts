import {
  LOAD_HISTORY_HOURS,
  loadMetrics,
  type LoadAlertSettings,
  type LoadAlertSettingsBody,
  type ServerLoad,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
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
  const [row, history] = await Promise.all([
    serverLoadRepository.find(ctx.db, id),
    serverLoadRepository.history(ctx.db, id, LOAD_HISTORY_HOURS),
  ]);
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
  };
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
