import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Actor } from './access.js';

/**
 * The customer a portal route's caller resolves to. Its shape is the portal module's: platform code
 * sits below the modules, so the portal module fills this in by declaration merging (as Fastify's and
 * i18next's types are extended), and its resolver is registered at start.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type -- filled in by the portal module
export interface PortalCaller {}

type Resolve<T> = (ctx: AppContext, request: FastifyRequest, reply: FastifyReply) => Promise<T | null>;

/** How a request's caller is found: the auth and portal modules' own, handed over at start (app.ts). */
export type CallerResolvers = {
  /** The panel account of the request's session or API key, or null when signed out. */
  actor: Resolve<Actor>;
  /** The portal cookie's customer, or null. */
  portalCustomer: Resolve<PortalCaller>;
};

const registered = new WeakMap<AppContext, CallerResolvers>();

export function registerCallerResolvers(ctx: AppContext, resolvers: CallerResolvers): void {
  registered.set(ctx, resolvers);
}

export function callerResolvers(ctx: AppContext): CallerResolvers {
  const resolvers = registered.get(ctx);
  if (!resolvers) throw new Error('No caller resolvers registered for this app context (createApp does)');
  return resolvers;
}
