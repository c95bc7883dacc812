import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type Checkout,
  type CheckoutInput,
  type PaymentProvider,
  type ProviderMoneyState,
  type ProviderPayment,
  type WebhookNotice,
} from './payment-provider.js';

/**
 * The invoice events the panel acts on; the store's webhook should send these (docs/payments.md).
 * An invalid invoice (paid but never confirmed, or marked invalid) closes unpaid like an expired
 * one; what the invoice itself says decides between expired and underpaid.
 */
const eventMeaning: Record<string, WebhookNotice['says']> = {
  InvoiceSettled: 'paid',
  InvoiceExpired: 'expired',
  InvoiceInvalid: 'expired',
};

export type BtcpaySettings = {
  serverUrl: string;
  storeId: string;
  apiKey: string;
  webhookSecret: string;
};

/** The fields of a Greenfield invoice the panel reads (`InvoiceData`). */
type Invoice = {
  id?: unknown;
  status?: unknown;
  additionalStatus?: unknown;
  amount?: unknown;
  currency?: unknown;
  checkoutLink?: unknown;
  metadata?: { topupRequestId?: unknown; orderId?: unknown } | null;
};

function requestIdOf(metadata: Invoice['metadata'] | undefined): number | null {
  const raw = metadata?.topupRequestId;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** Greenfield amounts are decimal strings ("20.6"); the panel's currencies have two decimals. */
function toCents(amount: unknown): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount;
  if (typeof text !== 'string') return null;
  const match = /^([0-9]{1,12})(?:\.([0-9]+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  // A third decimal is not an amount the panel asked for: no rounding could make it equal.
  if (fraction.length > 2) return null;
  return Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
}

function toDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function stateOf(invoice: Invoice): ProviderPayment['state'] {
  if (invoice.status === 'Settled') return 'paid';
  if (invoice.status === 'Expired' || invoice.status === 'Invalid') {
    // Some coins arrived, not enough: BTCPay marks the expired invoice PaidPartial.
    return invoice.additionalStatus === 'PaidPartial' ? 'underpaid' : 'expired';
  }
  // New (waiting) and Processing (paid, waiting for confirmations).
  return 'open';
}

/**
 * BTCPay Server through its Greenfield API (https://docs.btcpayserver.org/API/Greenfield/v1/): an
 * invoice per request, read back by id; webhooks signed `BTCPay-Sig: sha256=<HMAC-SHA256 hex of
 * the raw body>` with the store webhook's secret. Plain fetch: BTCPay has no official Node SDK.
 */
export function btcpayProvider(config: { timeoutMs: number }, settings: BtcpaySettings): PaymentProvider {
  const base = `${settings.serverUrl.replace(/\/+$/, '')}/api/v1/stores/${encodeURIComponent(settings.storeId)}/invoices`;

  async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Invoice> {
    return (await request(method, url, body)) as Invoice;
  }

  async function request(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `token ${settings.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(
        `BTCPay ${method} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      // 401/403 (a revoked or too weak key) and 404 (a store that is gone) will fail again; 5xx and 429 may not.
      const refused = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      // Greenfield's errors are `{code, message}`; the answer is cut so a page of HTML cannot fill the log.
      throw new ProviderUnavailableError(`BTCPay ${method} ${res.status}: ${text.slice(0, 200)}`, refused);
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') return parsed;
    } catch {
      // Answered below: not an invoice.
    }
    throw new ProviderUnavailableError(`BTCPay ${method} ${res.status}: not an invoice`);
  }

  /**
   * What an overpaid invoice received on top, in the invoice's currency: the invoice names no such
   * amount, its payment methods do (`totalPaid` less `amount`, in the coin, at the invoice's `rate`),
   * rounded down to the cent. Null when BTCPay does not say; crediting never waits on it.
   */
  async function surplusOf(checkoutId: string): Promise<number | null> {
    let methods: unknown;
    try {
      methods = await request('GET', `${base}/${encodeURIComponent(checkoutId)}/payment-methods`);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return null;
      throw error;
    }
    if (!Array.isArray(methods)) return null;
    for (const method of methods as { amount?: unknown; totalPaid?: unknown; rate?: unknown }[]) {
      const [amount, paid, rate] = [method.amount, method.totalPaid, method.rate].map((v) => Number(v));
      if (![amount, paid, rate].every((v) => Number.isFinite(v)) || paid! <= amount!) continue;
      // The small epsilon keeps a surplus of exactly 1.00 from flooring to 0.99 through binary fractions.
      return Math.floor((paid! - amount!) * rate! * 100 + 1e-6);
    }
    return null;
  }

  return {
    kind: 'btcpay',

    async createCheckout(input: CheckoutInput): Promise<Checkout> {
      const invoice = await call('POST', base, {
        amount: toDecimal(input.amountCents),
        currency: input.currency.toUpperCase(),
        metadata: {
          // `orderId` is what BTCPay's own invoice list shows and searches; ours is the reference.
          orderId: input.referenceCode ?? String(input.requestId),
          topupRequestId: String(input.requestId),
          itemDesc: input.packageName,
        },
        checkout: { redirectURL: input.returnUrl, redirectAutomatically: true },
      });
      if (typeof invoice.id !== 'string' || typeof invoice.checkoutLink !== 'string') {
        throw new ProviderUnavailableError('BTCPay invoice without id or checkoutLink');
      }
      return { checkoutId: invoice.id, url: invoice.checkoutLink };
    },

    verifyWebhook(rawBody, headers): WebhookNotice {
      const header = headers['btcpay-sig'];
      if (typeof header !== 'string' || !header) throw new WebhookSignatureError('no BTCPay-Sig header');
      const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
      if (!match) throw new WebhookSignatureError('BTCPay-Sig is not sha256=<hex>');
      const expected = createHmac('sha256', settings.webhookSecret).update(rawBody).digest();
      const given = Buffer.from(match[1]!, 'hex');
      if (!timingSafeEqual(expected, given)) {
        throw new WebhookSignatureError('BTCPay-Sig does not match the body');
      }
      let event: {
        deliveryId?: unknown;
        type?: unknown;
        storeId?: unknown;
        invoiceId?: unknown;
        metadata?: Invoice['metadata'];
      };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new WebhookSignatureError('a signed body that is not JSON');
      }
      const eventType = typeof event.type === 'string' ? event.type : '';
      const eventId = typeof event.deliveryId === 'string' ? event.deliveryId : '';
      const says = eventMeaning[eventType] ?? 'unknown';
      const ours = event.storeId === settings.storeId && typeof event.invoiceId === 'string';
      return {
        eventId,
        eventType,
        says,
        // Another store's invoice (a webhook shared between stores) is not this method's.
        checkoutId: ours && says !== 'unknown' ? (event.invoiceId as string) : null,
        requestId: ours && says !== 'unknown' ? requestIdOf(event.metadata) : null,
      };
    },

    async fetchPayment(checkoutId: string): Promise<ProviderPayment> {
      const invoice = await call('GET', `${base}/${encodeURIComponent(checkoutId)}`);
      const overpaid = invoice.additionalStatus === 'PaidOver';
      return {
        checkoutId: typeof invoice.id === 'string' ? invoice.id : checkoutId,
        requestId: requestIdOf(invoice.metadata),
        state: stateOf(invoice),
        amountCents: toCents(invoice.amount),
        currency: typeof invoice.currency === 'string' ? invoice.currency.toUpperCase() : null,
        overpaid,
        surplusCents: overpaid ? await surplusOf(checkoutId) : null,
        invalidated: invoice.status === 'Invalid',
      };
    },

    /**
     * The invoice as the store has it now: invalid after it settled (BTCPay lets a store mark an
     * invoice it settled by hand invalid, and marks a double spend so) takes its credits back;
     * settled again gives them back. A refund is a pull payment that no Greenfield call ties back to
     * its invoice, so BTCPay's refunds cannot be read here (docs/payments.md, "BTCPay refunds").
     */
    async fetchMoneyState({ checkoutId }): Promise<ProviderMoneyState> {
      const invoice = await call('GET', `${base}/${encodeURIComponent(checkoutId)}`);
      return { refunds: [], disputes: [], invalidated: invoice.status === 'Invalid' };
    },

    checkoutOfPayment: () => Promise.resolve(null),
  };
}
