import type {
  InstructionTranslations,
  PaymentChannel,
  PaymentMethodKind,
  TicketAttachmentType,
  TopUpExpiredReason,
  TopUpFilter,
  TopUpReversalKind,
  TopUpStatus,
} from '@linedesk/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { subtreeIdsSql } from '../../db/account-subtree.js';
import type { Db } from '../../db/client.js';
import { authUsers, receiptCounters, topUpRequests, topUpReversals } from '../../db/schema.js';
import { escapeLike } from '../lines/line-list-filter.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';

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

function select(db: Db) {
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

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/** The list's filters, and (for the dashboard's to-do list) several states at once. */
export type TopUpListFilter = TopUpFilter & {
  statuses?: readonly TopUpStatus[];
  /** Only the requests of this account's subtree (a scoped staff member's list). */
  treeId?: string;
};

/** The list's filters as SQL; the state is left out when counting per state. */
function filterConditions(filter: TopUpListFilter, withStatus: boolean): SQL[] {
  const where: SQL[] = [];
  if (filter.account_id) where.push(eq(topUpRequests.accountId, filter.account_id));
  if (filter.treeId) where.push(sql`${topUpRequests.accountId} in ${subtreeIdsSql(filter.treeId)}`);
  if (filter.search) {
    where.push(
      sql`${topUpRequests.accountId} in (select ${authUsers.id} from ${authUsers} where ${ilike(
        authUsers.email,
        `%${escapeLike(filter.search)}%`,
      )})`,
    );
  }
  if (filter.method_id !== undefined) where.push(eq(topUpRequests.methodId, filter.method_id));
  if (filter.from) where.push(gte(topUpRequests.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(topUpRequests.createdAt, nextDay(filter.to)));
  if (withStatus && filter.status) where.push(eq(topUpRequests.status, filter.status));
  if (withStatus && filter.statuses) where.push(inArray(topUpRequests.status, [...filter.statuses]));
  return where;
}

const sortColumns = {
  created_at: [topUpRequests.createdAt],
  decided_at: [topUpRequests.decidedAt],
  amount: [sql`${topUpRequests.priceCents} + ${topUpRequests.feeCents}`],
  credits: [topUpRequests.credits],
  status: [topUpRequests.status],
} as const;

function orderOf(sort: TopUpFilter['sort'], order: TopUpFilter['order']): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  // Undecided requests have no decision date: they go last whichever way it is sorted.
  const nulls = sort === 'decided_at' ? [sql`${topUpRequests.decidedAt} is null`] : [];
  return [...nulls, ...sortColumns[sort].map((column) => direction(column)), direction(topUpRequests.id)];
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
  /** The provider's checkout opened for a request waiting for its payment. */
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
   * Online requests still awaiting their payment, made more than `afterSeconds` ago and not asked
   * about in as long, claimed by stamping `reconciled_at` in one statement; rows another instance is
   * claiming are skipped (SKIP LOCKED), so each is asked about once a round.
   */
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
    const [row] = await select(db).where(eq(topUpRequests.id, id));
    return row;
  },
  async list(
    db: Db,
    filter: TopUpListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TopUpRow[]; total: number }> {
    const conditions = filterConditions(filter, true);
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [totalRow]] = await inOneSnapshot(db, (tx) =>
      Promise.all([
        select(tx)
          .where(where)
          .orderBy(...orderOf(filter.sort, filter.order))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(topUpRequests).where(where),
      ]),
    );
    return { rows, total: totalRow?.n ?? 0 };
  },
  /** The credited request whose provider payment this is (Stripe: refunds and disputes name the PaymentIntent). */
  async findByPaymentIntent(
    db: Db,
    kind: PaymentMethodKind,
    paymentIntentId: string,
  ): Promise<TopUpRow | undefined> {
    const [row] = await select(db).where(
      and(eq(topUpRequests.methodKind, kind), eq(topUpRequests.paymentIntentId, paymentIntentId)),
    );
    return row;
  },
  /** The request whose provider checkout this is (a Stripe Checkout Session, a BTCPay invoice). */
  async findByCheckout(db: Db, kind: PaymentMethodKind, checkoutId: string): Promise<TopUpRow | undefined> {
    const [row] = await select(db).where(
      and(eq(topUpRequests.methodKind, kind), eq(topUpRequests.checkoutId, checkoutId)),
    );
    return row;
  },
  /**
   * The provider's state of the payment's refunds and chargebacks, as last read; the PaymentIntent
   * too when the request did not know it yet (approved by hand before its paid event came).
   */
  /**
   * The provider payment of a request credited before its provider confirmed it (an admin approved
   * it by hand): the provider and payment id where the request has none from a provider yet, the
   * PaymentIntent where it has none. What is there already is never overwritten.
   */
  /**
   * expired, underpaid or rejected (or awaiting its payment, when its method was switched off) →
   * needs_attention, with the provider's payment that was made: the provider says it was paid, and
   * nothing credited it. One conditional UPDATE: false when it was credited or marked meanwhile.
   */
  /**
   * Credited online requests with a chargeback still open at their provider, not asked about in
   * `afterSeconds`, claimed like `claimForReconcile`: a lost `dispute.closed` event is found by asking.
   */
  /** A method's requests whose provider checkout is still open (awaiting its payment). */
  /** Locks a request's row: its reversals are booked one after the other, each seeing the last. */
  /** False when this provider event was booked already (unique provider + event id). */
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
  /** How many requests each state holds under the filter's other conditions. */
  async countByStatus(db: Db, filter: TopUpFilter): Promise<{ status: TopUpStatus; count: number }[]> {
    const conditions = filterConditions(filter, false);
    return db
      .select({ status: topUpRequests.status, count: count() })
      .from(topUpRequests)
      .where(conditions.length ? and(...conditions) : undefined)
      .groupBy(topUpRequests.status);
  },
  /** The filter's ids in its order: the CSV export reads the rows in slices after this one scan. */
  async orderedIds(db: Db, filter: TopUpFilter): Promise<number[]> {
    const conditions = filterConditions(filter, true);
    const rows = await db
      .select({ id: topUpRequests.id })
      .from(topUpRequests)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...orderOf(filter.sort, filter.order));
    return rows.map((row) => row.id);
  },
  async findManyByIds(db: Db, ids: number[]): Promise<TopUpRow[]> {
    if (ids.length === 0) return [];
    return select(db).where(inArray(topUpRequests.id, ids));
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
   * Approved requests' amounts (price + fee) per period of their approval, method and currency, from
   * `from` on; `unit` is 'day' or 'month' (UTC).
   */
  async revenue(
    db: Db,
    unit: 'day' | 'month',
    from: Date,
  ): Promise<
    {
      period: string;
      methodName: string | null;
      methodKind: PaymentMethodKind | null;
      currency: string;
      amountCents: number;
      count: number;
    }[]
  > {
    // A literal, not a parameter: PostgreSQL matches the GROUP BY to the selected expression only
    // when both are the same text, and two placeholders of the same value are not.
    const format = sql.raw(unit === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`);
    const period = sql<string>`to_char(${topUpRequests.decidedAt} at time zone 'UTC', ${format})`;
    const rows = await db
      .select({
        period,
        methodName: topUpRequests.methodName,
        methodKind: topUpRequests.methodKind,
        currency: topUpRequests.currency,
        amountCents: sql<string>`sum(${topUpRequests.priceCents} + ${topUpRequests.feeCents})`,
        count: count(),
      })
      .from(topUpRequests)
      .where(and(eq(topUpRequests.status, 'approved'), gte(topUpRequests.decidedAt, from)))
      .groupBy(period, topUpRequests.methodName, topUpRequests.methodKind, topUpRequests.currency)
      .orderBy(period, topUpRequests.currency, topUpRequests.methodName);
    return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
  },
  /** Requests waiting for an admin: submitted payments, and payments made that nothing credited. */
  async countPending(db: Db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(topUpRequests)
      .where(inArray(topUpRequests.status, ['pending', 'needs_attention']));
    return row?.n ?? 0;
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
