import type {
  PaymentMethodKind,
  TicketAttachmentType,
  TopUpReversalKind,
  TopUpStatus,
} from '@linedesk/shared';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { authUsers, receiptCounters, topUpRequests, topUpReversals } from '../../db/schema.js';

const requester = alias(authUsers, 'topup_requester');
const decider = alias(authUsers, 'topup_decider');

export type TopUpRow = typeof topUpRequests.$inferSelect & {
  accountEmail: string | null;
  decidedByEmail: string | null;
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
    })
    .from(topUpRequests)
    .leftJoin(requester, eq(requester.id, topUpRequests.accountId))
    .leftJoin(decider, eq(decider.id, topUpRequests.decidedBy));
}

export type Decision = {
  status: Exclude<TopUpStatus, 'pending' | 'awaiting_payment' | 'expired' | 'underpaid'>;
  decidedBy: string | null;
  rejectReason?: string;
  provider: string;
  providerPaymentId?: string;
  /** Stripe: the paid session's PaymentIntent, which its refunds and disputes name. */
  paymentIntentId?: string | null;
  /** More than the amount arrived: the surplus, in the request's currency. */
  surplusCents?: number | null;
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
      proofRequired?: boolean;
    },
  ): Promise<number> {
    const [row] = await db.insert(topUpRequests).values(values).returning({ id: topUpRequests.id });
    return row!.id;
  },
  /** The provider's checkout opened for a request waiting for its payment. */
  async setCheckout(
    db: Db,
    id: number,
    checkout: { checkoutId: string; checkoutUrl: string },
  ): Promise<void> {
    await db
      .update(topUpRequests)
      .set({ checkoutId: checkout.checkoutId, checkoutUrl: checkout.checkoutUrl, updatedAt: new Date() })
      .where(eq(topUpRequests.id, id));
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
  async closeUnpaid(db: Db, id: number, status: 'expired' | 'underpaid'): Promise<boolean> {
    const rows = await db
      .update(topUpRequests)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(topUpRequests.id, id), eq(topUpRequests.status, 'awaiting_payment')))
      .returning({ id: topUpRequests.id });
    return rows.length > 0;
  },
  /**
   * Online requests still awaiting their payment, made more than `afterSeconds` ago and not asked
   * about in as long, claimed by stamping `reconciled_at` in one statement; rows another instance is
   * claiming are skipped (SKIP LOCKED), so each is asked about once a round.
   */
  async claimForReconcile(
    db: Db,
    input: { kinds: readonly PaymentMethodKind[]; afterSeconds: number; limit: number },
  ): Promise<number[]> {
    const kinds = sql.join(
      input.kinds.map((kind) => sql`${kind}`),
      sql`, `,
    );
    const result = await db.execute(sql`
      with due as (
        select id from ${topUpRequests}
        where status = 'awaiting_payment' and checkout_id is not null and method_kind in (${kinds})
          and created_at <= now() - make_interval(secs => ${input.afterSeconds})
          and (reconciled_at is null or reconciled_at <= now() - make_interval(secs => ${input.afterSeconds}))
        order by reconciled_at nulls first, id
        limit ${input.limit}
        for update skip locked
      )
      update ${topUpRequests} t set reconciled_at = now()
      from due where t.id = due.id
      returning t.id`);
    return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  },
  async findById(db: Db, id: number): Promise<TopUpRow | undefined> {
    const [row] = await select(db).where(eq(topUpRequests.id, id));
    return row;
  },
  async list(
    db: Db,
    input: { accountId?: string; status?: TopUpStatus; limit: number; offset: number },
  ): Promise<{ rows: TopUpRow[]; total: number }> {
    const filters: SQL[] = [];
    if (input.accountId) filters.push(eq(topUpRequests.accountId, input.accountId));
    if (input.status) filters.push(eq(topUpRequests.status, input.status));
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [totalRow]] = await Promise.all([
      select(db)
        .where(where)
        .orderBy(desc(topUpRequests.createdAt), desc(topUpRequests.id))
        .limit(input.limit)
        .offset(input.offset),
      db.select({ n: count() }).from(topUpRequests).where(where),
    ]);
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
  /** Locks a request's row: its reversals are booked one after the other, each seeing the last. */
  async lock(tx: Db, id: number): Promise<void> {
    await tx
      .select({ id: topUpRequests.id })
      .from(topUpRequests)
      .where(eq(topUpRequests.id, id))
      .for('update');
  },
  async reversalsOf(tx: Db, id: number): Promise<TopUpReversalRow[]> {
    return tx
      .select()
      .from(topUpReversals)
      .where(eq(topUpReversals.topUpRequestId, id))
      .orderBy(topUpReversals.id);
  },
  /** False when this provider event was booked already (unique provider + event id). */
  async insertReversal(tx: Db, values: typeof topUpReversals.$inferInsert): Promise<boolean> {
    const rows = await tx
      .insert(topUpReversals)
      .values(values)
      .onConflictDoNothing({ target: [topUpReversals.provider, topUpReversals.eventId] })
      .returning({ id: topUpReversals.id });
    return rows.length > 0;
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
  async countPending(db: Db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(topUpRequests)
      .where(eq(topUpRequests.status, 'pending'));
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
  async decide(
    tx: Db,
    id: number,
    decision: Decision,
  ): Promise<{
    accountId: string;
    credits: number;
    packageName: string;
    paymentReference: string | null;
    referenceCode: string | null;
  } | null> {
    const [row] = await tx
      .update(topUpRequests)
      .set({
        status: decision.status,
        decidedBy: decision.decidedBy,
        decidedAt: sql`now()`,
        rejectReason: decision.rejectReason ?? null,
        provider: decision.provider,
        providerPaymentId: decision.providerPaymentId ?? null,
        paymentIntentId: decision.paymentIntentId ?? null,
        surplusCents: decision.surplusCents ?? null,
        surplusCurrency: decision.surplusCents ? sql`${topUpRequests.currency}` : null,
        updatedAt: new Date(),
      })
      // An admin may decide a request still awaiting its payment: the money can arrive with our
      // reference before the requester submits.
      .where(and(eq(topUpRequests.id, id), inArray(topUpRequests.status, ['pending', 'awaiting_payment'])))
      .returning({
        accountId: topUpRequests.accountId,
        credits: topUpRequests.credits,
        packageName: topUpRequests.packageName,
        paymentReference: topUpRequests.paymentReference,
        referenceCode: topUpRequests.referenceCode,
      });
    return row ?? null;
  },
};
