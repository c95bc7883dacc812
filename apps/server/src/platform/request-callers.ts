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
  /**
   * A staff member acting as an admin, given its scope's accounts, or refused when the operation's row
   * lies outside that scope (the staff module's).
   */
  staffScope: (ctx: AppContext, actor: Actor, operation: string, request: FastifyRequest) => Promise<Actor>;
  /** Records a change a staff member made as an admin in the audit log (the staff module's). */
  staffActed: (ctx: AppContext, actor: Actor, operation: string, request: FastifyRequest) => Promise<void>;
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
