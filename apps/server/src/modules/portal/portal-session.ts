import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { actorFromAccount } from '../auth/session.service.js';
import { linesRepository, type LineRow } from '../lines/lines.repository.js';
import {
  panelSecret,
  parsePortalCookie,
  portalCookieEnding,
  portalCookieValid,
  portalSetCookie,
} from './portal-cookie.js';
import { portalRepository, type PortalOwner } from './portal.repository.js';

/** A customer signed in to the portal: their line (with its server) and the line's owner. */
export type PortalCustomer = { line: LineRow; owner: PortalOwner };

// What a portal route's handler receives as its caller (platform/route.ts): this customer.
declare module '../../platform/request-callers.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type -- declaration merging
  interface PortalCaller extends PortalCustomer {}
}

/**
 * The owner of a line lets customers into the portal unless they turned it off (or are banned, or
 * gone); otherwise every portal call for their lines is refused with PORTAL_DISABLED.
 */
export function assertPortalOpen(owner: PortalOwner | undefined): PortalOwner {
  if (!owner || owner.banned || !owner.portalEnabled) throw new AppError('PORTAL_DISABLED');
  return owner;
}

export async function portalOwnerOf(ctx: AppContext, ownerId: string | null): Promise<PortalOwner> {
  return assertPortalOpen(ownerId ? await portalRepository.findOwner(ctx.db, ownerId) : undefined);
}

/**
 * The portal cookie's customer, or null (and the cookie cleared) when there is none or it no longer
 * holds: a forged or outdated cookie, a deleted line, a password changed since, a signed-out one.
 */
export async function resolvePortalCustomer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<PortalCustomer | null> {
  const cookie = parsePortalCookie(request.headers.cookie);
  if (!cookie) return null;
  const [line, ended] = await Promise.all([
    linesRepository.findById(ctx.db, cookie.lineId),
    portalRepository.signInEnded(ctx.db, portalCookieEnding(cookie).cookieHash),
  ]);
  if (!line || ended || !portalCookieValid(await panelSecret(ctx), cookie, line.password)) {
    void reply.header('set-cookie', portalSetCookie(ctx, ''));
    return null;
  }
  return { line, owner: await portalOwnerOf(ctx, line.ownerId) };
}

/**
 * Ends the sign-in of the request's portal cookie on the server, not only in this browser: a copy
 * of the cookie no longer gets in. A cookie that does not hold is only cleared (nothing to end, and
 * nothing of a stranger's making is stored).
 */
export async function endPortalSignIn(ctx: AppContext, cookieHeader: string | undefined): Promise<void> {
  const cookie = parsePortalCookie(cookieHeader);
  if (!cookie) return;
  const line = await linesRepository.findById(ctx.db, cookie.lineId);
  if (!line || !portalCookieValid(await panelSecret(ctx), cookie, line.password)) return;
  await portalRepository.endSignIn(ctx.db, portalCookieEnding(cookie));
}

/**
 * The line's owner as the actor of the line services the portal reuses (activation, edit,
 * connections): the customer acts on the owner's behalf, within the owner's rules and scope.
 */
export async function ownerActor(ctx: AppContext, ownerId: string): Promise<Actor> {
  const account = await accountsRepository.findById(ctx.db, ownerId);
  if (!account || account.banned) throw new AppError('PORTAL_DISABLED');
  return actorFromAccount(account, null);
}
