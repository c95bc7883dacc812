import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { buildActor, type Actor } from '../../platform/access.js';
import type { CallerCache, CallerScope } from '../../platform/caller-cache.js';
import type { AccountRow } from '../accounts/accounts.repository.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from './auth.js';
import { sessionRepository } from './session.repository.js';

/** A resolved session as cached per instance; `expiresAt` moves when the idle window slides. */
export type CachedSession = CallerScope & {
  sessionId: string;
  createdAt: number;
  expiresAt: number;
  banned: boolean;
  actor: Actor;
};

export function actorFromAccount(account: AccountRow, sessionId: string | null): Actor {
  return {
    ...buildActor({
      id: account.id,
      email: account.email,
      isAdmin: account.isAdmin,
      groupId: account.groupId,
      groupPermissions: account.groupPermissions ?? [],
      sessionId,
      staffRole: account.staffRole,
      staffScopeId: account.staffScopeId,
    }),
    account,
  };
}

/** The caller a session cookie names, and the Set-Cookie value that renews or clears it, if any. */
export type SessionCaller = { actor: Actor | null; setCookie?: string };

/**
 * Turns the session cookie into an Actor: the cookie's signature, then the session with its account
 * and group in one indexed read (or this instance's cache of it). Rules: 7 days idle, sliding (the
 * row is written at most every SESSION_REFRESH_SECONDS, and the cookie renewed with it), 30 days
 * absolute, and no banned account; a session that breaks one is deleted and its cookie cleared.
 */
export async function resolveSessionActor(
  ctx: AppContext,
  cache: CallerCache<CachedSession>,
  cookieHeader: string | undefined,
): Promise<SessionCaller> {
  const cookie = await ctx.auth.sessionCookie();
  const token = cookie.read(cookieHeader);
  if (!token) return { actor: null };
  const key = `session:${createHash('sha256').update(token).digest('base64url')}`;
  const cached = cache.get(key);
  let entry: CachedSession;
  if (cached) {
    entry = cached;
  } else {
    const generation = cache.generation();
    const row = await cache.shared(key, () => sessionRepository.findWithAccount(ctx.db, token));
    if (!row) return { actor: null, setCookie: cookie.serialize('', 0) };
    entry = {
      accountId: row.account.id,
      groupId: row.account.groupId,
      sessionId: row.session.id,
      createdAt: row.session.createdAt.getTime(),
      expiresAt: row.session.expiresAt.getTime(),
      banned: row.account.banned,
      actor: actorFromAccount(row.account, row.session.id),
    };
    cache.set(key, entry, generation);
  }

  const now = Date.now();
  if (entry.banned || entry.expiresAt <= now || now - entry.createdAt > SESSION_ABSOLUTE_MS) {
    cache.delete(key);
    await sessionRepository.deleteById(ctx.db, entry.sessionId);
    return { actor: null, setCookie: cookie.serialize('', 0) };
  }
  if (entry.expiresAt - SESSION_IDLE_SECONDS * 1000 + SESSION_REFRESH_SECONDS * 1000 <= now) {
    const expiresAt = now + SESSION_IDLE_SECONDS * 1000;
    if (!(await sessionRepository.slide(ctx.db, entry.sessionId, new Date(expiresAt), new Date(now)))) {
      cache.delete(key);
      return { actor: null, setCookie: cookie.serialize('', 0) };
    }
    entry.expiresAt = expiresAt;
    return { actor: entry.actor, setCookie: cookie.serialize(token, SESSION_IDLE_SECONDS) };
  }
  return { actor: entry.actor };
}
