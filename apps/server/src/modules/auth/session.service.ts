import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { buildActor, type Actor } from '../../platform/access.js';
import { forwardSetCookies, toWebHeaders } from '../../platform/http.js';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './auth.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { sessionRepository } from './session.repository.js';

/**
 * Turns the session cookie into an Actor. better-auth checks the token and slides the 7-day idle
 * window (its refreshed cookie is passed on); we add the 30-day absolute limit and the ban check, so a
 * ban or an ended session takes effect on the very next request.
 */
export async function resolveSessionActor(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor | null> {
  if (!(request.headers.cookie ?? '').includes(SESSION_COOKIE)) return null;
  const { headers, response } = await ctx.auth.api.getSession({
    headers: toWebHeaders(request),
    returnHeaders: true,
  });
  if (!response) return null;
  const { session } = response;
  const tooOld = Date.now() - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_MS;
  const row = await accountsRepository.findById(ctx.db, session.userId);
  if (!row || row.banned || tooOld) {
    await sessionRepository.deleteById(ctx.db, session.id);
    return null;
  }
  forwardSetCookies(headers, reply);
  return buildActor({
    id: row.id,
    email: row.email,
    isAdmin: row.isAdmin,
    groupId: row.groupId,
    groupPermissions: row.groupPermissions ?? [],
    sessionId: session.id,
  });
}
