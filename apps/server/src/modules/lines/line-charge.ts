import { planLinePrice, type LedgerReason } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger, type CreditChangeResult } from '../credits/credit-ledger.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { lineEvent } from './line-events.js';
import { ledgerRepository } from '../credits/ledger.repository.js';
import { pricesFor, type BuyerTerms } from '../reseller-terms/buyer-terms.js';

/** What a line write costs its payer, booked against the line. */
export type LineCharge = {
  accountId: string;
  actorId: string;
  /** Credits; 0 (admins, trials, a free plan) books nothing. */
  amount: number;
  reason: Extract<LedgerReason, 'line_create' | 'line_renew' | 'line_plan_change'>;
};

/**
 * What `months` of the plan cost the buyer (the shared pricing rule): the buyer's own price for it
 * when an admin or their parent reseller set one, else their tier's (their group's list), else the
 * plan's. A duration the plan does not offer
 * is refused; on the default plan with the spec's own error, as before plans existed.
 */
export function planCharge(
  plan: LinePlanRow,
  months: number | null | undefined,
  buyer: Pick<BuyerTerms, 'isAdmin' | 'prices' | 'tierPrices'>,
  isTrial = false,
): number {
  if (typeof months !== 'number') throw new AppError('LINE_INVALID_DURATION');
  const price = planLinePrice(pricesFor(buyer, plan), months, { isAdmin: buyer.isAdmin, isTrial });
  if (price !== null) return price;
  if (plan.isDefault || !Number.isInteger(months)) throw new AppError('LINE_INVALID_DURATION');
  throw new AppError('LINE_PLAN_DURATION_NOT_OFFERED', { params: { months } });
}

/**
 * The charge and its ledger row, in the write's own transaction: a balance that cannot pay throws
 * INSUFFICIENT_CREDITS and rolls the line's change back with it. Null when nothing was charged.
 */
export async function chargeForLine(
  tx: Db,
  line: { id: number; username: string },
  charge: LineCharge | undefined,
): Promise<CreditChangeResult | null> {
  if (!charge || charge.amount <= 0) return null;
  return creditLedger.change(tx, {
    accountId: charge.accountId,
    delta: -charge.amount,
    reason: charge.reason,
    actorId: charge.actorId,
    refType: 'line',
    refId: String(line.id),
    note: line.username,
  });
}

/**
 * The line's change and, when it was charged, the payer's balance change: every instance hears both in
 * one NOTIFY round trip.
 */
export async function publishLineWrite(
  ctx: AppContext,
  action: 'insert' | 'update' | 'delete',
  line: { id: number; ownerId: string | null },
  charged: { accountId: string; ownerId: string | null } | null = null,
): Promise<void> {
  await ctx.bus.publishAll([
    lineEvent(action, line),
    ...(charged ? balanceEvents({ id: charged.accountId, ownerId: charged.ownerId }) : []),
  ]);
}

/** The balance a write answers with: none for admins, else the one after its charge or the current. */
export async function balanceOf(
  ctx: AppContext,
  actor: Actor,
  afterCharge: number | null,
): Promise<number | null> {
  if (actor.isAdmin) return null;
  return afterCharge ?? (await ledgerRepository.balance(ctx.db, actor.id)).credits;
}
