import type { AppContext } from '../../app-context.js';
import { AgentUnreachableError, createAgentClient } from '../servers/agent-client.js';
import { resolveAgentTarget } from '../servers/server-connection.js';
import { serversRepository } from '../servers/servers.repository.js';
import { noteConnectionEnded } from './ended-connections.js';
import { lineConnectionsRepository } from './line-connections.repository.js';

/** What asking a server to end one connection came to. */
export type EndOutcome =
  { kind: 'ended' } | { kind: 'gone' } | { kind: 'unsupported' } | { kind: 'failed'; reason: string };

function agentMessage(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'no answer';
}

/**
 * Asks the server's agent to end one connection (the owner's kick, a lock's enforcement) and, when it
 * is over, removes it from the sessions at once, under the server's lock a poll also takes.
 */
export async function endServerConnection(
  ctx: AppContext,
  serverId: number,
  connectionId: string,
): Promise<EndOutcome> {
  const server = await serversRepository.findById(ctx.db, serverId);
  const target = server ? resolveAgentTarget(ctx, server).target : null;
  if (!target) return { kind: 'failed', reason: 'server not reachable' };
  let response;
  try {
    response = await createAgentClient(target, { timeoutMs: ctx.config.serverApiTimeoutMs }).kickConnection(
      connectionId,
    );
  } catch (error) {
    if (!(error instanceof AgentUnreachableError)) throw error;
    return { kind: 'failed', reason: error.reason };
  }
  // Gone either way: ended now, or already over before the agent looked.
  if (response.status === 200 || response.status === 404) {
    noteConnectionEnded(ctx, serverId, connectionId);
    await ctx.db.transaction(async (tx) => {
      await lineConnectionsRepository.lockServerSessions(tx, serverId);
      await lineConnectionsRepository.removeConnection(tx, serverId, connectionId);
    });
    return { kind: response.status === 200 ? 'ended' : 'gone' };
  }
  if (response.status === 501) return { kind: 'unsupported' };
  return { kind: 'failed', reason: `${response.status} ${agentMessage(response.body)}` };
}
