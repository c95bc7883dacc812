import type { AppContext } from '../../app-context.js';
import { createChangeCache, type ChangeCache } from '../../platform/change-cache.js';
import { AppError } from '../../platform/errors.js';
import { perContext } from '../../platform/per-context.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';

/** Bounds a server change made outside the app; the app's own changes drop the kept rows at once. */
const SERVER_CACHE_MS = 5_000;

const serverCache = perContext((ctx): ChangeCache<ServerRow | undefined> =>
  createChangeCache(ctx.bus, ['cccam_servers'], SERVER_CACHE_MS),
);

/** Servers as new lines read them: kept until any server changes (a create need not read them). */
function readServer(ctx: AppContext, key: 'newest' | number): Promise<ServerRow | undefined> {
  return serverCache(ctx).read(String(key), () =>
    key === 'newest' ? serversRepository.newestActive(ctx.db) : serversRepository.findById(ctx.db, key),
  );
}

/**
 * The server a new line goes to: the picked one when it is active, else the newest active one. Every
 * way of making lines (single, bulk, and what comes next) picks through here.
 */
export async function pickServer(ctx: AppContext, serverId: number | null | undefined): Promise<ServerRow> {
  const newest = await readServer(ctx, 'newest');
  if (!newest) throw new AppError('LINE_NO_ACTIVE_SERVERS');
  if (serverId === null || serverId === undefined) return newest;
  const picked = serverId === newest.id ? newest : await readServer(ctx, serverId);
  // Only active servers serve line operations; resellers cannot see the others, so it is "not found".
  if (!picked || picked.status !== 'active') throw new AppError('SERVER_NOT_FOUND');
  return picked;
}
