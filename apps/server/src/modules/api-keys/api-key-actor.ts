import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import type { CallerCache, CallerScope } from '../../platform/caller-cache.js';
import { AppError } from '../../platform/errors.js';
import { actorFromAccount } from '../auth/session.service.js';
import type { ApiKeyRateLimiter } from './api-key-rate-limiter.js';
import { hashApiKey } from './api-key-secret.js';
import { apiKeysRepository } from './api-keys.repository.js';

/** last_used_at is written at most this often per key, so automation doesn't turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** A resolved key as cached per instance; `lastUsedAt` moves when it is written. */
export type CachedApiKey = CallerScope & {
  keyId: string;
  expiresAt: number | null;
  lastUsedAt: number | null;
  banned: boolean;
  actor: Actor;
};

/**
 * Turns a bearer key into the Actor of the account that made it: the same group, permissions and
 * row scoping as the account itself, never more. An unknown, revoked or expired key, or a banned
 * account, answers 401 at once rather than falling back to "signed out".
 */
export async function resolveApiKeyActor(
  ctx: AppContext,
  cache: CallerCache<CachedApiKey>,
  limiter: ApiKeyRateLimiter,
  key: string,
  reply: FastifyReply,
): Promise<Actor> {
  const hash = hashApiKey(key);
  const cacheKey = `key:${hash}`;
  const cached = cache.get(cacheKey);
  let entry: CachedApiKey;
  if (cached) {
    entry = cached;
  } else {
    const generation = cache.generation();
    const row = await cache.shared(cacheKey, () => apiKeysRepository.findUsableWithAccount(ctx.db, hash));
    if (!row) throw new AppError('UNAUTHENTICATED');
    entry = {
      accountId: row.account.id,
      groupId: row.account.groupId,
      keyId: row.key.id,
      expiresAt: row.key.expiresAt?.getTime() ?? null,
      lastUsedAt: row.key.lastUsedAt?.getTime() ?? null,
      banned: row.account.banned,
      actor: { ...actorFromAccount(row.account, null), apiKeyId: row.key.id },
    };
    cache.set(cacheKey, entry, generation);
  }
  const now = Date.now();
  if (entry.banned || (entry.expiresAt !== null && entry.expiresAt <= now)) {
    throw new AppError('UNAUTHENTICATED');
  }
  const wait = limiter.take(entry.keyId);
  if (wait !== null) {
    void reply.header('retry-after', String(wait));
    throw new AppError('RATE_LIMITED');
  }
  if (entry.lastUsedAt === null || now - entry.lastUsedAt > TOUCH_INTERVAL_MS) {
    entry.lastUsedAt = now;
    await apiKeysRepository.touch(ctx.db, entry.keyId, new Date(now));
  }
  return entry.actor;
}
