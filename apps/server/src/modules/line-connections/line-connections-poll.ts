import type { AppContext } from '../../app-context.js';
import { linesRepository } from '../lines/lines.repository.js';
import { AgentUnreachableError, createAgentClient } from '../servers/agent-client.js';
import { resolveAgentTarget } from '../servers/server-connection.js';
import { serversRepository } from '../servers/servers.repository.js';
import {
  lineConnectionPollsRepository,
  lineConnectionsRepository,
  type SessionInsert,
} from './line-connections.repository.js';
import { endedSince } from './ended-connections.js';
import { locateAddresses } from './ip-location.js';
import { checkLineLocks } from './line-locks.js';
import { sharingEvidenceRepository, type EvidenceInsert } from './sharing-evidence.repository.js';
import { scoreSharing } from './sharing-score.js';
import { raiseSharingAlerts, type SharingEpisode } from './sharing-alerts.js';
import { looksShared, readSharingSettings } from './sharing-settings.js';
import { finishSharingSteps, takeSharingSteps, type LineScore } from './sharing-steps.js';

/** One entry of the agent's GET /connections (apps/agent README, "Who is online"). */
type AgentConnection = {
  id: string | null;
  username: string;
  ip: string;
  protocol: string;
  connectedSince: string | null;
  idleSeconds: number | null;
  lastChannel: string | null;
  lastCaid: string | null;
  ecmOk: number | null;
  ecmTotal: number | null;
  state: string | null;
};

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const int = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.max(0, Math.min(Math.round(value), 2 ** 31 - 1))
    : null;
const date = (value: unknown) => {
  const text = str(value);
  return text !== null && !Number.isNaN(Date.parse(text)) ? new Date(text) : null;
};

function parseConnections(body: unknown): AgentConnection[] | null {
  const list = (body as { connections?: unknown } | null)?.connections;
  if (!Array.isArray(list)) return null;
  return list.flatMap((raw): AgentConnection[] => {
    const entry = raw as Record<string, unknown> | null;
    const username = str(entry?.username);
    const ip = str(entry?.ip);
    if (!entry || username === null || ip === null) return [];
    return [
      {
        id: str(entry.id),
        username,
        ip,
        protocol: str(entry.protocol) ?? '',
        connectedSince: str(entry.connectedSince),
        idleSeconds: int(entry.idleSeconds),
        lastChannel: str(entry.lastChannel),
        lastCaid: str(entry.lastCaid),
        ecmOk: int(entry.ecmOk),
        ecmTotal: int(entry.ecmTotal),
        state: str(entry.state),
      },
    ];
  });
}

/** `readAt`: when the agent was asked (connections ended from the panel since then are left out). */
export type PollOutcome =
  { ok: true; connections: AgentConnection[]; readAt: number } | { ok: false; error: string };

async function readConnections(
  ctx: AppContext,
  serverId: number,
  signal?: AbortSignal,
): Promise<PollOutcome> {
  const server = await serversRepository.findById(ctx.db, serverId);
  if (!server || server.status !== 'active') return { ok: false, error: 'Server is not active' };
  const { target } = resolveAgentTarget(ctx, server);
  if (!target) return { ok: false, error: 'Server connection settings are incomplete' };
  const client = createAgentClient(target, { timeoutMs: ctx.config.serverApiTimeoutMs, signal });
  try {
    const readAt = Date.now();
    const response = await client.connections();
    const connections = response.status === 200 ? parseConnections(response.body) : null;
    if (connections) return { ok: true, connections, readAt };
    const message = (response.body as { message?: unknown } | null)?.message;
    return {
      ok: false,
      error: `Agent answered ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`,
    };
  } catch (error) {
    if (error instanceof AgentUnreachableError) return { ok: false, error: error.reason };
    throw error;
  }
}

type Change = { lineId: number; ownerId: string | null };

/**
 * Stores what the agent reported (or, when it could not be read, that nobody is known to be connected)
 * and evaluates sharing, in one transaction; then tells the lines' owners and admins what changed.
 * From a poll (its claim and interval), nothing is stored when the server was claimed again
 * meanwhile: a newer reading may be stored already, and this older one would undo it (and tell its
 * changes again). Otherwise the poll is recorded with what it stored, so the next one is due an
 * interval on while this one's notices are still being sent.
 */
export async function applyConnections(
  ctx: AppContext,
  serverId: number,
  outcome: PollOutcome,
  poll?: { claim: string; intervalSeconds: number },
): Promise<void> {
  const connections = outcome.ok ? outcome.connections : [];
  const readAt = outcome.ok ? outcome.readAt : Date.now();
  const owned = await lineConnectionsRepository.linesByUsername(ctx.db, serverId, [
    ...new Set(connections.map((c) => c.username)),
  ]);
  const byUsername = new Map(owned.map((line) => [line.username, line]));
  const byId = new Map(owned.map((line) => [line.id, line]));
  const ownerOf = new Map(owned.map((line) => [line.id, line.ownerId]));
  const found: SessionInsert[] = connections.flatMap((c) => {
    const line = byUsername.get(c.username);
    if (!line) return [];
    return [
      {
        serverId,
        lineId: line.id,
        connectionId: c.id,
        ip: c.ip,
        protocol: c.protocol,
        connectedSince: date(c.connectedSince),
        idleSeconds: c.idleSeconds,
        lastChannel: c.lastChannel,
        lastCaid: c.lastCaid,
        ecmOk: c.ecmOk,
        ecmTotal: c.ecmTotal,
        state: c.state,
      },
    ];
  });
  const settings = await readSharingSettings(ctx.db);
  const locations = await locateAddresses(addressesOfSharedLines(found));

  const stored = await ctx.db.transaction(async (tx) => {
    if (poll && !(await lineConnectionPollsRepository.holdsClaim(tx, serverId, poll.claim))) return null;
    // A line deleted since it was looked up has nothing left to record against (its rows would
    // break the foreign keys and fail the whole round); the lock keeps the rest until this commits.
    const existing = new Set(await lineConnectionsRepository.lockExistingLines(tx, [...byId.keys()]));
    // Checked under the server's lock, which a kick holds while it removes its connection: a kick
    // that ended a connection after the agent was read is seen here, or removes it after this commits.
    await lineConnectionsRepository.lockServerSessions(tx, serverId);
    const sessions = found.filter(
      (session) =>
        existing.has(session.lineId) &&
        (session.connectionId == null || !endedSince(ctx, serverId, session.connectionId, readAt)),
    );
    const before = await lineConnectionsRepository.sessionsOfServer(tx, serverId);
    await lineConnectionsRepository.replaceSessions(tx, serverId, sessions);

    const counts = new Map<number, number>();
    const ips = new Map<number, Set<string>>();
    for (const session of sessions) {
      counts.set(session.lineId, (counts.get(session.lineId) ?? 0) + 1);
      ips.set(session.lineId, (ips.get(session.lineId) ?? new Set()).add(session.ip));
    }
    const seen = [...counts.keys()];
    await lineConnectionsRepository.markSeen(tx, serverId, counts);
    const wentOffline = await lineConnectionsRepository.markOffline(tx, serverId, seen);
    await lineConnectionsRepository.recordIps(
      tx,
      [...ips].flatMap(([lineId, set]) => [...set].map((ip) => ({ lineId, ip }))),
    );

    const scores = new Map<number, number>();
    const scored = new Map<number, LineScore>();
    const evidence: EvidenceInsert[] = [];
    for (const [lineId, lineSessions] of groupByLine(sessions)) {
      const { score, signals } = scoreSharing(lineSessions, locations);
      scores.set(lineId, score);
      scored.set(lineId, { score, signals });
      if (score === 0) continue;
      const byIp = new Map(lineSessions.map((s) => [s.ip, s]));
      for (const [ip, session] of byIp) {
        const where = locations.get(ip);
        evidence.push({
          lineId,
          ip,
          asn: where?.asn ?? null,
          network: where?.network ?? null,
          country: where?.country ?? null,
          channel: session.lastChannel ?? null,
          signals,
          score,
        });
      }
    }
    await sharingEvidenceRepository.setScores(tx, serverId, scores);
    await sharingEvidenceRepository.record(tx, evidence);
    const steps = await takeSharingSteps(ctx, tx, serverId, scored);

    // Sharing: the seen lines, and the lines whose episode may end now.
    const open = await lineConnectionsRepository.openEpisodes(tx, serverId);
    const candidates = [...new Set([...seen, ...open])];
    const inWindow =
      settings.max_ips_in_window > 0
        ? await lineConnectionsRepository.ipsInWindow(tx, candidates, settings.window_minutes)
        : new Map<number, number>();
    const shared = candidates.filter((id) =>
      looksShared(settings, ips.get(id)?.size ?? 0, inWindow.get(id) ?? 0),
    );
    const sharedSet = new Set(shared);
    await lineConnectionsRepository.closeEpisodes(
      tx,
      open.filter((id) => !sharedSet.has(id)),
    );
    const opened = await lineConnectionsRepository.openEpisode(tx, shared);
    const episodes: SharingEpisode[] = opened.map((lineId) => {
      const line = byId.get(lineId)!;
      return {
        lineId,
        username: line.username,
        ownerId: line.ownerId,
        enabled: line.enabled,
        currentIps: [...(ips.get(lineId) ?? [])],
        ipsInWindow: inWindow.get(lineId) ?? 0,
      };
    });

    // A line changed when it went on- or offline or its set of connections differs.
    const keys = (rows: { lineId: number; ip: string; connectionId?: string | null }[]) => {
      const byLine = new Map<number, string[]>();
      for (const row of rows) {
        byLine.set(row.lineId, [...(byLine.get(row.lineId) ?? []), `${row.ip}|${row.connectionId ?? ''}`]);
      }
      return new Map([...byLine].map(([lineId, list]) => [lineId, list.sort().join(',')]));
    };
    const was = keys(before);
    const now = keys(sessions);
    const openedNow = new Set(opened);
    const touched = new Set([...was.keys(), ...now.keys(), ...wentOffline, ...opened]);
    const changed = [...touched].filter(
      (lineId) => openedNow.has(lineId) || was.get(lineId) !== now.get(lineId),
    );
    if (poll) {
      await lineConnectionPollsRepository.recordPoll(tx, serverId, poll.claim, {
        error: outcome.ok ? null : outcome.error,
        intervalSeconds: poll.intervalSeconds,
      });
    }
    return { changed, episodes, steps };
  });
  if (!stored) return;
  const { changed, episodes, steps } = stored;

  const missingOwners = changed.filter((id) => !ownerOf.has(id));
  if (missingOwners.length > 0) {
    for (const row of await ownersOf(ctx, missingOwners)) ownerOf.set(row.id, row.ownerId);
  }
  const events: Change[] = changed.map((lineId) => ({ lineId, ownerId: ownerOf.get(lineId) ?? null }));
  if (events.length > 0) {
    await ctx.bus.publishAll(
      events.map((event) => ({
        table: 'line_connections' as const,
        action: 'update' as const,
        id: String(event.lineId),
        audience: event.ownerId ? [event.ownerId] : [],
      })),
    );
  }
  if (episodes.length > 0) await raiseSharingAlerts(ctx, episodes, settings);
  await finishSharingSteps(ctx, steps);
  // Without an answer nothing is known about who is connected: open lock episodes stay as they are.
  if (outcome.ok) await checkLineLocks(ctx, serverId, found);
}

function groupByLine(sessions: SessionInsert[]): Map<number, SessionInsert[]> {
  const byLine = new Map<number, SessionInsert[]>();
  for (const session of sessions)
    byLine.set(session.lineId, [...(byLine.get(session.lineId) ?? []), session]);
  return byLine;
}

/** Only lines seen from two or more addresses can score: the others' addresses need no lookup. */
function addressesOfSharedLines(sessions: SessionInsert[]): string[] {
  const ips = [...groupByLine(sessions).values()].map((list) => new Set(list.map((s) => s.ip)));
  return [...new Set(ips.filter((set) => set.size > 1).flatMap((set) => [...set]))];
}

async function ownersOf(ctx: AppContext, ids: number[]) {
  return (await linesRepository.findManyByIds(ctx.db, ids)).map((row) => ({
    id: row.id,
    ownerId: row.ownerId,
  }));
}

/**
 * Reads one server's connections and stores them. `poll` is the server's claim
 * (`lineConnectionPollsRepository.claimDue`) and the interval to its next reading.
 */
export async function pollServer(
  ctx: AppContext,
  serverId: number,
  poll: { claim: string; intervalSeconds: number },
  signal?: AbortSignal,
): Promise<void> {
  const outcome = await readConnections(ctx, serverId, signal);
  if (signal?.aborted) return;
  if (!outcome.ok) ctx.log.debug({ serverId, error: outcome.error }, 'Could not read live connections');
  await applyConnections(ctx, serverId, outcome, poll);
}
