import type { LineEntryExtra, LineRestrictions } from '@linedesk/shared';
import http from 'node:http';
import https from 'node:https';
import { currentRequestId } from '../../platform/request-context.js';

/** Where a line agent listens and the Basic-auth login it expects (docs/line-agent-api.md). */
export type AgentTarget = {
  hostIp: string;
  apiPort: number;
  useTls: boolean;
  /** Accept a self-signed certificate. */
  tlsInsecure: boolean;
  username: string;
  password: string;
};

export type AgentClientOptions = {
  timeoutMs: number;
  /** Abandons the call early (the check job stopping). */
  signal?: AbortSignal;
};

export type AgentMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type AgentResponse = { status: number; body: unknown };

/** The agent could not be reached or did not answer in time: no HTTP status to report. */
export class AgentUnreachableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'AgentUnreachableError';
  }
}

export type AgentUserInput = {
  username: string;
  password: string;
  expiryDate: string;
  /**
   * The instant the line ends (ISO), the end of `expiryDate` in the panel's business time zone: the
   * agent enforces it on its own clock whatever zone it runs in. Older agents ignore it.
   */
  expiresAt?: string;
  /** The line plan's restrictions with the line's own over them; only sent when there are any. */
  restrictions?: LineRestrictions;
  /** The entry's settings the panel does not model, verbatim; only sent when the line has them. */
  extra?: LineEntryExtra;
};
export type AgentUserEdit = {
  username: string;
  newPassword?: string;
  newExpiryDate?: string;
  enabled?: boolean;
};
/** One change of POST /batch: a single-change endpoint's body and which endpoint it stands for. */
export type AgentChange =
  | ({ action: 'add-user' } & AgentUserInput)
  | ({ action: 'edit-user' } & AgentUserEdit)
  | { action: 'delete-user'; username: string };
/** One entry to adopt: as GET /unmanaged-accounts listed it, with a DD-MM-YYYY date when it has none. */
export type AgentAdoptRequest = { username: string; fingerprint: string; expiryDate?: string };
/** The agent's answer for one account of POST /adopt. */
export type AgentAdoptResult = {
  username?: unknown;
  status?: unknown;
  message?: unknown;
  code?: unknown;
  adopted?: unknown;
  user?: { password?: unknown; expiryDate?: unknown; enabled?: unknown };
};
/** The agent's answer for one change of a batch: what its own endpoint would have said. */
export type AgentChangeResult = {
  status: number;
  message?: unknown;
  user?: { enabled?: unknown; restrictions?: unknown; extra?: unknown };
  /** How the server took the written file; `failed` means the change is on disk but not live. */
  reload?: { status?: unknown; error?: unknown };
};

// An agent answers with small JSON documents; anything bigger is not one of ours.
const MAX_RESPONSE_BYTES = 1024 * 1024;
/**
 * Except the lists that hold an entry per account of the server (its users, connections, ECM
 * counters, unmanaged entries): a 50,000-account server's user list is several MiB, and a cap below
 * it failed every reconcile of such a server. 256 MiB, as the agent's own cap on OSCam's account list.
 */
const MAX_LIST_RESPONSE_BYTES = 256 * 1024 * 1024;

export function agentBaseUrl(target: Pick<AgentTarget, 'hostIp' | 'apiPort' | 'useTls'>): string {
  const host = target.hostIp.includes(':') ? `[${target.hostIp.replace(/^\[|\]$/g, '')}]` : target.hostIp;
  return `${target.useTls ? 'https' : 'http'}://${host}:${target.apiPort}`;
}

function reasonOf(error: unknown): string {
  // Node's happy-eyeballs connect reports every tried address in an AggregateError with no message.
  if (error instanceof AggregateError && !error.message) {
    const inner = [...new Set(error.errors.map(reasonOf))];
    if (inner.length > 0) return inner.join('; ');
  }
  if (error instanceof Error) {
    return error.message || (error as NodeJS.ErrnoException).code || error.name;
  }
  return String(error);
}

function parseBody(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * One HTTP call with a hard time limit that covers connecting, waiting and reading the answer.
 * node:http rather than fetch: skipping certificate checks per call needs undici's Agent, which Node
 * bundles but does not let us import. Redirects are not followed.
 */
function send(
  target: AgentTarget,
  request: { method: AgentMethod; path: string; body?: unknown; auth: boolean; list?: boolean },
  options: AgentClientOptions,
): Promise<AgentResponse> {
  const url = new URL(request.path, agentBaseUrl(target));
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  const headers: Record<string, string> = { accept: 'application/json' };
  // The agent logs its side of the call under the panel request's id (docs/deploy.md).
  const requestId = currentRequestId();
  if (requestId) headers['x-request-id'] = requestId;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  if (request.auth) {
    const token = Buffer.from(`${target.username}:${target.password}`).toString('base64');
    headers.authorization = `Basic ${token}`;
  }

  return new Promise<AgentResponse>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (reason: string) => {
      finish(() => reject(new AgentUnreachableError(reason)));
      req.destroy();
    };
    const onAbort = () => fail('Request was cancelled');

    const common = { method: request.method, headers, agent: false } as const;
    const onResponse = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > (request.list ? MAX_LIST_RESPONSE_BYTES : MAX_RESPONSE_BYTES)) fail('Response too large');
        else chunks.push(chunk);
      });
      res.on('end', () =>
        finish(() =>
          resolve({
            status: res.statusCode ?? 0,
            body: parseBody(Buffer.concat(chunks).toString('utf8')),
          }),
        ),
      );
      res.on('error', (error) => fail(reasonOf(error)));
    };
    const req = target.useTls
      ? https.request(url, { ...common, rejectUnauthorized: !target.tlsInsecure }, onResponse)
      : http.request(url, common, onResponse);
    const timer = setTimeout(
      () => fail(`Request timed out after ${options.timeoutMs} ms`),
      options.timeoutMs,
    );
    req.on('error', (error) => fail(reasonOf(error)));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    req.end(payload);
  });
}

const routes = {
  health: { method: 'GET', path: '/health', auth: false },
  info: { method: 'GET', path: '/', auth: true },
  addUser: { method: 'POST', path: '/add-user', auth: true },
  editUser: { method: 'PUT', path: '/edit-user', auth: true },
  deleteUser: { method: 'DELETE', path: '/delete-user', auth: true },
  listUsers: { method: 'GET', path: '/users', auth: true, list: true },
  batch: { method: 'POST', path: '/batch', auth: true },
  connections: { method: 'GET', path: '/connections', auth: true, list: true },
  kickConnection: { method: 'POST', path: '/kick-connection', auth: true },
  ecmStats: { method: 'GET', path: '/ecm-stats', auth: true, list: true },
  load: { method: 'GET', path: '/load', auth: true },
  unmanagedAccounts: { method: 'GET', path: '/unmanaged-accounts', auth: true, list: true },
  adopt: { method: 'POST', path: '/adopt', auth: true },
} as const satisfies Record<string, { method: AgentMethod; path: string; auth: boolean; list?: true }>;

export type AgentRoute = keyof typeof routes;

export function agentRoute(name: AgentRoute): { method: AgentMethod; path: string; auth: boolean } {
  return routes[name];
}

/**
 * The panel's side of the line agent API. Each call resolves with the agent's status and JSON body
 * (callers decide what a non-2xx means) or rejects with AgentUnreachableError.
 */
export function createAgentClient(target: AgentTarget, options: AgentClientOptions) {
  const call = (name: AgentRoute, body?: unknown) => send(target, { ...routes[name], body }, options);
  return {
    call,
    health: () => call('health'),
    info: () => call('info'),
    addUser: (input: AgentUserInput) => call('addUser', input),
    editUser: (input: AgentUserEdit) => call('editUser', input),
    deleteUser: (input: { username: string }) => call('deleteUser', input),
    listUsers: () => call('listUsers'),
    /** Many changes in one agent write; agents older than POST /batch answer 404. */
    batch: (changes: AgentChange[]) => call('batch', { changes }),
    /** Who is connected now; 501 when the agent cannot read the server's connection list. */
    connections: () => call('connections'),
    kickConnection: (id: string) => call('kickConnection', { id }),
    /** ECM counters per account and the readers' state; agents older than ECM statistics answer 404. */
    ecmStats: () => call('ecmStats'),
    /** The machine's CPU, memory, disk and client count; agents older than load alerts answer 404. */
    load: () => call('load'),
    /** The config file's entries outside the managed block; agents older than adoption answer 404. */
    unmanagedAccounts: () => call('unmanagedAccounts'),
    /** Moves listed entries into the managed block with their login unchanged, in one write. */
    adopt: (accounts: AgentAdoptRequest[]) => call('adopt', { accounts }),
  };
}

export type AgentClient = ReturnType<typeof createAgentClient>;
