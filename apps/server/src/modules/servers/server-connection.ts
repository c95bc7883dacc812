import {
  incompleteConfigMessage,
  missingConnectionFields,
  errorMessages,
  formatErrorMessage,
  type ServerTestCode,
  type ServerTestResult,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { announceNotices, nothingNotified, notifyAdmins, type Notified } from '../notifications/notify.js';
import { AgentUnreachableError, createAgentClient, type AgentTarget } from './agent-client.js';
import type { ServerRow, TestOutcome } from './servers.repository.js';
import { serversRepository } from './servers.repository.js';

/** Used for next_check_at when the background check is switched off on this instance. */
const FALLBACK_CHECK_SECONDS = 300;

export const CONNECTION_OK_MESSAGE = 'Connection successful';

export type ResolvedTarget = { target: AgentTarget; missing: [] } | { target: null; missing: string[] };

/** The agent login of a stored server, or the connection fields it lacks. */
export function resolveAgentTarget(ctx: AppContext, row: ServerRow): ResolvedTarget {
  let password: string | null = null;
  try {
    password = row.passwordEncrypted ? ctx.serverSecrets.decrypt(row.passwordEncrypted) : null;
  } catch {
    // Sealed under another panel secret: the admin has to enter the password again.
    ctx.log.warn({ serverId: row.id }, 'Stored server password cannot be decrypted with this secret');
  }
  const missing = missingConnectionFields({
    host_ip: row.hostIp,
    port: row.port,
    api_port: row.apiPort,
    username: row.username,
    has_password: Boolean(password),
  });
  if (missing.length > 0 || !password) return { target: null, missing };
  return {
    target: {
      hostIp: row.hostIp.trim(),
      apiPort: row.apiPort,
      useTls: row.useTls,
      tlsInsecure: row.tlsInsecure,
      username: row.username,
      password,
    },
    missing: [],
  };
}

type Probe = {
  ok: boolean;
  /** The identity the agent reports in GET / (agents from before identities report none). */
  agentId: string | null;
  /** The file the agent writes, as GET / reports it. */
  backend: 'oscam' | 'cccam' | null;
  health: boolean;
  auth: boolean;
  version: string | null;
  code: ServerTestCode | null;
  message: string;
  httpStatus: number | null;
};

const is2xx = (status: number) => status >= 200 && status < 300;

function failure(code: ServerTestCode, message: string, extra: Partial<Probe> = {}): Probe {
  return {
    ok: false,
    agentId: null,
    backend: null,
    health: false,
    auth: false,
    version: null,
    httpStatus: null,
    code,
    message,
    ...extra,
  };
}

function unreachable(error: unknown, extra: Partial<Probe> = {}): Probe {
  if (!(error instanceof AgentUnreachableError)) throw error;
  return failure(
    'SERVER_CONNECTION_FAILED',
    `${errorMessages.SERVER_CONNECTION_FAILED}: ${error.reason}`,
    extra,
  );
}

/** GET /health, then the authenticated GET / (the agent API), with the spec's texts for each failure. */
async function probe(ctx: AppContext, row: ServerRow, signal?: AbortSignal): Promise<Probe> {
  const { target, missing } = resolveAgentTarget(ctx, row);
  if (!target) return failure('SERVER_CONFIG_INCOMPLETE', incompleteConfigMessage(missing));
  const client = createAgentClient(target, { timeoutMs: ctx.config.serverApiTimeoutMs, signal });

  let health;
  try {
    health = await client.health();
  } catch (error) {
    return unreachable(error);
  }
  if (!is2xx(health.status)) {
    return failure('SERVER_HEALTH_CHECK_FAILED', `Health check failed with status: ${health.status}`, {
      httpStatus: health.status,
    });
  }

  let info;
  try {
    info = await client.info();
  } catch (error) {
    return unreachable(error, { health: true });
  }
  if (info.status === 401 || info.status === 403) {
    return failure('SERVER_AUTH_FAILED', `API Authentication failed. HTTP status: ${info.status}`, {
      health: true,
      httpStatus: info.status,
    });
  }
  if (!is2xx(info.status)) {
    return failure(
      'SERVER_API_NOT_RESPONDING',
      `CCcam server API is not responding. HTTP status: ${info.status}`,
      { health: true, httpStatus: info.status },
    );
  }
  const answer = info.body as { version?: unknown; agent_id?: unknown; backend?: unknown } | null;
  const reported = answer?.version;
  const version = typeof reported === 'string' ? reported.slice(0, 100) : null;
  const agentId =
    typeof answer?.agent_id === 'string' && answer.agent_id.trim() ? answer.agent_id.trim() : null;
  return {
    ok: true,
    agentId: agentId?.slice(0, 100) ?? null,
    backend: answer?.backend === 'oscam' || answer?.backend === 'cccam' ? answer.backend : null,
    health: true,
    auth: true,
    version,
    code: null,
    message: CONNECTION_OK_MESSAGE,
    httpStatus: null,
  };
}

/**
 * One agent, one server record: the first successful test binds the record to the identity its agent
 * reports, a second record that reaches the same agent (another address for it, a copied record) is
 * refused, and so is an agent that answers for another identity than the record was bound to (a
 * different box behind the old address). Two records on one agent would each remove the other's
 * lines as leftovers. Agents from before identities report none and are let through as before.
 */
async function checkIdentity(
  tx: Db,
  record: Pick<ServerRow, 'id' | 'agentId'>,
  result: Probe,
  agentId: string,
): Promise<Probe> {
  const holder = await serversRepository.findByAgentId(tx, agentId);
  if (holder && holder.id !== record.id) {
    const message = formatErrorMessage('SERVER_AGENT_TAKEN', { server: holder.serverName });
    return { ...result, ok: false, code: 'SERVER_AGENT_TAKEN', message };
  }
  if (record.agentId && record.agentId !== agentId) {
    return {
      ...result,
      ok: false,
      code: 'SERVER_AGENT_IDENTITY_CHANGED',
      message: errorMessages.SERVER_AGENT_IDENTITY_CHANGED,
    };
  }
  return result;
}

/**
 * Why nothing may be delivered to this record's agent: its last test found the agent answering for
 * another identity, or for another record. Until a test binds it again, a change would land on a
 * box (or a record's lines) that is not this record's.
 */
export function identityRefusal(row: Pick<ServerRow, 'status' | 'lastError'>): string | null {
  if (row.status !== 'error' || !row.lastError) return null;
  const agentTaken = formatErrorMessage('SERVER_AGENT_TAKEN', { server: '' }).split('""')[0]!;
  const refused =
    row.lastError === errorMessages.SERVER_AGENT_IDENTITY_CHANGED || row.lastError.startsWith(agentTaken);
  return refused ? row.lastError : null;
}

/**
 * Admins hear when a server goes from active to error (down) or back, once per change: the change
 * and its notice commit together.
 */
function noticeOfChange(ctx: AppContext, tx: Db, before: ServerRow, after: ServerRow): Promise<Notified> {
  const server = { server_id: after.id, server: after.serverName };
  if (before.status === 'active' && after.status === 'error') {
    return notifyAdmins(ctx, tx, {
      kind: 'server_down',
      params: { ...server, error: after.lastError ?? '' },
    });
  }
  if (before.status === 'error' && after.status === 'active') {
    return notifyAdmins(ctx, tx, { kind: 'server_up', params: server });
  }
  return Promise.resolve(nothingNotified());
}

/**
 * Tests one server and records the outcome: success makes it active with last_connection and the
 * agent's version, failure makes it error. Publishes the change. When `signal` fires
 * (the app shutting down) nothing is recorded, since the server did nothing wrong.
 */
export async function testServerConnection(
  ctx: AppContext,
  row: ServerRow,
  options: { signal?: AbortSignal } = {},
): Promise<ServerTestResult> {
  let result = await probe(ctx, row, options.signal);
  let notified = nothingNotified();
  const saved = options.signal?.aborted
    ? undefined
    : await ctx.db.transaction(async (tx) => {
        // The status before this test's outcome is the one now, not the one read before the probe:
        // two tests of one record that overlap (the periodic check, an admin's "test") would each
        // see it active and tell the admins twice that it went down.
        const before = (await serversRepository.lockById(tx, row.id)) ?? row;
        if (result.ok && result.agentId) result = await checkIdentity(tx, before, result, result.agentId);
        const outcome: TestOutcome = result.ok
          ? { ok: true, version: result.version, agentId: result.agentId, backend: result.backend }
          : { ok: false, error: result.message };
        const recorded = await serversRepository.recordTest(
          tx,
          row.id,
          outcome,
          ctx.config.serverCheckIntervalSeconds || FALLBACK_CHECK_SECONDS,
        );
        if (recorded) notified = await noticeOfChange(ctx, tx, before, recorded);
        return recorded;
      });
  if (saved) {
    await ctx.bus.publish({ table: 'cccam_servers', action: 'update', id: String(row.id), audience: [] });
    await announceNotices(ctx, notified);
  }
  const current = saved ?? row;
  return {
    ok: result.ok,
    status: saved ? saved.status : row.status,
    health: result.health,
    auth: result.auth,
    version: result.ok ? result.version : current.version,
    message: result.message,
    code: result.code,
    http_status: result.httpStatus,
    last_connection: current.lastConnection?.toISOString() ?? null,
  };
}
