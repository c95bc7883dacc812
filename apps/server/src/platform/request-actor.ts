import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { resolveSessionActor } from '../modules/auth/session.service.js';
import type { Actor } from './access.js';

const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();

/** The caller of this request, or null when signed out; resolved once per request. */
export function getActor(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolveSessionActor(ctx, request, reply);
    cache.set(request, pending);
  }
  return pending;
}
