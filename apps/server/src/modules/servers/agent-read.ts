import { incompleteConfigMessage } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import {
  AgentUnreachableError,
  createAgentClient,
  type AgentClient,
  type AgentResponse,
} from './agent-client.js';
import { resolveAgentTarget } from './server-connection.js';
import type { ServerRow } from './servers.repository.js';

/**
 * One read from a server's agent for a request that waits for it, its failures as the spec's
 * refusals: incomplete settings, unreachable, a refused login, or no 2xx answer. `notFound` is the
 * refusal for a 404 (an agent older than the endpoint), else it counts as not responding.
 */
export async function readAgent(
  ctx: AppContext,
  server: ServerRow,
  call: (client: AgentClient) => Promise<AgentResponse>,
  notFound?: () => AppError,
  /** A background job's: its stop abandons the call rather than waiting out the timeout. */
  signal?: AbortSignal,
): Promise<unknown> {
  const { target, missing } = resolveAgentTarget(ctx, server);
  if (!target) {
    throw new AppError('SERVER_CONFIG_INCOMPLETE', {
      message: incompleteConfigMessage(missing),
      details: { fields: missing },
    });
  }
  const client = createAgentClient(target, { timeoutMs: ctx.config.serverApiTimeoutMs, signal });
  let response: AgentResponse;
  try {
    response = await call(client);
  } catch (error) {
    if (!(error instanceof AgentUnreachableError)) throw error;
    throw new AppError('SERVER_CONNECTION_FAILED', {
      message: `Failed to connect to server: ${error.reason}`,
    });
  }
  if (response.status === 401 || response.status === 403) {
    throw new AppError('SERVER_AUTH_FAILED', {
      message: `API Authentication failed. HTTP status: ${response.status}`,
    });
  }
  if (response.status === 404 && notFound) throw notFound();
  if (response.status < 200 || response.status >= 300) {
    throw new AppError('SERVER_API_NOT_RESPONDING', {
      message: `CCcam server API is not responding. HTTP status: ${response.status}`,
    });
  }
  return response.body;
}
