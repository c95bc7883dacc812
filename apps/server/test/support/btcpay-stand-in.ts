import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Greenfield invoice as BTCPay answers it (`InvoiceData`: the fields the panel reads, and a few more). */
export type StandInInvoice = {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  type: 'Standard';
  checkoutLink: string;
  status: 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
  additionalStatus: 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
  metadata: Record<string, unknown>;
  checkout: { redirectURL?: string; redirectAutomatically?: boolean };
  createdTime: number;
  expirationTime: number;
  monitoringExpiration: number;
};

/** The stand-in's exchange rate: one BTC in the invoice's currency. */
const BTC_RATE = 50000;

export type BtcpayStandIn = {
  /** The method's server URL. */
  url: string;
  storeId: string;
  apiKey: string;
  webhookSecret: string;
  invoices: Map<string, StandInInvoice>;
  /** The JSON bodies of `POST /api/v1/stores/{storeId}/invoices` as received. */
  creates: Record<string, unknown>[];
  /**
   * `down`: every connection is dropped unanswered, as a server that cannot be reached. `slow`: every request is
   * taken and never answered (until the stand-in closes), as one too slow for the panel to wait for.
   */
  mode: 'up' | 'down' | 'slow';
  /** Where the checkout page's Pay button has BTCPay deliver `InvoiceSettled`; null leaves it to the test. */
  webhookUrl: string | null;
  /**
   * The buyer paid and the payment confirmed: Settled (PaidOver when `over`, `overCents` more than
   * the amount, in the invoice's currency, paid in BTC at the stand-in's rate).
   */
  settle: (id: string, options?: { over?: boolean; overCents?: number }) => StandInInvoice;
  /**
   * The invoice becomes Invalid (Marked), even once settled: BTCPay allows this for an invoice the
   * store settled by hand, and marks a double-spent payment invalid itself.
   */
  invalidate: (id: string) => StandInInvoice;
  /** The invoice's time ran out: Expired, PaidPartial when `partial` coins arrived. */
  expire: (id: string, options?: { partial?: boolean }) => StandInInvoice;
  /** A webhook delivery as BTCPay sends it, and its `BTCPay-Sig` header. */
  signedEvent: (
    type: string,
    invoice: Pick<StandInInvoice, 'id' | 'metadata'> & { storeId?: string },
    options?: { secret?: string; extra?: Record<string, unknown> },
  ) => { body: string; signature: string };
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Greenfield's id alphabet (base58), 22 characters as BTCPay's invoice ids. */
function greenfieldId(): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  return [...randomBytes(22)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * A local BTCPay Server for the tests, answering the two Greenfield calls the panel makes as
 * documented (https://docs.btcpayserver.org/API/Greenfield/v1/#operation/Invoices_CreateInvoice and
 * _GetInvoice): `Authorization: token <apiKey>`, JSON in and out, Greenfield's `{code, message}`
 * errors. Webhooks are signed as BTCPay signs them: `BTCPay-Sig: sha256=` and the hex HMAC-SHA256 of
 * the raw body with the webhook's secret.
 */
export async function startBtcpayStandIn(): Promise<BtcpayStandIn> {
  const storeId = greenfieldId() + greenfieldId();
  const apiKey = randomBytes(20).toString('hex');
  const webhookSecret = randomBytes(16).toString('base64url');
  const invoices = new Map<string, StandInInvoice>();
  const creates: Record<string, unknown>[] = [];

  const server = createServer((req, res) => {
    if (standIn.mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (standIn.mode === 'slow') return;
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      const page = /^\/i\/([^/]+)$/.exec(path);
      if (page) return checkoutPage(req, res, decodeURIComponent(page[1]!));
      if (req.headers.authorization !== `token ${apiKey}`) {
        return json(res, 401, { code: 'unauthenticated', message: 'Authentication is required' });
      }
      const prefix = `/api/v1/stores/${storeId}/invoices`;
      if (req.method === 'POST' && path === prefix) {
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        creates.push(body);
        if (typeof body.amount !== 'string' || typeof body.currency !== 'string') {
          return json(res, 422, [{ path: 'amount', message: 'Amount is required' }]);
        }
        const id = greenfieldId();
        const now = Math.floor(Date.now() / 1000);
        const invoice: StandInInvoice = {
          id,
          storeId,
          amount: body.amount,
          currency: body.currency,
          type: 'Standard',
          checkoutLink: `${standIn.url}/i/${id}`,
          status: 'New',
          additionalStatus: 'None',
          metadata: (body.metadata as Record<string, unknown>) ?? {},
          checkout: (body.checkout as StandInInvoice['checkout']) ?? {},
          createdTime: now,
          expirationTime: now + 15 * 60,
          monitoringExpiration: now + 24 * 60 * 60,
        };
        invoices.set(id, invoice);
        return json(res, 200, invoice);
      }
      const methods = new RegExp(`^${prefix}/([^/]+)/payment-methods$`).exec(path);
      if (req.method === 'GET' && methods) {
        const invoice = invoices.get(decodeURIComponent(methods[1]!));
        if (!invoice)
          return json(res, 404, { code: 'invoice-not-found', message: 'The invoice was not found' });
        // One on-chain method (InvoicePaymentMethodDataModel): amounts in BTC, `rate` in the
        // invoice's currency per BTC.
        const amount = Number(invoice.amount) / BTC_RATE;
        const paid =
          invoice.status === 'Settled' ? amount + (overpaid.get(invoice.id) ?? 0) / 100 / BTC_RATE : 0;
        return json(res, 200, [
          {
            paymentMethodId: 'BTC-CHAIN',
            currency: 'BTC',
            rate: BTC_RATE.toFixed(2),
            amount: amount.toFixed(8),
            paymentMethodPaid: paid.toFixed(8),
            totalPaid: paid.toFixed(8),
            due: Math.max(0, amount - paid).toFixed(8),
            networkFee: '0.00000000',
            payments: [],
          },
        ]);
      }
      const get = new RegExp(`^${prefix}/([^/]+)$`).exec(path);
      if (req.method === 'GET' && get) {
        const invoice = invoices.get(decodeURIComponent(get[1]!));
        if (!invoice)
          return json(res, 404, { code: 'invoice-not-found', message: 'The invoice was not found' });
        return json(res, 200, invoice);
      }
      return json(res, 404, { code: 'not-found', message: `No route ${req.method} ${path}` });
    })().catch((error: unknown) => json(res, 500, { code: 'server-error', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** BTCPay's checkout page reduced to its Pay button: pays, delivers InvoiceSettled, then redirects. */
  async function checkoutPage(req: IncomingMessage, res: ServerResponse, id: string) {
    const found = invoices.get(id);
    if (!found || found.status !== 'New') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Invoice</title><p>This invoice is no longer payable.</p>');
    }
    if (req.method === 'POST') {
      standIn.settle(id);
      if (standIn.webhookUrl) {
        const event = standIn.signedEvent('InvoiceSettled', found);
        await fetch(standIn.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'btcpay-sig': event.signature },
          body: event.body,
        });
      }
      res.writeHead(303, { location: found.checkout.redirectURL ?? standIn.url });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>Invoice</title><main><h1>Pay ${found.amount} ${found.currency}</h1>` +
        `<form method="post"><button type="submit" data-testid="stand-in-pay">Pay</button></form></main></html>`,
    );
  }

  function invoice(id: string) {
    const found = invoices.get(id);
    if (!found) throw new Error(`No invoice ${id} in the stand-in`);
    return found;
  }

  let deliveries = 0;
  const overpaid = new Map<string, number>();
  const standIn: BtcpayStandIn = {
    url: `http://127.0.0.1:${port}`,
    storeId,
    apiKey,
    webhookSecret,
    invoices,
    creates,
    mode: 'up',
    webhookUrl: null,
    settle: (id, options = {}) => {
      if (options.over) overpaid.set(id, options.overCents ?? 100);
      return Object.assign(invoice(id), {
        status: 'Settled',
        additionalStatus: options.over ? 'PaidOver' : 'None',
      } as const);
    },
    invalidate: (id) =>
      Object.assign(invoice(id), { status: 'Invalid', additionalStatus: 'Marked' } as const),
    expire: (id, options = {}) =>
      Object.assign(invoice(id), {
        status: 'Expired',
        additionalStatus: options.partial ? 'PaidPartial' : 'None',
      } as const),
    signedEvent: (type, about, options = {}) => {
      deliveries += 1;
      const deliveryId = `${greenfieldId()}${deliveries}`;
      // The shape of BTCPay's invoice webhook events (WebhookInvoiceEvent and its subtypes).
      const body = JSON.stringify({
        deliveryId,
        webhookId: 'HoX5jBobvCmrAjAy2g6Csd',
        originalDeliveryId: deliveryId,
        isRedelivery: false,
        type,
        timestamp: Math.floor(Date.now() / 1000),
        storeId: about.storeId ?? storeId,
        invoiceId: about.id,
        metadata: about.metadata,
        ...options.extra,
      });
      const hex = createHmac('sha256', options.secret ?? webhookSecret)
        .update(Buffer.from(body, 'utf8'))
        .digest('hex');
      return { body, signature: `sha256=${hex}` };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
