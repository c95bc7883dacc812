import { and, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PaymentMethodKind, TopUpProviderState, TopUpStatus } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { topUpRequests, topUpReversals } from '../../db/schema.js';
import type { TopUpReversalRow } from './topups.repository.js';

// What a payment provider's side of a top-up needs: the checkout, the rounds that ask providers
// about requests, what the provider said of a payment, and its reversals.

/**
 * Up to `limit` requests matching `where` that were not asked about in `afterSeconds`, claimed by
 * stamping `stamp` (`reconciled_at`, or `provider_checked_at` for a payment's reversals) in one
 * statement; rows another instance is claiming are skipped (SKIP LOCKED), so each is asked about once
 * a round. Least recently asked first.
 */
async function claimUnasked(
  db: Db,
  where: SQL,
  input: { afterSeconds: number; limit: number; stamp?: 'reconciled_at' | 'provider_checked_at' },
): Promise<number[]> {
  const stamp = sql.identifier(input.stamp ?? 'reconciled_at');
  const result = await db.execute<{ id: number }>(sql`
    with due as (
      select id from ${topUpRequests}
      where ${where}
        and (${stamp} is null or ${stamp} <= now() - make_interval(secs => ${input.afterSeconds}))
      order by ${stamp} nulls first, id
      limit ${input.limit}
      for update skip locked
    )
    update ${topUpRequests} t set ${stamp} = now()
    from due where t.id = due.id
    returning t.id`);
  return result.rows.map((row) => row.id);
}

export const topUpProviderRepository = {
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
    return claimUnasked(
      db,
      sql`status = 'awaiting_payment' and checkout_id is not null and method_kind in (${kinds})
        and created_at <= now() - make_interval(secs => ${input.afterSeconds})`,
      input,
    );
  },
  /**
   * The provider's state of the payment's refunds and chargebacks, as last read; the PaymentIntent
   * too when the request did not know it yet (approved by hand before its paid event came).
   */
  async setProviderState(
    tx: Db,
    id: number,
    values: { state: TopUpProviderState; paymentIntentId: string | null },
  ): Promise<void> {
    await tx
      .update(topUpRequests)
      .set({
        providerState: values.state,
        providerCheckedAt: new Date(),
        ...(values.paymentIntentId
          ? { paymentIntentId: sql`coalesce(${topUpRequests.paymentIntentId}, ${values.paymentIntentId})` }
          : {}),
      })
      .where(eq(topUpRequests.id, id));
  },
  /**
   * The provider payment of a request credited before its provider confirmed it (an admin approved
   * it by hand): the provider and payment id where the request has none from a provider yet, the
   * PaymentIntent where it has none. What is there already is never overwritten.
   */
  async recordProviderPayment(
    tx: Db,
    id: number,
    payment: { provider: string; paymentId: string; paymentIntentId: string | null },
  ): Promise<void> {
    await tx
      .update(topUpRequests)
      .set({
        provider: sql`case when ${topUpRequests.providerPaymentId} is null then ${payment.provider} else ${topUpRequests.provider} end`,
        providerPaymentId: sql`coalesce(${topUpRequests.providerPaymentId}, ${payment.paymentId})`,
        paymentIntentId: sql`coalesce(${topUpRequests.paymentIntentId}, ${payment.paymentIntentId})`,
      })
      .where(eq(topUpRequests.id, id));
  },
  /**
   * expired, underpaid or rejected (or awaiting its payment, when its method was switched off) →
   * needs_attention, with the provider's payment that was made: the provider says it was paid, and
   * nothing credited it. One conditional UPDATE: false when it was credited or marked meanwhile.
   */
  async markNeedsAttention(
    db: Db,
    id: number,
    payment: { provider: string; paymentId: string; paymentIntentId: string | null },
    from: readonly TopUpStatus[],
  ): Promise<boolean> {
    const rows = await db
      .update(topUpRequests)
      .set({
        status: 'needs_attention',
        provider: payment.provider,
        providerPaymentId: payment.paymentId,
        paymentIntentId: payment.paymentIntentId,
        updatedAt: new Date(),
      })
      .where(and(eq(topUpRequests.id, id), inArray(topUpRequests.status, [...from])))
      .returning({ id: topUpRequests.id });
    return rows.length > 0;
  },
  /**
   * Credited online requests with a chargeback still open at their provider, not asked about in
   * `afterSeconds`, claimed like `claimForReconcile`: a lost `dispute.closed` event is found by asking.
   */
  async claimOpenDisputes(db: Db, input: { afterSeconds: number; limit: number }): Promise<number[]> {
    return claimUnasked(
      db,
      sql`status = 'approved' and provider_state is not null
        and jsonb_path_exists(provider_state, '$.disputes[*] ? (@.counts == true && @.status != "lost")')`,
      input,
    );
  },
  /**
   * Credited online payments still within the provider's reversal window (`windowDays` after they
   * were credited), not read in `afterSeconds`, least recently read first: the round's share of
   * re-reading every such payment's refunds and chargebacks in turn.
   */
  async claimReversalChecks(
    db: Db,
    input: { kinds: readonly PaymentMethodKind[]; windowDays: number; afterSeconds: number; limit: number },
  ): Promise<number[]> {
    const kinds = sql.join(
      input.kinds.map((kind) => sql`${kind}`),
      sql`, `,
    );
    return claimUnasked(
      db,
      // A request whose method was deleted cannot be asked (its secrets went with it): left out, not
      // warned about every turn.
      sql`status = 'approved' and checkout_id is not null and method_kind in (${kinds})
        and method_id is not null
        and coalesce(decided_at, created_at) > now() - make_interval(days => ${input.windowDays})`,
      { ...input, stamp: 'provider_checked_at' },
    );
  },
  /** A method's requests whose provider checkout is still open (awaiting its payment). */
  async countOpenCheckouts(db: Db, methodId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(topUpRequests)
      .where(
        and(
          eq(topUpRequests.methodId, methodId),
          eq(topUpRequests.status, 'awaiting_payment'),
          isNotNull(topUpRequests.checkoutId),
        ),
      );
    return row?.n ?? 0;
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
};
