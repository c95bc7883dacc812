import {
  checkServerCreate,
  checkServerPatch,
  DEFAULT_NEWCAMD_DES_KEY,
  DEFAULT_SERVER_API_PORT,
  DEFAULT_SERVER_PROTOCOL,
  incompleteConfigMessage,
  normalizeHostname,
  serverAddress,
  serverPublicHost,
  type ActiveServer,
  type AgentCallBody,
  type AgentCallResult,
  type AgentEndpoint,
  type ClientConfig,
  type ListResponse,
  type Server,
  type ServerCheckItem,
  type ServerCreateBody,
  type ServerIssue,
  type ServerListQuery,
  type ServerPatchBody,
  type ServerTestResult,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { AppError } from '../../platform/errors.js';
import {
  agentBaseUrl,
  agentRoute,
  AgentUnreachableError,
  createAgentClient,
  type AgentRoute,
} from './agent-client.js';
import { audited } from '../audit/audit.service.js';
import { buyerTerms, serverAllowed } from '../reseller-terms/buyer-terms.js';
import { mapLimited } from './map-limited.js';
import { resolveAgentTarget, testServerConnection } from './server-connection.js';
import { toActiveServer, toServer } from './server-mapper.js';
import { serverStandbyRepository } from './server-standby.repository.js';
import { serversRepository, type ServerRow, type ServerUpdate } from './servers.repository.js';

/** A server as the audit log shows it: what an admin sets, the password only as "changed". */
function auditValues(row: ServerRow | undefined) {
  if (!row) return null;
  const {
    last_connection: _c,
    last_error: _e,
    version: _v,
    standby_serving: _s,
    ...values
  } = toServer(row, false);
  return { ...values, password: row.passwordEncrypted };
}

/** The servers as the API shows them, each with what the outage watch says of it now. */
export async function shownServers(db: Db, rows: readonly ServerRow[]): Promise<Server[]> {
  const down = await serverStandbyRepository.withOpenOutage(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toServer(row, down.has(row.id)));
}

async function shownServer(db: Db, row: ServerRow): Promise<Server> {
  return (await shownServers(db, [row]))[0]!;
}

/** A server's address fields, for `serverAddress` and `serverPublicHost`. */
const addressOf = (row: ServerRow) => ({ host_ip: row.hostIp, hostname: row.hostname, port: row.port });

/** Servers tested at once by "check all": enough to be quick, few enough not to flood the network. */
const CHECK_ALL_CONCURRENCY = 8;

const agentRoutes: Record<AgentEndpoint, AgentRoute> = {
  health: 'health',
  root: 'info',
  'add-user': 'addUser',
  'edit-user': 'editUser',
  'delete-user': 'deleteUser',
  users: 'listUsers',
};

async function publish(ctx: AppContext, action: 'insert' | 'update' | 'delete', id: number) {
  await ctx.bus.publish({ table: 'cccam_servers', action, id: String(id), audience: [] });
}

function refuse(issue: ServerIssue | null): void {
  if (issue) throw new AppError(issue.code, { message: issue.message, details: { fields: issue.fields } });
}

async function findOrNotFound(ctx: AppContext, id: number): Promise<ServerRow> {
  const row = await serversRepository.findById(ctx.db, id);
  if (!row) throw new AppError('SERVER_NOT_FOUND');
  return row;
}

export async function listServers(
  ctx: AppContext,
  actor: Actor,
  query: ServerListQuery,
): Promise<ListResponse<Server>> {
  const { rows, total } = await serversRepository.list(ctx.db, {
    status: query.status,
    search: query.search,
    sort: query.sort,
    order: query.order,
    ...pageWindow(query),
  });
  const items = await shownServers(ctx.db, rows);
  return pageOf(query, { rows: items, total }, (item) => item);
}

export async function getServer(ctx: AppContext, actor: Actor, id: number): Promise<Server> {
  return shownServer(ctx.db, await findOrNotFound(ctx, id));
}

export async function createServer(ctx: AppContext, actor: Actor, body: ServerCreateBody): Promise<Server> {
  refuse(checkServerCreate(body));
  // A new server starts inactive until a connection test succeeds: no line is sent to an unreachable server.
  const subject = {
    action: 'server.create' as const,
    entity: (r: ServerRow) => ({ type: 'server' as const, id: r.id }),
  };
  const read = async (_db: unknown, r: ServerRow | undefined) => auditValues(r);
  const row = await audited(ctx, actor, { ...subject, read }, (tx) =>
    serversRepository.insert(tx, {
      serverName: body.server_name!.trim(),
      hostIp: body.host_ip!.trim(),
      hostname: normalizeHostname(body.hostname),
      port: body.port!,
      apiPort: body.api_port ?? DEFAULT_SERVER_API_PORT,
      username: body.username!,
      passwordEncrypted: ctx.serverSecrets.encrypt(body.password!),
      protocol: body.protocol ?? DEFAULT_SERVER_PROTOCOL,
      newcamdDesKey: body.newcamd_des_key ?? DEFAULT_NEWCAMD_DES_KEY,
      status: 'inactive',
      useTls: body.use_tls ?? false,
      tlsInsecure: body.tls_insecure ?? false,
      groupNames: body.group_names ?? {},
      serviceNames: body.service_names ?? [],
      userId: actor.id,
    }),
  );
  await publish(ctx, 'insert', row.id);
  // Tested at once, as the Test button does: the answer shows whether the agent answers (active) or
  // why not, instead of an "inactive" the admin has to think of testing.
  await testServer(ctx, actor, row.id);
  return shownServer(ctx.db, await findOrNotFound(ctx, row.id));
}

export async function updateServer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: ServerPatchBody,
): Promise<Server> {
  refuse(checkServerPatch(patch));
  const existing = await findOrNotFound(ctx, id);
  const given: ServerUpdate = {
    serverName: patch.server_name?.trim(),
    hostIp: patch.host_ip === undefined ? undefined : (patch.host_ip ?? '').trim(),
    hostname: patch.hostname === undefined ? undefined : normalizeHostname(patch.hostname),
    port: patch.port ?? undefined,
    apiPort: patch.api_port ?? undefined,
    username: patch.username === undefined ? undefined : (patch.username ?? ''),
    // Empty keeps the stored password: edit forms never receive it, so they send nothing.
    passwordEncrypted: patch.password ? ctx.serverSecrets.encrypt(patch.password) : undefined,
    protocol: patch.protocol,
    newcamdDesKey: patch.newcamd_des_key,
    useTls: patch.use_tls,
    tlsInsecure: patch.tls_insecure,
    groupNames: patch.group_names,
    serviceNames: patch.service_names,
    status: patch.status,
  };
  const values = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as ServerUpdate;
  if (Object.keys(values).length === 0) return shownServer(ctx.db, existing);
  const connectionChanged = [
    values.hostIp,
    values.apiPort,
    values.username,
    values.passwordEncrypted,
    values.useTls,
    values.tlsInsecure,
  ].some((v) => v !== undefined);
  const subject = { action: 'server.update' as const, entity: { type: 'server' as const, id } };
  const read = async (db: Db) => auditValues(await serversRepository.findById(db, id));
  let readdressed: (string | null)[] = [];
  const row = await audited(ctx, actor, { ...subject, read }, async (tx) => {
    // The address before this edit, read under the row's lock: a concurrent edit or standby link
    // (which locks it too) is either wholly before this one or waits for it.
    const current = (await serverStandbyRepository.lock(tx, [id])).get(id);
    if (!current) return undefined;
    const updated = await serversRepository.update(tx, id, values, { recheckSoon: connectionChanged });
    // Lines keep the address customers connect to (host_port): those that pointed at the server's
    // old public address follow it, so every connection line shown or exported shows the new one.
    // That is its own lines and, when it is a standby, its primary's (their second line).
    // An emptied host (allowed, the test then reports the configuration incomplete) moves nobody.
    const before = serverAddress(addressOf(current));
    const after = updated && serverPublicHost(addressOf(updated)) ? serverAddress(addressOf(updated)) : null;
    if (after && after !== before)
      readdressed = await serversRepository.readdressLines(tx, id, before, after);
    return updated;
  });
  if (!row) throw new AppError('SERVER_NOT_FOUND');
  await publish(ctx, 'update', id);
  for (const ownerId of readdressed) {
    await ctx.bus.publish({ table: 'users', action: 'update', id: '0', audience: ownerId ? [ownerId] : [] });
  }
  return shownServer(ctx.db, row);
}

export async function deleteServer(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const subject = { action: 'server.delete' as const, entity: { type: 'server' as const, id } };
  const read = async (db: Db) => auditValues(await serversRepository.findById(db, id));
  let owners: (string | null)[] = [];
  const deleted = await audited(ctx, actor, { ...subject, read }, async (tx) => {
    const current = (await serverStandbyRepository.lock(tx, [id])).get(id);
    if (!current) return false;
    // A standby that goes takes its connection line off its primary's lines, as unlinking it
    // does (docs/standby.md): receivers set up afterwards must not be given a server that is gone.
    const primary = await serverStandbyRepository.primaryOf(tx, id);
    if (primary) {
      owners = await serverStandbyRepository.removeAddress(tx, primary.id, serverAddress(addressOf(current)));
    }
    return serversRepository.delete(tx, id);
  });
  if (!deleted) throw new AppError('SERVER_NOT_FOUND');
  await publish(ctx, 'delete', id);
  for (const ownerId of owners) {
    await ctx.bus.publish({ table: 'users', action: 'update', id: '0', audience: ownerId ? [ownerId] : [] });
  }
}

export async function testServer(ctx: AppContext, actor: Actor, id: number): Promise<ServerTestResult> {
  return testServerConnection(ctx, await findOrNotFound(ctx, id));
}

/** Tests every server; each result is also published as it arrives so a page can fill in live. */
export async function checkAllServers(ctx: AppContext, _actor: Actor): Promise<ServerCheckItem[]> {
  const rows = await serversRepository.listAll(ctx.db);
  return mapLimited(rows, CHECK_ALL_CONCURRENCY, async (row) => ({
    id: row.id,
    server_name: row.serverName,
    ...(await testServerConnection(ctx, row)),
  }));
}

/**
 * What resellers and users may see: active servers, to pick one for a line; a reseller only those
 * their limits (and those above them) allow.
 */
export async function listActiveServers(ctx: AppContext, actor: Actor): Promise<ActiveServer[]> {
  const [rows, terms] = await Promise.all([serversRepository.listActive(ctx.db), buyerTerms(ctx.db, actor)]);
  return rows.filter((row) => serverAllowed(terms, row.id)).map(toActiveServer);
}

/** What the old panel's /api/config.php answered: where the default (newest active) server's API listens. */
export async function getClientConfig(ctx: AppContext, _actor: Actor): Promise<ClientConfig> {
  const row = await serversRepository.newestActive(ctx.db);
  if (!row) throw new AppError('NO_ACTIVE_SERVERS');
  return { host_ip: row.hostIp, api_port: row.apiPort };
}

/**
 * Diagnostics: one raw call to the server's agent, shown as sent and as answered. Changes nothing in
 * the panel; the login is left out of what is shown.
 */
export async function callServerAgent(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: AgentCallBody,
): Promise<AgentCallResult> {
  const row = await findOrNotFound(ctx, id);
  const { target, missing } = resolveAgentTarget(ctx, row);
  if (!target) {
    throw new AppError('SERVER_CONFIG_INCOMPLETE', {
      message: incompleteConfigMessage(missing),
      details: { fields: missing },
    });
  }
  const name = agentRoutes[input.endpoint];
  const route = agentRoute(name);
  // Bodies go only with the calls that take one; GET /health and friends ignore them anyway.
  const body = route.method === 'GET' ? undefined : (input.body ?? {});
  const client = createAgentClient(target, { timeoutMs: ctx.config.serverApiTimeoutMs });
  const request = { method: route.method, url: agentBaseUrl(target) + route.path, body: body ?? null };
  const started = performance.now();
  try {
    const response = await client.call(name, body);
    return { request, response, error: null, duration_ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (!(error instanceof AgentUnreachableError)) throw error;
    return {
      request,
      response: null,
      error: `Failed to connect to server: ${error.reason}`,
      duration_ms: Math.round(performance.now() - started),
    };
  }
}
