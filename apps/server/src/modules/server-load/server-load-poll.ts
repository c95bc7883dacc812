import { serverLoadThresholds, type LoadMetric } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { announceNotices, notifyAdmins, type Notified } from '../notifications/notify.js';
import { AgentUnreachableError, createAgentClient } from '../servers/agent-client.js';
import { resolveAgentTarget } from '../servers/server-connection.js';
import { serversRepository } from '../servers/servers.repository.js';
import { readLoadAlertSettings } from './load-alert-settings.js';
import { nextLoadAlerts } from './load-alerts.js';
import { serverLoadRepository, type LoadReading } from './server-load.repository.js';

const percent = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, 100_000) : null;
const whole = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? Math.min(value, 2 ** 31 - 1) : null;

/** The agent's GET /load (docs/line-agent-api.md), or null when it is not that. */
export function parseLoad(body: unknown): LoadReading | null {
  const answer = body as {
    cpu?: { percent?: unknown; cores?: unknown };
    memory?: { usedPercent?: unknown };
    disk?: { usedPercent?: unknown; path?: unknown };
    clients?: unknown;
  } | null;
  const cpuPercent = percent(answer?.cpu?.percent);
  const memoryPercent = percent(answer?.memory?.usedPercent);
  const diskPercent = percent(answer?.disk?.usedPercent);
  if (cpuPercent === null || memoryPercent === null || diskPercent === null) return null;
  return {
    cpuPercent,
    cpuCores: whole(answer?.cpu?.cores) ?? 0,
    memoryPercent,
    diskPercent,
    diskPath: typeof answer?.disk?.path === 'string' ? answer.disk.path.slice(0, 500) : '',
    clients: whole(answer?.clients),
  };
}

/**
 * Reads one server machine's load through its agent, keeps it, and tells the admins when a metric
 * stayed over its threshold long enough and when it is back (load alerts). The decision and its
 * notices commit with the row they change, under its lock, so each is told once.
 */
export async function pollServerLoad(ctx: AppContext, serverId: number, signal?: AbortSignal): Promise<void> {
  const server = await serversRepository.findById(ctx.db, serverId);
  if (!server || server.status !== 'active') return;
  const { target } = resolveAgentTarget(ctx, server);
  if (!target) return;
  const client = createAgentClient(target, { timeoutMs: ctx.config.serverApiTimeoutMs, signal });
  let reading: LoadReading | null;
  try {
    const response = await client.load();
    reading = response.status === 200 ? parseLoad(response.body) : null;
    if (!reading) {
      const message = (response.body as { message?: unknown } | null)?.message;
      const detail = typeof message === 'string' ? `: ${message.slice(0, 200)}` : '';
      await serverLoadRepository.recordError(ctx.db, serverId, `Agent answered ${response.status}${detail}`);
      return;
    }
  } catch (error) {
    if (!(error instanceof AgentUnreachableError)) throw error;
    await serverLoadRepository.recordError(ctx.db, serverId, error.reason);
    return;
  }
  const values: Record<LoadMetric, number | null> = {
    cpu: reading.cpuPercent,
    memory: reading.memoryPercent,
    disk: reading.diskPercent,
    clients: reading.clients,
  };
  const notified: Notified[] = [];
  await ctx.db.transaction(async (tx) => {
    const row = await serverLoadRepository.lockRow(tx, serverId);
    const settings = serverLoadThresholds(await readLoadAlertSettings(tx), row?.alertOverrides);
    const next = nextLoadAlerts(row?.alertState ?? {}, values, settings, new Date());
    await serverLoadRepository.record(tx, serverId, reading, next.state);
    for (const change of next.changes) {
      const params = {
        server_id: serverId,
        server: server.serverName,
        metric: change.metric,
        value: change.value,
        threshold: change.threshold,
      };
      notified.push(
        await notifyAdmins(ctx, tx, {
          kind: change.raised ? 'server_load_high' : 'server_load_normal',
          params,
        }),
      );
    }
  });
  await announceNotices(ctx, ...notified);
}
