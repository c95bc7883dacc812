import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { buildActor, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import type { ApiKeyRateLimiter } from './api-key-rate-limiter.js';
import { hashApiKey } from './api-key-secret.js';
import { apiKeysRepository } from './api-keys.repository.js';

/** last_used_at is written at most this often per key, so automation doesn't turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Turns a bearer key into the Actor of the account that made it: the same group, permissions and
 * row scoping as the account itself, never more. An unknown, revoked or expired key, or a banned
 * account, answers 401 at once rather than falling back to "signed out".
 */
export async function resolveApiKeyActor(
  ctx: AppContext,
  limiter: ApiKeyRateLimiter,
  key: string,
  reply: FastifyReply,
): Promise<Actor> {
  const row = await apiKeysRepository.findUsableByHash(ctx.db, hashApiKey(key));
  if (!row) throw new AppError('UNAUTHENTICATED');
  const wait = limiter.take(row.id);
  if (wait !== null) {
    void reply.header('retry-after', String(wait));
    throw new AppError('RATE_LIMITED');
  }
  const account = await accountsRepository.findById(ctx.db, row.accountId);
  if (!account || account.banned) throw new AppError('UNAUTHENTICATED');
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await apiKeysRepository.touch(ctx.db, row.id, now);
  }
  return {
    ...buildActor({
      id: account.id,
      email: account.email,
      isAdmin: account.isAdmin,
      groupId: account.groupId,
      groupPermissions: account.groupPermissions ?? [],
      sessionId: null,
    }),
    apiKeyId: row.id,
  };
}
