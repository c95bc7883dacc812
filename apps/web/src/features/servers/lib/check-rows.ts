import type { Server, ServerCheckItem, ServerStatus } from '@linedesk/shared';
import { parseServerMessage, stepsFromMessage } from './server-messages';

/**
 * One server on the check page. `pending`: the check runs and nothing has arrived for it yet;
 * `done`: its result (from the live event or the check's answer); `idle`: no check has run, so only
 * the stored status is known.
 */
export type CheckRow = {
  id: number;
  name: string;
  /** The agent's base URL; null when the server is no longer listed. */
  address: string | null;
  state: 'pending' | 'done' | 'idle';
  status: ServerStatus | null;
  health: boolean | null;
  auth: boolean | null;
  version: string | null;
  ok: boolean | null;
  message: string | null;
};

const OK_MESSAGE = 'Connection successful';

export type CheckRowsInput = {
  /** The servers as listed now. */
  servers: Server[];
  /** Servers of the check that is running; null when none runs. */
  running: ReadonlySet<number> | null;
  /** Servers re-read after their live change during the running check. */
  live: ReadonlyMap<number, Server>;
  /** The answer of the last finished check. */
  results: ServerCheckItem[] | undefined;
};

function fromResult(base: Pick<CheckRow, 'id' | 'name' | 'address'>, result: ServerCheckItem): CheckRow {
  return {
    ...base,
    state: 'done',
    status: result.status,
    health: result.health,
    auth: result.auth,
    version: result.version,
    ok: result.ok,
    message: result.message,
  };
}

/** A tested server as stored: the outcome is all there is, the steps follow from its text. */
function fromLive(base: Pick<CheckRow, 'id' | 'name' | 'address'>, server: Server): CheckRow {
  const ok = server.status === 'active';
  const message = ok ? OK_MESSAGE : (server.last_error ?? '');
  return {
    ...base,
    state: 'done',
    status: server.status,
    ...stepsFromMessage(parseServerMessage(message)),
    version: server.version,
    ok,
    message,
  };
}

/** Where the panel calls the agent, as the API builds it (IPv6 hosts in brackets). */
export function agentAddress(server: Pick<Server, 'host_ip' | 'api_port' | 'use_tls'>): string {
  const host = server.host_ip.includes(':') ? `[${server.host_ip.replace(/^\[|\]$/g, '')}]` : server.host_ip;
  return `${server.use_tls ? 'https' : 'http'}://${host}:${server.api_port}`;
}

export function buildCheckRows({ servers, running, live, results }: CheckRowsInput): CheckRow[] {
  const byId = new Map(servers.map((server) => [server.id, server]));
  const resultById = new Map((results ?? []).map((result) => [result.id, result]));
  const ids = [...byId.keys(), ...[...resultById.keys()].filter((id) => !byId.has(id))];

  return ids.map((id): CheckRow => {
    const server = byId.get(id);
    const result = resultById.get(id);
    const base = {
      id,
      name: server?.server_name ?? result?.server_name ?? '',
      address: server ? agentAddress(server) : null,
    };
    if (result) return fromResult(base, result);
    if (running?.has(id)) {
      const changed = live.get(id);
      // Only a tested server is active or error; any other change is not its result.
      if (changed && changed.status !== 'inactive') return fromLive(base, changed);
      return {
        ...base,
        state: 'pending',
        status: null,
        health: null,
        auth: null,
        version: null,
        ok: null,
        message: null,
      };
    }
    return {
      ...base,
      state: 'idle',
      status: server?.status ?? null,
      health: null,
      auth: null,
      version: server?.version ?? null,
      ok: server?.status === 'error' ? false : null,
      message: server?.status === 'error' ? server.last_error : null,
    };
  });
}
