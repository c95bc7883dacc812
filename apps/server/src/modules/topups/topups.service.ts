import {
  paymentFeeCents,
  type CreateTopUpBody,
  type RejectTopUpBody,
  type TopUpFilter,
  type TopUpListQuery,
  type TopUpReceipt,
  type TopUpListResponse,
  type TopUpRequest,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { violatedConstraint } from '../../platform/database-errors.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { billingRepository } from '../billing/billing.repository.js';
import { readSellerDetails } from '../billing/billing.service.js';
import { getContactDetails } from '../contact/contact.service.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { runIdempotent, type IdempotencyInput, type IdempotentOutcome } from '../credits/idempotency.js';
import { announceNotices, notify, type Notified } from '../notifications/notify.js';
import { paymentMethodsRepository } from '../payments/payment-methods.repository.js';
import { openCheckout } from '../payments/payment-checkout.service.js';
import { payableKinds } from '../payments/payment-methods.service.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import { onlineKinds, providerFor } from '../payments/providers/payment-providers.js';
import { pricingRepository } from '../pricing/pricing.repository.js';
import { newPaymentReference } from './payment-reference.js';
import { assignReceiptNumber } from './receipt-number.js';
import { topUpCsvHeader, topUpCsvRow } from './topup-csv.js';
import { toTopUpRequest } from './topup-mapper.js';
import { topUpListRepository, type TopUpListFilter } from './topups-list.repository.js';
import { topUpsRepository } from './topups.repository.js';
import { topUpProviderRepository } from './topup-provider.repository.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';

/** Who confirmed a payment: an admin in the panel, or (later) a payment provider's verified webhook. */
export type TopUpConfirmer =
  | { kind: 'admin'; actorId: string }
  | {
      kind: 'provider';
      provider: string;
      paymentId: string;
      /** Stripe: kept so the payment's later refunds and disputes find the request. */
      paymentIntentId?: string | null;
      /** More than the amount arrived: the surplus (request's currency), shown with the request. */
      surplusCents?: number | null;
    };

export type ConfirmTopUpInput = { requestId: number; confirmedBy: TopUpConfirmer };

type Decided = { accountId: string; notified: Notified };

export async function publishRequest(
  ctx: AppContext,
  action: 'insert' | 'update',
  id: number,
  accountId: string,
) {
  await ctx.bus.publish({ table: 'topup_requests', action, id: String(id), audience: [accountId] });
}

export async function topUpById(db: Db, id: number): Promise<TopUpRequest | undefined> {
  const row = await topUpsRepository.findById(db, id);
  return row ? toTopUpRequest(row) : undefined;
}

/** Why nothing was decided: the request is missing, or someone decided it first. */
async function undecidable(tx: Db, id: number): Promise<never> {
  if (!(await topUpById(tx, id))) throw new AppError('TOPUP_NOT_FOUND');
  throw new AppError('TOPUP_ALREADY_DECIDED');
}

export async function afterDecision(
  ctx: AppContext,
  requestId: number,
  decided: Decided,
  balanceChanged: boolean,
) {
  await announceNotices(ctx, decided.notified);
  await publishRequest(ctx, 'update', requestId, decided.accountId);
  if (balanceChanged) {
    const account = await accountsRepository.findById(ctx.db, decided.accountId);
    if (account) await publishBalanceChange(ctx, account);
  }
}

/** The unique index on reference_code turned a (vanishingly rare) repeated reference away. */
function isReferenceCollision(error: unknown): boolean {
  return violatedConstraint(error, '23505') === 'topup_requests_reference_code_idx';
}

/**
 * Inserts a request whose package and method were read a moment before. Either may be deleted in
 * between (an admin tidying up while a reseller checks out): the foreign key then refuses the row,
 * which is answered as the package or method being gone rather than as a server fault. Nothing is
 * left behind, and no provider was asked anything yet.
 */
async function insertRequest(ctx: AppContext, values: Parameters<typeof topUpsRepository.insert>[1]) {
  try {
    return await topUpsRepository.insert(ctx.db, values);
  } catch (error) {
    const constraint = violatedConstraint(error, '23503');
    if (constraint === 'topup_requests_package_id_credit_packages_id_fk')
      throw new AppError('CREDIT_PACKAGE_NOT_FOUND');
    if (constraint === 'topup_requests_method_id_payment_methods_id_fk')
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    throw error;
  }
}

/**
 * The method a request is paid with: enabled, of a kind the panel can take today, and in the
 * package's currency (the amount is the package's price plus the fee, never converted).
 */
async function payableMethod(ctx: AppContext, methodId: number, currency: string) {
  const method = await paymentMethodsRepository.findById(ctx.db, methodId);
  if (!method || !method.enabled || !payableKinds.includes(method.kind))
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  if (method.currency !== currency) throw new AppError('PAYMENT_METHOD_CURRENCY_MISMATCH');
  return method;
}

/**
 * Price, currency, credits and the method's fee and instructions are copied onto the request, so a
 * package or method edited or deleted later never changes what an open request asks for.
 */
export async function createTopUp(
  ctx: AppContext,
  signedIn: Actor,
  body: CreateTopUpBody,
): Promise<TopUpRequest> {
  const pack = await pricingRepository.findById(ctx.db, body.package_id);
  if (!pack || !pack.isActive) throw new AppError('CREDIT_PACKAGE_NOT_FOUND');
  const copied = {
    accountId: signedIn.id,
    packageId: pack.id,
    packageName: pack.name,
    credits: pack.credits,
    priceCents: pack.priceCents,
    currency: pack.currency,
  };
  let id: number;
  if (body.method_id === undefined) {
    if (!body.payment_reference) throw new AppError('PAYMENT_REFERENCE_REQUIRED');
    id = await insertRequest(ctx, { ...copied, paymentReference: body.payment_reference });
  } else {
    const method = await payableMethod(ctx, body.method_id, pack.currency);
    let provider: PaymentProvider | null = null;
    if (onlineKinds.includes(method.kind)) {
      provider = providerFor(ctx, method);
      // An online method without its secrets cannot open a checkout.
      if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    }
    const values = {
      ...copied,
      paymentReference: body.payment_reference ?? null,
      status: 'awaiting_payment' as const,
      methodId: method.id,
      methodName: method.name,
      methodKind: method.kind,
      feeCents: paymentFeeCents(pack.priceCents, method.feeBps),
      instructions: method.instructions,
      instructionsI18n: method.instructionsI18n,
      channel: method.channel,
      proofRequired: method.proofRequired,
    };
    for (let attempt = 1; ; attempt += 1) {
      try {
        id = await insertRequest(ctx, { ...values, referenceCode: newPaymentReference() });
        break;
      } catch (error) {
        if (attempt >= 3 || !isReferenceCollision(error)) throw error;
      }
    }
    if (provider) {
      const made = (await topUpsRepository.findById(ctx.db, id))!;
      await openCheckout(ctx, provider, {
        id,
        referenceCode: made.referenceCode,
        packageName: made.packageName,
        amountCents: made.priceCents + made.feeCents,
        currency: made.currency,
      });
    }
  }
  await publishRequest(ctx, 'insert', id, signedIn.id);
  return (await topUpById(ctx.db, id))!;
}

/** One request, for its requester and admins; to anyone else it does not exist. */
export async function getTopUp(ctx: AppContext, signedIn: Actor, id: number): Promise<TopUpRequest> {
  const request = await topUpById(ctx.db, id);
  if (!request || (!signedIn.isAdmin && request.account_id !== signedIn.id))
    throw new AppError('TOPUP_NOT_FOUND');
  return request;
}

/**
 * The receipt of a credited request, for its requester and admins: the seller is the panel's seller
 * and contact details, the buyer the requester's billing details, both as they are now. A request
 * taken back later (by its provider, or an admin undoing a manual approval) keeps its receipt and
 * says so.
 */
export async function getTopUpReceipt(ctx: AppContext, signedIn: Actor, id: number): Promise<TopUpReceipt> {
  const request = await getTopUp(ctx, signedIn, id);
  const credited = request.status === 'approved' || request.status === 'revoked';
  if (!credited || !request.receipt_number || !request.decided_at) {
    throw new AppError('TOPUP_NO_RECEIPT');
  }
  const [contact, seller, buyer] = await Promise.all([
    getContactDetails(ctx, signedIn),
    readSellerDetails(ctx.db),
    billingRepository.find(ctx.db, request.account_id),
  ]);
  return {
    id: request.id,
    receipt_number: request.receipt_number,
    issued_at: request.decided_at,
    seller: { ...contact, ...seller },
    buyer: { id: request.account_id, email: request.account_email, ...buyer },
    package_name: request.package_name,
    credits: request.credits,
    price_cents: request.price_cents,
    fee_cents: request.fee_cents,
    amount_cents: request.amount_cents,
    currency: request.currency,
    method_name: request.method_name,
    method_kind: request.method_kind,
    provider: request.provider,
    provider_payment_id: request.provider_payment_id,
    reference_code: request.reference_code,
    payment_reference: request.payment_reference,
    surplus_cents: request.surplus_cents,
    surplus_currency: request.surplus_currency,
    reversal: request.reversal,
    refunded_cents: request.refunds
      .filter((refund) => refund.counts)
      .reduce((total, refund) => total + refund.amount_cents, 0),
    refunds: request.refunds,
    revocation: request.revocation
      ? { at: request.revocation.at, credits: request.credits, reason: request.revocation.reason }
      : null,
  };
}

/**
 * The filter a caller may use: admins any account's requests (a scoped staff member its subtree's),
 * everyone else only their own.
 */
function scopedFilter(signedIn: Actor, query: TopUpFilter): TopUpListFilter {
  const treeId = access.staffTree(signedIn);
  if (treeId) return { ...query, treeId };
  if (signedIn.isAdmin) return query;
  return { ...query, account_id: signedIn.id, search: undefined };
}

/** Own requests; admins see everyone's (filtered by state, account, method and days). */
export async function listTopUps(
  ctx: AppContext,
  signedIn: Actor,
  query: TopUpListQuery,
): Promise<TopUpListResponse> {
  const filter = scopedFilter(signedIn, query);
  // The page and the counts per state from one snapshot, so a payment settled meanwhile is in both or
  // in neither.
  const [found, counts] = await inOneSnapshot(ctx.db, [
    (tx) => topUpListRepository.list(tx, filter, pageWindow(query)),
    (tx) => (query.counts ? topUpListRepository.countByStatus(tx, filter) : undefined),
  ]);
  return { ...pageOf(query, found, toTopUpRequest), ...(counts ? { status_counts: counts } : {}) };
}

/** Rows read per query while the CSV is written. */
const EXPORT_SLICE = 500;

/**
 * Every request the filter selects as CSV, in the list's order, read in slices after one id scan so
 * a large export never sits in memory whole. Admins only, checked before the first byte.
 */
export async function exportTopUpsCsv(
  ctx: AppContext,
  admin: Actor,
  filter: TopUpFilter,
): Promise<AsyncGenerator<string>> {
  access.admin(admin);
  const ids = await topUpListRepository.orderedIds(ctx.db, filter);
  return (async function* () {
    yield topUpCsvHeader();
    for (let start = 0; start < ids.length; start += EXPORT_SLICE) {
      const slice = ids.slice(start, start + EXPORT_SLICE);
      const byId = new Map(
        (await topUpListRepository.findManyByIds(ctx.db, slice)).map((row) => [row.id, row]),
      );
      yield slice
        .flatMap((id) => byId.get(id) ?? [])
        .map(topUpCsvRow)
        .join('');
    }
  })();
}

export async function countPendingTopUps(ctx: AppContext): Promise<number> {
  return topUpListRepository.countPending(ctx.db);
}

/**
 * The one place a top-up turns into credits, for an admin's approval and for a payment provider's
 * webhook alike (docs/payments-webhook.md). pending → approved is a conditional UPDATE in the same
 * transaction as the ledger row and the requester's message, so a request pays out exactly once.
 * A provider repeating its notification for the payment it already confirmed gets the request back
 * without a second payout.
 */
export async function confirmTopUp(
  ctx: AppContext,
  input: ConfirmTopUpInput,
  idempotency?: IdempotencyInput,
): Promise<IdempotentOutcome<TopUpRequest>> {
  const by = input.confirmedBy;
  let decided: Decided | undefined;
  const outcome = await runIdempotent(
    ctx,
    idempotency ?? { accountId: '', key: undefined, scope: '', body: null },
    200,
    async (tx) => {
      const row = await topUpsRepository.decide(tx, input.requestId, {
        status: 'approved',
        decidedBy: by.kind === 'admin' ? by.actorId : null,
        provider: by.kind === 'admin' ? 'manual' : by.provider,
        providerPaymentId: by.kind === 'provider' ? by.paymentId : undefined,
        paymentIntentId: by.kind === 'provider' ? by.paymentIntentId : undefined,
        surplusCents: by.kind === 'provider' ? by.surplusCents : undefined,
        // A payment its provider reported that nothing credited waits for an admin, never for a webhook.
        from:
          by.kind === 'admin'
            ? ['pending', 'awaiting_payment', 'needs_attention']
            : ['pending', 'awaiting_payment'],
        keepProviderPayment: by.kind === 'admin',
      });
      if (!row) {
        const existing = await topUpsRepository.findById(tx, input.requestId);
        // The provider confirming the payment of its own checkout, credited already (by its own
        // earlier event, or by an admin by hand): nothing more is credited, and the request learns
        // the payment's ids if the admin's approval came first.
        const sameProviderPayment =
          by.kind === 'provider' &&
          existing?.status === 'approved' &&
          ((existing.provider === by.provider && existing.providerPaymentId === by.paymentId) ||
            (existing.methodKind === by.provider && existing.checkoutId === by.paymentId));
        if (sameProviderPayment) {
          await topUpProviderRepository.recordProviderPayment(tx, input.requestId, {
            provider: by.provider,
            paymentId: by.paymentId,
            paymentIntentId: by.paymentIntentId ?? null,
          });
          return (await topUpById(tx, input.requestId))!;
        }
        return undecidable(tx, input.requestId);
      }
      await assignReceiptNumber(tx, input.requestId);
      const added = await creditLedger.change(tx, {
        accountId: row.accountId,
        delta: row.credits,
        reason: 'topup',
        actorId: by.kind === 'admin' ? by.actorId : null,
        refType: 'topup_request',
        refId: String(input.requestId),
        note: by.kind === 'provider' ? `${by.provider} payment ${by.paymentId}` : undefined,
      });
      const notified = await notify(ctx, tx, row.accountId, {
        kind: 'topup_credited',
        params: {
          request_id: input.requestId,
          package_name: row.packageName,
          reference: row.paymentReference ?? row.referenceCode ?? '',
          credits: row.credits,
          balance: added.balance,
        },
      });
      decided = { accountId: row.accountId, notified };
      return (await topUpById(tx, input.requestId))!;
    },
  );
  if (!outcome.replayed && decided) await afterDecision(ctx, input.requestId, decided, true);
  return outcome;
}

/**
 * The requester told that a request was turned down, or its approval undone, with the admin's
 * reason: one notice for both, in the requester's language.
 */
export function notifyTopUpTurnedDown(
  ctx: AppContext,
  tx: Db,
  requestId: number,
  row: {
    accountId: string;
    packageName: string;
    paymentReference: string | null;
    referenceCode: string | null;
  },
  reason: string,
) {
  return notify(ctx, tx, row.accountId, {
    kind: 'topup_rejected',
    params: {
      request_id: requestId,
      package_name: row.packageName,
      reference: row.paymentReference ?? row.referenceCode ?? '',
      reason,
    },
  });
}

export async function rejectTopUp(
  ctx: AppContext,
  admin: Actor,
  id: number,
  body: RejectTopUpBody,
): Promise<TopUpRequest> {
  const decided = await ctx.db.transaction(async (tx) => {
    const row = await topUpsRepository.decide(tx, id, {
      status: 'rejected',
      decidedBy: admin.id,
      rejectReason: body.reason,
      provider: 'manual',
      // A payment that needs attention may be settled with the payer instead of credited.
      from: ['pending', 'awaiting_payment', 'needs_attention'],
    });
    if (!row) return undecidable(tx, id);
    const notified = await notifyTopUpTurnedDown(ctx, tx, id, row, body.reason);
    return { accountId: row.accountId, notified };
  });
  await afterDecision(ctx, id, decided, false);
  return (await topUpById(ctx.db, id))!;
}
