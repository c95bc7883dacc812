import type { PaymentMethodKind, TopUpDispute, TopUpRefund } from '@linedesk/shared';

/** What a provider's checkout is opened for: all copied from the top-up request, never from the client. */
export type CheckoutInput = {
  requestId: number;
  referenceCode: string | null;
  packageName: string;
  /** Price plus fee, in the currency's minor unit. */
  amountCents: number;
  currency: string;
  /** Where the provider sends the buyer back, paid or not (`/payments/return/:id`). */
  returnUrl: string;
  /** Where a provider that tells a cancelled checkout apart sends the buyer who left without paying. */
  cancelUrl: string;
};

export type Checkout = { checkoutId: string; url: string };

/** A provider's own view of a checkout, read from its API (not from a notification's body). */
export type ProviderPayment = {
  checkoutId: string;
  /** The top-up request the checkout was opened for, as the provider stored it. */
  requestId: number | null;
  /** `underpaid`: closed with less than the amount paid (crypto); never credited. */
  state: 'open' | 'paid' | 'expired' | 'underpaid';
  amountCents: number | null;
  /** Upper case, as the panel stores currencies. */
  currency: string | null;
  /** The provider says more than the amount arrived (crypto); still credited, the surplus noted. */
  overpaid?: boolean;
  /** What came on top, in the request's currency's minor unit, when the provider says. */
  surplusCents?: number | null;
  /** Stripe: the PaymentIntent of a paid session, which its refunds and disputes name. */
  paymentIntentId?: string | null;
  /** BTCPay: the invoice was marked invalid (by the store, possibly after it settled). */
  invalidated?: boolean;
};

/**
 * A signed event about a paid checkout's money (Stripe: a refund or a dispute). Only which payment
 * it is about is read from it: what is booked comes from the provider's own state, read afresh
 * (`fetchMoneyState`), so events read in any order, twice or never book the same in the end.
 */
export type ProviderReversal = {
  /** Stripe: the PaymentIntent the charge belongs to. */
  paymentIntentId: string;
  /** The charge or the dispute the event names, for the log. */
  providerRef: string;
  /** Upper case. */
  currency: string;
};

/** A paid checkout's refunds and chargebacks as the provider reports them now. */
export type ProviderMoneyState = {
  refunds: TopUpRefund[];
  disputes: TopUpDispute[];
  /** BTCPay: the settled invoice is marked invalid. */
  invalidated: boolean;
  /** Stripe: the PaymentIntent, when the state was read through the checkout. */
  paymentIntentId?: string | null;
};

/** A verified notification: which checkout it is about and what it says happened. */
export type WebhookNotice = {
  eventId: string;
  eventType: string;
  /**
   * `paid` and `expired` (closed unpaid, or underpaid: the provider's record tells) are acted on;
   * `reversal` takes a paid checkout's credits back (or gives them back) and carries `reversal`;
   * anything else is an event the panel did not ask for.
   */
  says: 'paid' | 'expired' | 'reversal' | 'unknown';
  reversal?: ProviderReversal;
  checkoutId: string | null;
  requestId: number | null;
};

/** A notification that is not the provider's (bad or missing signature, replay); `reason` is for the log only. */
export class WebhookSignatureError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The provider could not be reached or failed (`refused` false: try again later), or it refused the
 * call (`refused` true: the method's settings are wrong, e.g. a revoked key). `reason` is for the log only.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly refused = false,
  ) {
    super(reason);
  }
}

/**
 * One online payment provider, bound to one payment method's settings. A new provider is one file
 * implementing this, plus its settings on the method (docs/payments.md, "Adding a provider").
 */
export type PaymentProvider = {
  kind: Exclude<PaymentMethodKind, 'manual'>;
  /** Opens the provider's checkout for a request; throws ProviderUnavailableError. */
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  /** Checks the signature over the raw body before anything is read; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookNotice;
  /** The checkout as the provider knows it now; throws ProviderUnavailableError. */
  fetchPayment(checkoutId: string): Promise<ProviderPayment>;
  /**
   * Closes an open checkout so it can no longer be paid (Stripe: expires the Checkout Session). A
   * provider without such a call leaves it to run out by itself (a BTCPay invoice expires on its own;
   * paid late, its request waits for an admin). Throws ProviderUnavailableError, also when the
   * checkout was completed meanwhile (the caller reads it again).
   */
  closeCheckout?(checkoutId: string): Promise<void>;
  /**
   * A paid checkout's refunds and chargebacks as the provider knows them now (Stripe: the
   * PaymentIntent's refunds and disputes; BTCPay: whether the invoice is marked invalid); throws
   * ProviderUnavailableError.
   */
  fetchMoneyState(payment: {
    checkoutId: string;
    paymentIntentId: string | null;
  }): Promise<ProviderMoneyState>;
  /**
   * Stripe: the checkout whose payment a refund or dispute names (null: none of this account's);
   * lets an event about a payment the panel has not tied to its request yet (approved by hand, or
   * its paid event still on the way) find it. Throws ProviderUnavailableError.
   */
  checkoutOfPayment(paymentIntentId: string): Promise<string | null>;
};
