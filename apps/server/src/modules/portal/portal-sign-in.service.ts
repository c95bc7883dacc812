import { createHash, timingSafeEqual } from 'node:crypto';
import type { PortalMe, PortalSignInBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import type { Answer, Client } from '../../platform/http.js';
import { slowDownIfGuessed } from '../auth/sign-in-failure.service.js';
import {
  rateLimited,
  reserveAttempt,
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
  SIGN_IN_MAX_FAILURES_PER_IP,
  SIGN_IN_WINDOW_MS,
} from '../auth/sign-in-limiter.js';
import { linesRepository } from '../lines/lines.repository.js';
import {
  panelSecret,
  parsePortalCookie,
  PORTAL_COOKIE,
  portalCookieEnding,
  portalCookieValue,
  portalSetCookie,
} from './portal-cookie.js';
import { portalMe } from './portal-me.service.js';
import { endPortalSignIn, portalOwnerOf } from './portal-session.js';
import { portalRepository } from './portal.repository.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time, so how long a wrong password takes tells nothing of the right one. */
export function linePasswordMatches(stored: string, given: string): boolean {
  return timingSafeEqual(digest(stored), digest(given));
}

/**
 * The Set-Cookie value that signs the customer in to `lineId`: the cookie carries a MAC over the
 * line's current password.
 */
export async function portalSignInCookie(ctx: AppContext, lineId: number, password: string): Promise<string> {
  const value = portalCookieValue(await panelSecret(ctx), lineId, password);
  // Signed out and in again within the second the first cookie was made, the customer gets the
  // same cookie back: they proved the password again, so it is theirs again.
  const parsed = parsePortalCookie(`${PORTAL_COOKIE}=${value}`);
  if (parsed) await portalRepository.reopenSignIn(ctx.db, portalCookieEnding(parsed).cookieHash);
  return portalSetCookie(ctx, value);
}

/**
 * A customer signs in with the line's username and password. Failures are limited as the panel's
 * sign-in limits them (per address, and per line from one address), never per line alone, so a
 * stranger guessing cannot lock the customer out; a line being guessed from many addresses only
 * slows down. The password is checked before anything about the line is told: a suspended line or a
 * portal its reseller turned off answer their own codes only to the right password.
 */
export async function portalSignIn(
  ctx: AppContext,
  client: Client,
  body: PortalSignInBody,
): Promise<Answer<PortalMe>> {
  const slot = await reserveAttempt(
    ctx.db,
    [
      { scope: 'portal-ip', key: client.ip, max: SIGN_IN_MAX_FAILURES_PER_IP },
      {
        scope: 'portal-line-ip',
        key: `${body.username} ${client.ip}`,
        max: SIGN_IN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
      },
      { scope: 'portal-line', key: body.username, max: Number.POSITIVE_INFINITY },
    ],
    SIGN_IN_WINDOW_MS,
  );
  if (slot.overLimit) throw rateLimited(slot);
  // This attempt's own row is not yet a failure.
  await slowDownIfGuessed({ accountFailures: Math.max(0, (slot.counts[2] ?? 1) - 1) });
  const id = await portalRepository.findLineIdByUsername(ctx.db, body.username);
  const line = id === undefined ? undefined : await linesRepository.findById(ctx.db, id);
  // A wrong password keeps the reserved rows: they are the failure's record.
  if (!line || !linePasswordMatches(line.password, body.password)) {
    throw new AppError('PORTAL_INVALID_CREDENTIALS');
  }
  await slot.release();
  const owner = await portalOwnerOf(ctx, line.ownerId);
  if (!line.enabled) throw new AppError('PORTAL_LINE_SUSPENDED');
  const setCookie = await portalSignInCookie(ctx, line.id, line.password);
  return { body: await portalMe(ctx, { line, owner }), setCookies: [setCookie] };
}

/**
 * Ends the portal cookie's sign-in on the server and clears it; works with any cookie or none, so a
 * stale one can always be dropped.
 */
export async function portalSignOut(
  ctx: AppContext,
  cookieHeader: string | undefined,
): Promise<Answer<{ message: string }>> {
  await endPortalSignIn(ctx, cookieHeader);
  return { body: { message: 'Signed out' }, setCookies: [portalSetCookie(ctx, '')] };
}
