import type { UnmanagedAccountList } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { readUnmanagedAccounts, serverOrNotFound } from './adoption-decision.js';

/** The accounts of a server's config file its agent does not manage, read from the agent now. */
export async function listUnmanagedAccounts(
  ctx: AppContext,
  actor: Actor,
  serverId: number,
): Promise<UnmanagedAccountList> {
  access.admin(actor);
  const server = await serverOrNotFound(ctx, serverId);
  return { items: await readUnmanagedAccounts(ctx, server), server_protocol: server.protocol };
}
