import type { PortalRenewalRequestResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { announceNotices, notify } from '../notifications/notify.js';
import type { PortalCustomer } from './portal-session.js';
import { portalRepository } from './portal.repository.js';

/** A customer may ask once a day: enough to be heard, too seldom to flood the reseller's messages. */
export const RENEWAL_REQUEST_EVERY_MS = 24 * 60 * 60_000;

/**
 * The customer asks their reseller to renew the line: the reseller is told (`renewal_requested`, on
 * the channels they chose) in the same transaction that records the ask. A second ask within a day
 * is refused with when the next one is possible.
 */
export async function portalRequestRenewal(
  ctx: AppContext,
  customer: PortalCustomer,
): Promise<PortalRenewalRequestResult> {
  const { line, owner } = customer;
  const result = await ctx.db.transaction(async (tx) => {
    const requestedAt = await portalRepository.claimRenewalRequest(tx, line, RENEWAL_REQUEST_EVERY_MS);
    if (!requestedAt) return { requestedAt: undefined, notified: undefined };
    const notified = await notify(ctx, tx, owner.id, {
      kind: 'renewal_requested',
      params: { line_id: line.id, username: line.username, expiry_date: line.expiryDate },
    });
    return { requestedAt, notified };
  });
  if (!result.requestedAt || !result.notified) {
    const last = (await portalRepository.lastRenewalRequest(ctx.db, line.id)) ?? new Date();
    const retryAt = last.getTime() + RENEWAL_REQUEST_EVERY_MS;
    throw new AppError('PORTAL_RENEWAL_ALREADY_REQUESTED', {
      params: { retry_at: new Date(retryAt).toISOString() },
      retryAfterSeconds: (retryAt - Date.now()) / 1000,
    });
  }
  await announceNotices(ctx, result.notified);
  return {
    requested_at: result.requestedAt.toISOString(),
    next_request_at: new Date(result.requestedAt.getTime() + RENEWAL_REQUEST_EVERY_MS).toISOString(),
  };
}
