import type { AppContext } from '../../app-context.js';
import { reconcileTopUp } from '../payments/payment-reconcile.service.js';
import { readTopUpSettings } from './topup-settings.service.js';
import { publishRequest } from './topups.service.js';
import { topUpsRepository } from './topups.repository.js';

/** Online requests asked about per round; the rest wait for the next round. */
const ONLINE_BATCH = 50;
const DAY_MS = 86_400_000;

export type TopUpExpiryRound = { expired: number; asked: number; settled: number };

/**
 * Closes requests left awaiting their payment longer than `unpaid_expiry_days`: a manual method's
 * request is expired at once (nobody will pay it now; the history keeps it). An online one is asked
 * about at its provider first, through the reconciliation's own path: paid → credited, expired at
 * the provider → closed; one the provider cannot be asked about, or still calls open, is left for
 * an admin, so a payment the provider took is never closed unpaid here.
 */
export async function expireUnpaidTopUps(ctx: AppContext, signal: AbortSignal): Promise<TopUpExpiryRound> {
  const settings = await readTopUpSettings(ctx.db);
  const before = new Date(Date.now() - settings.unpaid_expiry_days * DAY_MS);
  const round: TopUpExpiryRound = { expired: 0, asked: 0, settled: 0 };
  const closed = await topUpsRepository.expireManualUnpaid(ctx.db, before);
  round.expired = closed.length;
  for (const request of closed) await publishRequest(ctx, 'update', request.id, request.accountId);
  for (const id of await topUpsRepository.onlineUnpaidSince(ctx.db, before, ONLINE_BATCH)) {
    if (signal.aborted) break;
    round.asked += 1;
    const outcome = await reconcileTopUp(ctx, id);
    if (outcome === 'credited' || outcome === 'closed') round.settled += 1;
  }
  if (round.expired > 0 || round.asked > 0) ctx.log.info(round, 'Unpaid top-ups closed');
  return round;
}
