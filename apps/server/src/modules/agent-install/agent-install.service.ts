import {
  AGENT_INSTALL_TOKEN_HOURS,
  type AgentInstallCommand,
  type AgentRelease,
  type AgentInstallSettings,
  type AgentInstallSettingsBody,
  type ServerTestResult,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { rateLimited, reserveAttempt } from '../auth/sign-in-limiter.js';
import { readAgentRelease } from './agent-files.js';
import { testServerConnection } from '../servers/server-connection.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import { installTokenSignedBy, makeInstallToken, readInstallToken } from './agent-install-token.js';
import { agentInstallRepository } from './agent-install.repository.js';

/** Single quotes for the shell: the panel's address is the operator's own setting. */
function shellQuoted(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The command an admin pastes on the card server, with a fresh token for this server's agent login. */
export async function createInstallCommand(
  ctx: AppContext,
  actor: Actor,
  serverId: number,
  now = new Date(),
): Promise<AgentInstallCommand> {
  const server = await serversRepository.findById(ctx.db, serverId);
  if (!server) throw new AppError('SERVER_NOT_FOUND');
  const expiresAt = new Date(now.getTime() + AGENT_INSTALL_TOKEN_HOURS * 3600_000);
  const token = makeInstallToken(ctx.agentInstallTokens, server, expiresAt);
  // The command carries the agent's login for 24 hours, so who took one is on record.
  await recordAudit(ctx.db, actor, {
    action: 'server.install_command',
    entity: { type: 'server', id: server.id },
    after: { expires_at: expiresAt.toISOString() },
  });
  const panel = ctx.config.publicUrl;
  const fetchScript = `curl -fsSL ${shellQuoted(`${panel}/agent/install.sh`)} | sudo sh -s --`;
  return {
    command: `${fetchScript} --panel ${shellQuoted(panel)} --token ${token}`,
    update_command: `${fetchScript} --update`,
    uninstall_command: `${fetchScript} --uninstall`,
    token,
    expires_at: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
  };
}

/**
 * The server an install command's token was made for. Any token that is not a current one of an
 * existing server's login is refused the same way, so a guess learns nothing about which servers
 * exist; only a genuine token that ran out says so.
 */
async function serverOfToken(
  db: Db,
  ctx: AppContext,
  token: string,
  now: Date,
): Promise<{ server: ServerRow; tokenId: string; expiresAt: Date }> {
  const parts = readInstallToken(token);
  if (!parts) throw new AppError('AGENT_INSTALL_TOKEN_INVALID');
  const server = await serversRepository.findById(db, parts.serverId);
  if (!server || !installTokenSignedBy(ctx.agentInstallTokens, parts, server)) {
    throw new AppError('AGENT_INSTALL_TOKEN_INVALID');
  }
  if (parts.expiresAt.getTime() <= now.getTime()) throw new AppError('AGENT_INSTALL_TOKEN_EXPIRED');
  return { server, tokenId: parts.tokenId, expiresAt: parts.expiresAt };
}

/**
 * install.sh's exchange of the token for what it writes into the agent's settings. This is where a
 * token is used up: it is the one step that hands out the agent's login, and every install goes
 * through it (with --no-start install.sh never reports "started"), so a leaked
 * or replayed command gets nothing. The row is committed before the login leaves the panel: a panel
 * that stops in between has spent the token without handing anything out (a new command fixes
 * that), never the other way round.
 */
export async function installSettings(
  ctx: AppContext,
  body: AgentInstallSettingsBody,
  now = new Date(),
): Promise<AgentInstallSettings> {
  const server = await ctx.db.transaction(async (tx) => {
    const { server, tokenId, expiresAt } = await serverOfToken(tx, ctx, body.token, now);
    await agentInstallRepository.deleteExpired(tx, now);
    const first = await agentInstallRepository.markTokenUsed(tx, { tokenId, serverId: server.id, expiresAt });
    if (!first) throw new AppError('AGENT_INSTALL_TOKEN_USED');
    return server;
  });
  return {
    server_id: server.id,
    server_name: server.serverName,
    username: server.username,
    password: ctx.serverSecrets.decrypt(server.passwordEncrypted),
    api_port: server.apiPort,
    use_tls: server.useTls,
  };
}

/** Reports of started agents from one client address within the window: each runs a server test. */
export const INSTALL_STARTED_PER_IP = 10;
const INSTALL_STARTED_WINDOW_MS = 15 * 60 * 1000;

/**
 * install.sh says the agent it started answers: the panel tests the server at once, as an admin's
 * test would, so the server turns active without anyone clicking (and the installer can show what
 * the panel saw, a firewall in the way for one). The test reaches out to the card server, so nobody
 * may make the panel run it at will: a command reports once, only after its exchange installed an
 * agent, and reports are limited per address (refused ones counted too, so hammering keeps it shut).
 */
export async function reportAgentStarted(
  ctx: AppContext,
  body: AgentInstallSettingsBody,
  clientIp: string,
  now = new Date(),
): Promise<ServerTestResult> {
  const slot = await reserveAttempt(
    ctx.db,
    [{ scope: 'install-started-ip', key: clientIp, max: INSTALL_STARTED_PER_IP }],
    INSTALL_STARTED_WINDOW_MS,
    { countRefused: true },
  );
  if (slot.overLimit) throw rateLimited(slot);
  const { server, tokenId } = await serverOfToken(ctx.db, ctx, body.token, now);
  const claim = await agentInstallRepository.claimStarted(ctx.db, tokenId);
  if (claim === 'reported') throw new AppError('AGENT_INSTALL_TOKEN_USED');
  if (claim === 'not-used') throw new AppError('AGENT_INSTALL_TOKEN_UNUSED');
  return testServerConnection(ctx, server);
}

/** The agent the panel hands out now, to compare with the version each server's agent reports. */
export async function getAgentRelease(_ctx: AppContext, _actor: Actor): Promise<AgentRelease> {
  return readAgentRelease();
}
