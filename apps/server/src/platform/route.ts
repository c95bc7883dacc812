import {
  genericErrorCodes,
  type Contract,
  type ContractParsed,
  type ContractReply,
  type ErrorCode,
  type RouteAccess,
} from '@linedesk/shared';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { access, type Actor } from './access.js';
import { AppError } from './errors.js';
import type { App } from './fastify.js';
import { refuseNul } from './nul-guard.js';
import { callerResolvers, type PortalCaller } from './request-callers.js';

/**
 * The caller a handler receives: null only where the contract lets signed-out callers in; a portal
 * customer (a line's, not a panel account) on the portal's routes.
 */
export type ActorFor<A extends RouteAccess> = A extends 'public'
  ? null
  : A extends 'optional'
    ? Actor | null
    : A extends 'portal'
      ? PortalCaller
      : A extends 'portalOptional'
        ? PortalCaller | null
        : Actor;

export type RouteInput<C extends Contract> = ContractParsed<C> & {
  actor: ActorFor<C['access']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A handler answers the contract's response (sent with the contract's status), or the reply itself
 * when it has sent something else already (a CSV stream, a file, a redirect).
 */
export type RouteHandler<C extends Contract> = (
  input: RouteInput<C>,
) => Promise<ContractReply<C> | FastifyReply> | ContractReply<C> | FastifyReply;

/** The route option that marks a route as registered from a contract (see `requireContracts`). */
const CONTRACT_CONFIG = 'linedeskContract';

/** The staff member acting as an admin in a changing request, until its answer is sent. */
const staffCallers = new WeakMap<FastifyRequest, Actor>();

/**
 * Resolves the contract's access for this request: the caller for every access but `public`,
 * refused (401/403) before the handler when it does not qualify.
 */
export async function resolveAccess<A extends RouteAccess>(
  ctx: AppContext,
  routeAccess: A,
  request: FastifyRequest,
  reply: FastifyReply,
  /** The contract's `METHOD /path`: what a staff member's role is asked about. */
  operation: string,
): Promise<ActorFor<A>> {
  if (routeAccess === 'public') return null as ActorFor<A>;
  const resolve = callerResolvers(ctx);
  // The portal knows only its own cookie: a panel session or API key is no customer.
  if (routeAccess === 'portal' || routeAccess === 'portalOptional') {
    const customer = await resolve.portalCustomer(ctx, request, reply);
    if (!customer && routeAccess === 'portal') throw new AppError('UNAUTHENTICATED');
    return customer as ActorFor<A>;
  }
  let actor = access.staffActing(await resolve.actor(ctx, request, reply), operation);
  if (actor?.actingAsStaff) actor = await resolve.staffScope(ctx, actor, operation, request);
  if (routeAccess === 'optional') return actor as ActorFor<A>;
  if (routeAccess === 'signedIn') return access.signedIn(actor) as ActorFor<A>;
  if (routeAccess === 'browserSession') return access.browserSession(actor) as ActorFor<A>;
  if (routeAccess === 'admin') return access.admin(actor) as ActorFor<A>;
  if (typeof routeAccess === 'object' && 'permission' in routeAccess) {
    return access.permission(actor, routeAccess.permission) as ActorFor<A>;
  }
  return access.signedIn(actor, routeAccess.signedIn) as ActorFor<A>;
}

/** The log line of a refusal its contract does not list; the API tests' support fails on it. */
export const UNDECLARED_ERROR_LOG = 'Refusal with a code the contract does not list';

/**
 * Under test (vitest sets NODE_ENV=test) a route logs an error when it refuses with a code its
 * contract does not list, so the lists stay what each route can answer; elsewhere the handler is
 * registered unwrapped and costs nothing.
 */
const checkDeclaredErrors = process.env.NODE_ENV === 'test';

type FastifyHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function declaredErrorsChecked(contract: Contract, handler: FastifyHandler): FastifyHandler {
  const declared = new Set<ErrorCode>([...genericErrorCodes, ...(contract.errors ?? [])]);
  const access = contract.access;
  if (typeof access === 'object' && 'signedIn' in access) declared.add(access.signedIn);
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof AppError && !declared.has(error.code)) {
        request.log.error(
          { route: `${contract.method} ${contract.path}`, code: error.code },
          UNDECLARED_ERROR_LOG,
        );
      }
      throw error;
    }
  };
}

/**
 * Registers one endpoint from its contract: its schemas validate the request and shape the OpenAPI
 * document, its access is resolved after validation and before the handler (so a refused caller
 * never reaches a service, and an invalid request answers 400 whoever sends it, as before).
 */
export function route<const C extends Contract>(
  app: App,
  ctx: AppContext,
  contract: C,
  handler: RouteHandler<C>,
): void {
  const status = contract.status ?? 200;
  const operation = `${contract.method} ${contract.path}`;
  const handle: FastifyHandler = async (request, reply) => {
    const actor = await resolveAccess(ctx, contract.access, request, reply, operation);
    // The schemas above have validated these; their parsed types are the contract's.
    const parsed = {
      params: request.params,
      query: request.query,
      body: request.body,
      headers: request.headers,
    } as ContractParsed<C>;
    // A change a staff member makes as an admin: who did it goes to the audit log, as the answer
    // leaves (onSend below).
    const caller = actor as Actor | null;
    if (caller?.actingAsStaff && contract.method !== 'GET') staffCallers.set(request, caller);
    const returned = handler({ ...parsed, actor, request, reply } as RouteInput<C>);
    // A reply is thenable (it settles when the response ends), so one handed back as is must not be
    // awaited: an event stream would be answered again when it closes. An async handler's promise
    // adopts it all the same; `sent` tells that case apart.
    const result = returned === reply ? reply : await returned;
    if (result === reply || reply.sent) return reply;
    if (status === 204) return reply.status(204).send();
    return reply.status(status).send(result);
  };
  app.route({
    method: contract.method,
    url: contract.path,
    config: { [CONTRACT_CONFIG]: true } as FastifyContextConfig,
    // After the schemas have read the request, before access and the handler.
    preHandler: async (request) => refuseNul(request),
    // The staff member's audit entry, written before a successful answer goes out, whether the
    // handler returned its result or sent the answer itself (an idempotent one does): written after
    // it, a caller reading the audit log at once could miss it, and a failed write went unseen.
    onSend: async (request, reply, payload) => {
      const caller = staffCallers.get(request);
      if (caller && reply.statusCode < 400) {
        staffCallers.delete(request);
        await callerResolvers(ctx).staffActed(ctx, caller, operation, request);
      }
      return payload;
    },
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      ...(contract.hide ? { hide: true } : {}),
      // Read by the OpenAPI transform (platform/openapi-examples.ts), which documents each refusal.
      ...(contract.errors ? { errorCodes: contract.errors } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      ...(contract.response ? { response: { [status]: contract.response } } : {}),
    },
    handler: checkDeclaredErrors ? declaredErrorsChecked(contract, handle) : handle,
  });
}

/**
 * Refuses, at start, an `/api` route registered without a contract: every endpoint declares who may
 * call it. `allowed` lists the few that are not the product's own (the API documentation).
 */
export function requireContracts(app: App, allowed: (url: string) => boolean): void {
  app.addHook('onRoute', (options) => {
    const url = options.url ?? options.path;
    if (!url.startsWith('/api') || allowed(url)) return;
    const config = options.config as Record<string, unknown> | undefined;
    if (!config?.[CONTRACT_CONFIG]) {
      throw new Error(`${String(options.method)} ${url} is registered without a contract`);
    }
  });
}
