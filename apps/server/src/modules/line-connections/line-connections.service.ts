import type {
  LineConnections,
  LineKickBody,
  LineSharing,
  OnlineByServer,
  SharingSettings,
  SharingSettingsBody,
} from '@linedesk/shared';
import { SHARING_SIGNALS } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { linesRepository } from '../lines/lines.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { endServerConnection } from './end-connection.js';
import { lineConnectionsRepository } from './line-connections.repository.js';
import { serversRepository } from '../servers/servers.repository.js';
import { sharingEvidenceRepository } from './sharing-evidence.repository.js';
import { stepSupported } from './sharing-steps.js';
import { readSharingSettings, SHARING_SETTINGS_KEY } from './sharing-settings.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';

const iso = (value: Date | null) => value?.toISOString() ?? null;

async function visibleLine(ctx: AppContext, actor: Actor, id: number) {
  const scope = access.lines(actor);
  return access.ownLineOrNotFound(scope, await linesRepository.findById(ctx.db, id));
}

/** Who is connected to the line now, its sharing flag and the addresses it used. */
export async function getLineConnections(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<LineConnections> {
  await visibleLine(ctx, actor, id);
  // One snapshot: a poll writes the sessions, the addresses and the presence together, and reads on
  // two connections could show a session whose address the history did not hold yet.
  const [sessions, history, presence] = await inOneSnapshot(ctx.db, [
    (tx) => lineConnectionsRepository.sessionsOfLine(tx, id),
    (tx) => lineConnectionsRepository.ipHistoryOfLine(tx, id),
    (tx) => lineConnectionsRepository.presenceOf(tx, [id]),
  ]);
  const state = presence.get(id);
  return {
    online: sessions.length > 0,
    last_seen_at: iso(state?.lastSeenAt ?? null),
    sharing_detected_at: iso(state?.sharingDetectedAt ?? null),
    sharing_active: Boolean(state?.sharingSince),
    connections: sessions.map(({ session, serverName }) => ({
      connection_id: session.connectionId,
      server_id: session.serverId,
      server_name: serverName,
      ip: session.ip,
      protocol: session.protocol,
      connected_since: iso(session.connectedSince),
      idle_seconds: session.idleSeconds,
      last_channel: session.lastChannel,
      last_caid: session.lastCaid,
      ecm_ok: session.ecmOk,
      ecm_total: session.ecmTotal,
      state: session.state,
      seen_at: session.seenAt.toISOString(),
    })),
    ip_history: history.map((entry) => ({
      ip: entry.ip,
      first_seen_at: entry.firstSeenAt.toISOString(),
      last_seen_at: entry.lastSeenAt.toISOString(),
    })),
  };
}

/** The line's sharing score and what it was built from, for its owner to talk to the customer. */
export async function getLineSharing(ctx: AppContext, actor: Actor, id: number): Promise<LineSharing> {
  const line = await visibleLine(ctx, actor, id);
  // The score and the evidence it was built from, as one poll wrote them.
  const [presence, evidence] = await inOneSnapshot(ctx.db, [
    (tx) => lineConnectionsRepository.presenceOf(tx, [id]),
    (tx) => sharingEvidenceRepository.evidenceOfLine(tx, id),
  ]);
  const state = presence.get(id);
  const taken = state?.sharingLadder?.applied ?? [];
  const backend =
    taken.length > 0 && line.serverId !== null
      ? (await serversRepository.findById(ctx.db, line.serverId))?.agentBackend
      : null;
  return {
    score: state?.sharingScore ?? 0,
    episode_since: iso(state?.sharingSince ?? null),
    steps_taken: taken,
    steps_not_supported: taken.filter((step) => !stepSupported(step, backend)),
    oscam_in_force: line.sharingOscam ?? null,
    evidence: evidence.map((row) => ({
      ip: row.ip,
      asn: row.asn,
      network: row.network,
      country: row.country,
      channel: row.channel,
      signals: row.signals.filter((signal): signal is LineSharing['evidence'][number]['signals'][number] =>
        (SHARING_SIGNALS as readonly string[]).includes(signal),
      ),
      score: row.score,
      first_seen_at: row.firstSeenAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
    })),
  };
}

/** Ends one connection of the line on its server (the line's owner and admins). */
export async function kickLineConnection(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: LineKickBody,
): Promise<{ message: string }> {
  const line = await visibleLine(ctx, actor, id);
  const session = await lineConnectionsRepository.findSession(ctx.db, id, body.connection_id);
  if (!session) throw new AppError('LINE_CONNECTION_NOT_FOUND');
  const outcome = await endServerConnection(ctx, session.serverId, body.connection_id);
  if (outcome.kind === 'ended' || outcome.kind === 'gone') {
    await ctx.bus.publish({
      table: 'line_connections',
      action: 'update',
      id: String(id),
      audience: line.ownerId ? [line.ownerId] : [],
    });
  }
  if (outcome.kind === 'ended') return { message: 'Connection ended' };
  if (outcome.kind === 'gone') throw new AppError('LINE_CONNECTION_NOT_FOUND');
  if (outcome.kind === 'unsupported') throw new AppError('LINE_KICK_NOT_SUPPORTED');
  throw new AppError('LINE_KICK_FAILED', { params: { reason: outcome.reason } });
}

/** Lines connected now on each server, for the dashboard (admins: every line; resellers: their own). */
export async function getOnlineByServer(ctx: AppContext, actor: Actor): Promise<OnlineByServer> {
  const scope = access.lines(actor);
  const rows = await lineConnectionsRepository.onlineByServer(ctx.db, scope.ownerId);
  return {
    items: rows.map((row) => ({ server_id: row.serverId, server_name: row.serverName, online_lines: row.n })),
    total_online: rows.reduce((sum, row) => sum + row.n, 0),
  };
}

export async function getSharingSettings(ctx: AppContext, actor: Actor): Promise<SharingSettings> {
  access.admin(actor);
  return readSharingSettings(ctx.db);
}

export async function updateSharingSettings(
  ctx: AppContext,
  actor: Actor,
  body: SharingSettingsBody,
): Promise<SharingSettings> {
  const admin = access.admin(actor);
  const next = { ...(await readSharingSettings(ctx.db)), ...body };
  await updateSetting(ctx, admin, SHARING_SETTINGS_KEY, next);
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: SHARING_SETTINGS_KEY, audience: [] });
  return next;
}
