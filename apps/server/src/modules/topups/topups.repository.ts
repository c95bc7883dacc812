import type {
  InstructionTranslations,
  PaymentChannel,
  PaymentMethodKind,
  TicketAttachmentType,
  TopUpExpiredReason,
  TopUpReversalKind,
  TopUpStatus,
} from '@linedesk/shared';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { authUsers, receiptCounters, topUpRequests, topUpReversals } from '../../db/schema.js';

const requester = alias(authUsers, 'topup_requester');
const decider = alias(authUsers, 'topup_decider');
const revoker = alias(authUsers, 'topup_revoker');

export type TopUpRow = typeof topUpRequests.$inferSelect & {
  accountEmail: string | null;
  decidedByEmail: string | null;
  revokedByEmail: string | null;
  /** Net credits its provider took back (reversals less a chargeback won). */
  reversedCredits: number;
  /** The kind and time (ISO) of the last reversal that moved credits. */
  lastReversalKind: TopUpReversalKind | null;
  lastReversalAt: string | null;
};

export type TopUpReversalRow = typeof topUpReversals.$inferSelect;

/** A request with the emails of its requester, decider and revoker, and what its provider took back. */
export function selectTopUps(db: Db) {
  return db
    .select({
      id: topUpRequests.id,
      accountId: topUpRequests.accountId,
      packageId: topUpRequests.packageId,
      packageName: topUpRequests.packageName,
      credits: topUpRequests.credits,
      priceCents: topUpRequests.priceCents,
      currency: topUpRequests.currency,
      paymentReference: topUpRequests.paymentReference,
      status: topUpRequests.status,
      rejectReason: topUpRequests.rejectReason,
      expiredReason: topUpRequests.expiredReason,
      decidedBy: topUpRequests.decidedBy,
      decidedAt: topUpRequests.decidedAt,
      provider: topUpRequests.provider,
      providerPaymentId: topUpRequests.providerPaymentId,
      methodId: topUpRequests.methodId,
      methodName: topUpRequests.methodName,
      methodKind: topUpRequests.methodKind,
      feeCents: topUpRequests.feeCents,
      referenceCode: topUpRequests.referenceCode,
      instructions: topUpRequests.instructions,
      instructionsI18n: topUpRequests.instructionsI18n,
      channel: topUpRequests.channel,
      revokedBy: topUpRequests.revokedBy,
      revokedAt: topUpRequests.revokedAt,
      revokeReason: topUpRequests.revokeReason,
      proofRequired: topUpRequests.proofRequired,
      proofStorage: topUpRequests.proofStorage,
      proofKey: topUpRequests.proofKey,
      proofFileName: topUpRequests.proofFileName,
      proofContentType: topUpRequests.proofContentType,
      proofSize: topUpRequests.proofSize,
      checkoutId: topUpRequests.checkoutId,
      checkoutUrl: topUpRequests.checkoutUrl,
      reconciledAt: topUpRequests.reconciledAt,
      paymentIntentId: topUpRequests.paymentIntentId,
      surplusCents: topUpRequests.surplusCents,
      surplusCurrency: topUpRequests.surplusCurrency,
      receiptNumber: topUpRequests.receiptNumber,
      providerState: topUpRequests.providerState,
      providerCheckedAt: topUpRequests.providerCheckedAt,
      reversedCredits: sql<number>`(select coalesce(-sum(r.credits), 0)::int from ${topUpReversals} r
        where r.topup_request_id = ${topUpRequests.id})`,
      lastReversalKind: sql<TopUpReversalKind | null>`(select r.kind from ${topUpReversals} r
        where r.topup_request_id = ${topUpRequests.id} and r.credits <> 0 order by r.id desc limit 1)`,
      lastReversalAt: sql<string | null>`(select to_char(max(r.created_at) at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${topUpReversals} r
        where r.topup_request_id = ${topUpRequests.id} and r.credits <> 0)`,
      createdAt: topUpRequests.createdAt,
      updatedAt: topUpRequests.updatedAt,
      accountEmail: requester.email,
      decidedByEmail: decider.email,
      revokedByEmail: revoker.email,
    })
    .from(topUpRequests)
    .leftJoin(requester, eq(requester.id, topUpRequests.accountId))
    .leftJoin(decider, eq(decider.id, topUpRequests.decidedBy))
    .leftJoin(revoker, eq(revoker.id, topUpRequests.revokedBy));
}

export type Decision = {
  status: Exclude<TopUpStatus, 'pending' | 'awaiting_payment' | 'expired' | 'underpaid' | 'needs_attention'>;
  decidedBy: string | null;
  rejectReason?: string;
  provider: string;
  providerPaymentId?: string;
  /** Stripe: the paid session's PaymentIntent, which its refunds and disputes name. */
  paymentIntentId?: string | null;
  /** More than the amount arrived: the surplus, in the request's currency. */
  surplusCents?: number | null;
  /** The states the decision may be taken from. */
  from: readonly TopUpStatus[];
  /** An admin's approval: the request keeps the provider payment it has (its checkout). */
  keepProviderPayment?: boolean;
};

/** What a decision on a request returns: whose, how many credits, and what the notices name. */
const decidedColumns = {
  accountId: topUpRequests.accountId,
  credits: topUpRequests.credits,
  packageName: topUpRequests.packageName,
  paymentReference: topUpRequests.paymentReference,
  referenceCode: topUpRequests.referenceCode,
};
type DecidedRow = {
  accountId: string;
  credits: number;
  packageName: string;
  paymentReference: string | null;
  referenceCode: string | null;
};

export const topUpsRepository = {
  async insert(
    db: Db,
    values: {
      accountId: string;
      packageId: number;
      packageName: string;
      credits: number;
      priceCents: number;
      currency: string;
      paymentReference: string | null;
      status?: TopUpStatus;
      methodId?: number;
      methodName?: string;
      methodKind?: PaymentMethodKind;
      feeCents?: number;
      referenceCode?: string;
      instructions?: string | null;
      instructionsI18n?: InstructionTranslations | null;
      channel?: PaymentChannel | null;
      proofRequired?: boolean;
    },
  ): Promise<number> {
    const [row] = await db.insert(topUpRequests).values(values).returning({ id: topUpRequests.id });
    return row!.id;
  },
  /** A request whose checkout could not be opened: nothing was paid on it, so nothing is kept. */
  async deleteUnpaid(db: Db, id: number): Promise<void> {
    await db
      .delete(topUpRequests)
      .where(and(eq(topUpRequests.id, id), eq(topUpRequests.status, 'awaiting_payment')));
  },
  /**
   * awaiting_payment → expired (the provider's checkout expired unpaid) or underpaid (it closed with
   * less than the amount paid) in one conditional UPDATE; false when the request was decided meanwhile.
   */
  async closeUnpaid(
    db: Db,
    id: number,
    status: 'expired' | 'underpaid',
    expiredReason: TopUpExpiredReason = 'checkout_expired',
  ): Promise<boolean> {
    const rows = await db
      .update(topUpRequests)
      .set({ status, expiredReason: status === 'expired' ? expiredReason : null, updatedAt: new Date() })
      .where(and(eq(topUpRequests.id, id), eq(topUpRequests.status, 'awaiting_payment')))
      .returning({ id: topUpRequests.id });
    return rows.length > 0;
  },
  /**
   * approved → revoked in one conditional UPDATE under the caller's transaction, for a request
   * `topUpRevocable` allowed; the same conditions again, so a request decided otherwise meanwhile is
   * never revoked. Null when it is not one (any more).
   */
  async revoke(
    tx: Db,
    id: number,
    revocation: { revokedBy: string; reason: string },
  ): Promise<DecidedRow | null> {
    const [row] = await tx
      .update(topUpRequests)
      .set({
        status: 'revoked',
        revokedBy: revocation.revokedBy,
        revokedAt: sql`now()`,
        revokeReason: revocation.reason,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(topUpRequests.id, id),
          eq(topUpRequests.status, 'approved'),
          eq(topUpRequests.provider, 'manual'),
          isNull(topUpRequests.providerPaymentId),
          isNull(topUpRequests.checkoutId),
        ),
      )
      .returning(decidedColumns);
    return row ?? null;
  },
  async findById(db: Db, id: number): Promise<TopUpRow | undefined> {
    const [row] = await selectTopUps(db).where(eq(topUpRequests.id, id));
    return row;
  },
  /** The credited request whose provider payment this is (Stripe: refunds and disputes name the PaymentIntent). */
  async findByPaymentIntent(
    db: Db,
    kind: PaymentMethodKind,
    paymentIntentId: string,
  ): Promise<TopUpRow | undefined> {
    const [row] = await selectTopUps(db).where(
      and(eq(topUpRequests.methodKind, kind), eq(topUpRequests.paymentIntentId, paymentIntentId)),
    );
    return row;
  },
  /** The request whose provider checkout this is (a Stripe Checkout Session, a BTCPay invoice). */
  async findByCheckout(db: Db, kind: PaymentMethodKind, checkoutId: string): Promise<TopUpRow | undefined> {
    const [row] = await selectTopUps(db).where(
      and(eq(topUpRequests.methodKind, kind), eq(topUpRequests.checkoutId, checkoutId)),
    );
    return row;
  },
  /**
   * The year's next receipt number, in the approval's transaction: the upsert takes the year's row
   * lock until the commit, so concurrent approvals queue and a rolled-back one gives its number back.
   */
  async nextReceiptNumber(tx: Db, year: number): Promise<number> {
    const [row] = await tx
      .insert(receiptCounters)
      .values({ year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: receiptCounters.year,
        set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: receiptCounters.lastNumber });
    return row!.lastNumber;
  },
  async setReceiptNumber(tx: Db, id: number, receiptNumber: string): Promise<void> {
    await tx.update(topUpRequests).set({ receiptNumber }).where(eq(topUpRequests.id, id));
  },
  /**
   * Requests made with a manual method (no provider checkout) still awaiting their payment since
   * before `before` → expired, in one conditional UPDATE: instances running it at once close each
   * request once, and a request submitted or decided meanwhile is no longer matched.
   */
  async expireManualUnpaid(db: Db, before: Date): Promise<{ id: number; accountId: string }[]> {
    return db
      .update(topUpRequests)
      .set({ status: 'expired', expiredReason: 'not_paid_in_time', updatedAt: new Date() })
      .where(
        and(
          eq(topUpRequests.status, 'awaiting_payment'),
          isNull(topUpRequests.checkoutId),
          lte(topUpRequests.createdAt, before),
        ),
      )
      .returning({ id: topUpRequests.id, accountId: topUpRequests.accountId });
  },
  /** Online requests still awaiting their payment since before `before`, oldest first. */
  async onlineUnpaidSince(db: Db, before: Date, limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: topUpRequests.id })
      .from(topUpRequests)
      .where(
        and(
          eq(topUpRequests.status, 'awaiting_payment'),
          isNotNull(topUpRequests.checkoutId),
          lte(topUpRequests.createdAt, before),
        ),
      )
      .orderBy(asc(topUpRequests.createdAt), asc(topUpRequests.id))
      .limit(limit);
    return rows.map((row) => row.id);
  },
  /**
   * awaiting_payment → pending with the requester's reference and proof, in one conditional UPDATE:
   * of two submissions only one finds the request still waiting (the other gets false).
   */
  async submitPayment(
    tx: Db,
    id: number,
    values: {
      paymentReference: string;
      proof: {
        storage: 'disk' | 's3';
        key: string;
        fileName: string;
        contentType: TicketAttachmentType;
        size: number;
      } | null;
    },
  ): Promise<boolean> {
    const rows = await tx
      .update(topUpRequests)
      .set({
        status: 'pending',
        paymentReference: values.paymentReference,
        proofStorage: values.proof?.storage ?? null,
        proofKey: values.proof?.key ?? null,
        proofFileName: values.proof?.fileName ?? null,
        proofContentType: values.proof?.contentType ?? null,
        proofSize: values.proof?.size ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(topUpRequests.id, id), eq(topUpRequests.status, 'awaiting_payment')))
      .returning({ id: topUpRequests.id });
    return rows.length > 0;
  },
  /**
   * pending (or still awaiting its payment) → approved/rejected in one conditional UPDATE: of two concurrent decisions exactly one
   * finds the row still pending; the other gets null.
   */
  async decide(tx: Db, id: number, decision: Decision): Promise<DecidedRow | null> {
    const [row] = await tx
      .update(topUpRequests)
      .set({
        status: decision.status,
        decidedBy: decision.decidedBy,
        decidedAt: sql`now()`,
        rejectReason: decision.rejectReason ?? null,
        ...(decision.keepProviderPayment
          ? {
              // An admin crediting an online request by hand: it keeps its provider payment (the
              // checkout, or the payment its provider reported), so the provider's later events find it.
              provider: sql`case when ${topUpRequests.checkoutId} is not null then ${topUpRequests.methodKind} else ${decision.provider} end`,
              providerPaymentId: sql`coalesce(${topUpRequests.providerPaymentId}, ${topUpRequests.checkoutId})`,
            }
          : {
              provider: decision.provider,
              providerPaymentId: decision.providerPaymentId ?? null,
              paymentIntentId: decision.paymentIntentId ?? null,
            }),
        surplusCents: decision.surplusCents ?? null,
        surplusCurrency: decision.surplusCents ? sql`${topUpRequests.currency}` : null,
        updatedAt: new Date(),
      })
      // An admin may decide a request still awaiting its payment: the money can arrive with our
      // reference before the requester submits.
      .where(and(eq(topUpRequests.id, id), inArray(topUpRequests.status, decision.from)))
      .returning(decidedColumns);
    return row ?? null;
  },
};
