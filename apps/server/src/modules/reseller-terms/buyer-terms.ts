import {
  buyerPlanPrices,
  limitAllows,
  spendRefusal,
  type PlanPrice,
  type ResellerPrice,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { perContext } from '../../platform/per-context.js';
import { createChangeCache } from '../../platform/change-cache.js';
import { resellerTermsRepository, type ChainLink } from './reseller-terms.repository.js';

/**
 * What a buyer pays and may do: their own price list and the limits of every account from them up to
 * the top of the tree (a limit of an account holds for everyone below it). Read once per request or
 * job, then passed to the pure line rules (`planCharge`, `checkNewLine`).
 */
export type BuyerTerms = {
  isAdmin: boolean;
  prices: readonly ResellerPrice[];
  /** The price list of the buyer's tier (their group): for what their own list does not price. */
  tierPrices: readonly ResellerPrice[];
  /** The buyer (depth 0) and the accounts above them, nearest first; empty for admins. */
  chain: readonly ChainLink[];
};

/** Admins pay nothing and have no limits. */
export const ADMIN_TERMS: BuyerTerms = { isAdmin: true, prices: [], tierPrices: [], chain: [] };

export async function buyerTerms(db: Db, buyer: { id: string; isAdmin: boolean }): Promise<BuyerTerms> {
  if (buyer.isAdmin) return ADMIN_TERMS;
  // One after another: `db` is often a transaction, one connection that runs one statement at a time
  // (node-postgres deprecates being handed a second while one runs). Read once and kept, see below.
  const prices = await resellerTermsRepository.prices(db, buyer.id);
  const tierPrices = await resellerTermsRepository.tierPrices(db, buyer.id);
  const chain = await resellerTermsRepository.chain(db, buyer.id);
  return { isAdmin: false, prices, tierPrices, chain };
}

/**
 * Every change of a price list or limit, and every move or change of an account in the tree,
 * publishes an `auth_users` event, which drops every kept buyer's terms. A purchase's event only
 * moves a balance, which the terms do not hold (`balanceOnly`): it keeps them, so a burst of creates
 * reads them once, not once per batch.
 */
const keptTerms = perContext((ctx: AppContext) =>
  createChangeCache<BuyerTerms>(
    ctx.bus,
    ['auth_users', 'groups'],
    TERMS_CACHE_MS,
    (event) => event.balanceOnly === true,
  ),
);
/** Bounds what a change made outside the app (by hand in the database) could leave behind. */
const TERMS_CACHE_MS = 5_000;

/**
 * `buyerTerms` outside a transaction, for a request: kept on this instance until the next change
 * event of the accounts, like the plans and the servers new lines go to.
 */
export function currentBuyerTerms(
  ctx: AppContext,
  buyer: { id: string; isAdmin: boolean },
): Promise<BuyerTerms> {
  if (buyer.isAdmin) return Promise.resolve(ADMIN_TERMS);
  return keptTerms(ctx).read(buyer.id, () => buyerTerms(ctx.db, buyer));
}

/** The plan's prices as this buyer pays them (admins: the plan's own, which they are never charged). */
export function pricesFor(
  terms: Pick<BuyerTerms, 'prices' | 'tierPrices'>,
  plan: { id: number; prices: readonly PlanPrice[] },
) {
  return buyerPlanPrices(plan.id, plan.prices, terms.prices, terms.tierPrices);
}

/** Whether the buyer may sell this plan: the pickers offer only those (the writes refuse the rest). */
export function planAllowed(terms: BuyerTerms, planId: number): boolean {
  return terms.chain.every((link) => limitAllows(link.limits.allowed_plan_ids, planId));
}

/** Whether the buyer may put lines on this server (the same limits `assertAllowed` enforces). */
export function serverAllowed(terms: BuyerTerms, serverId: number): boolean {
  return terms.chain.every((link) => limitAllows(link.limits.allowed_server_ids, serverId));
}

/**
 * Refuses a plan or server that the buyer or an account above them is not allowed, naming the
 * nearest account whose limit refuses it.
 */
export function assertAllowed(
  terms: BuyerTerms,
  plan: { id: number; name: string },
  server?: { id: number; serverName: string },
): void {
  for (const link of terms.chain) {
    if (!limitAllows(link.limits.allowed_plan_ids, plan.id)) {
      throw new AppError('LINE_PLAN_NOT_ALLOWED', { params: { plan: plan.name, account: link.email } });
    }
    if (server && !limitAllows(link.limits.allowed_server_ids, server.id)) {
      throw new AppError('LINE_SERVER_NOT_ALLOWED', {
        params: { server: server.serverName, account: link.email },
      });
    }
  }
}

/** Whether a line limit holds anywhere above the buyer (such creates take the locked path). */
export function hasLineLimit(terms: BuyerTerms): boolean {
  return terms.chain.some((link) => link.limits.max_lines !== null);
}

/**
 * Inside the write's transaction, before the lines are inserted: every account above the buyer with a
 * line limit is locked (top down) and its subtree counted, so two sub-resellers filling the same
 * parent's last place queue on the parent's row and the second is refused.
 */
export async function assertLineRoom(tx: Db, terms: BuyerTerms, adding = 1): Promise<void> {
  const limited = terms.chain.filter((link) => link.limits.max_lines !== null);
  if (limited.length === 0 || adding <= 0) return;
  const topDown = [...limited].sort((a, b) => b.depth - a.depth);
  await resellerTermsRepository.lockAccounts(
    tx,
    topDown.map((link) => link.accountId),
  );
  for (const link of topDown) {
    const current = await resellerTermsRepository.subtreeLines(tx, link.accountId);
    if (current + adding > link.limits.max_lines!) {
      throw new AppError('LINE_LIMIT_REACHED', {
        params: { limit: link.limits.max_lines!, account: link.email },
      });
    }
  }
}

/** The buyer's own limits (depth 0), or none. */
export function ownLimits(terms: BuyerTerms) {
  return terms.chain.find((link) => link.depth === 0)?.limits ?? null;
}

/** A trial needs the buyer's minimum balance, when one is set. */
export function assertTrialBalance(terms: BuyerTerms, balance: number): void {
  const min = ownLimits(terms)?.trial_min_balance ?? 0;
  if (min > 0 && balance < min) {
    throw new AppError('LINE_TRIAL_MIN_BALANCE', { params: { min, balance } });
  }
}

/** The spending rule with the buyer's credit limit, for previews that show whether a balance can pay. */
export function buyerSpendRefusal(terms: BuyerTerms, balance: number, required: number) {
  return spendRefusal(balance, required, ownLimits(terms)?.credit_limit ?? 0);
}

/** Trials a day for this buyer: their own limit when an admin or their parent set one, else the panel's. */
export function trialsPerDay(terms: BuyerTerms, panelDefault: number): number {
  return ownLimits(terms)?.trials_per_day ?? panelDefault;
}
