import type { AppContext } from '../../app-context.js';
import { perContext } from '../../platform/per-context.js';

/**
 * Connections this instance ended from the panel (a kick), with when, for a minute. A poll round
 * that read the agent before the kick must not store the kicked connection again: the line would
 * show it for another round although the server has already dropped it.
 */
const REMEMBER_MS = 60_000;
const endedOf = perContext(() => new Map<string, number>());

const keyOf = (serverId: number, connectionId: string) => `${serverId}\u0000${connectionId}`;

export function noteConnectionEnded(ctx: AppContext, serverId: number, connectionId: string): void {
  const ended = endedOf(ctx);
  const now = Date.now();
  for (const [key, at] of ended) if (now - at > REMEMBER_MS) ended.delete(key);
  ended.set(keyOf(serverId, connectionId), now);
}

/** Whether the connection was ended at or after `readAt` (when the round asked the agent). */
export function endedSince(ctx: AppContext, serverId: number, connectionId: string, readAt: number): boolean {
  const at = endedOf(ctx).get(keyOf(serverId, connectionId));
  return at !== undefined && at >= readAt;
}
