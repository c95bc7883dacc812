import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A Checkout Session as Stripe answers it (the fields the panel reads, and a few more). */
export type StandInSession = {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  created: number;
  /** Set when the session is paid: the PaymentIntent its charge belongs to. */
  payment_intent: string | null;
};

/** A Charge as Stripe puts it in `charge.refunded` (https://docs.stripe.com/api/charges/object). */
export type StandInCharge = {
  id: string;
  object: 'charge';
  amount: number;
  /** Cumulative: every refund of the charge so far. */
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
};

/** A Dispute as Stripe puts it in `charge.dispute.*` (https://docs.stripe.com/api/disputes/object). */
export type StandInDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_needs_response' | 'warning_closed';
  created: number;
};

/** A Refund as `GET /v1/refunds` lists it (https://docs.stripe.com/api/refunds/object). */
export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  created: number;
};

export type StripeStandIn = {
  /** What the panel's STRIPE_API_URL is set to. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  /** The form bodies of `POST /v1/checkout/sessions` as received (bracketed keys, as the SDK sends them). */
  creates: URLSearchParams[];
  /**
   * `down`: every connection is dropped unanswered, as a provider that cannot be reached. `slow`: every request is
   * taken and never answered (until the stand-in closes), as one too slow for the panel to wait for.
   */
  mode: 'up' | 'down' | 'slow';
  /**
   * Where the checkout page's Pay button has Stripe deliver `checkout.session.completed` (the
   * panel's webhook URL); null leaves delivering to the test.
   */
  webhookUrl: string | null;
  /** The buyer pays on the checkout page: the session completes, paid. */
  pay: (id: string) => StandInSession;
  /** The session's 24 hours ran out unpaid. */
  expire: (id: string) => StandInSession;
  /** The seller refunds `amount` more of a paid session's charge: the charge as `charge.refunded` carries it. */
  refund: (id: string, amount: number) => StandInCharge;
  /** A paid session's refunds, as `GET /v1/refunds?payment_intent=` lists them (oldest first here). */
  refundsOf: (id: string) => StandInRefund[];
  /** A refund that did not reach the buyer: its money is the seller's again (`charge.refund.updated`). */
  failRefund: (refundId: string) => StandInRefund;
  /** The buyer's bank opens a chargeback for the whole charge, or it is decided. */
  dispute: (id: string, status?: StandInDispute['status']) => StandInDispute;
  /** A paid session's chargeback as it stands, if any. */
  disputeOf: (id: string) => StandInDispute | undefined;
  /** An event as Stripe sends it to the webhook endpoint, and its `Stripe-Signature` header. */
  signedEvent: (
    type: string,
    session: StandInSession | Record<string, unknown>,
    options?: { secret?: string; timestamp?: number },
  ) => { body: string; signature: string };
  close: () => Promise<void>;
};

function stripeError(res: ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message } }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local Stripe API for the tests, answering the calls the panel makes as Stripe documents them
 * (https://docs.stripe.com/api/checkout/sessions/create, /retrieve and /list by `payment_intent`;
 * https://docs.stripe.com/api/refunds/list and https://docs.stripe.com/api/disputes/list by
 * `payment_intent`, newest first, as list objects): form-encoded create with a Bearer secret key and
 * an Idempotency-Key, JSON answers, Stripe's error shape. It holds each paid session's charge, its
 * refunds and its dispute, so the panel reads the payment's state as Stripe would answer it. Events
 * are signed with the official SDK's own test helper, exactly as Stripe signs them.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const byIdempotencyKey = new Map<string, StandInSession>();
  const creates: URLSearchParams[] = [];
  const sdk = new Stripe(secretKey);
  const charges = new Map<string, StandInCharge>();
  const disputes = new Map<string, StandInDispute>();
  /** By session id, oldest first. */
  const refunds = new Map<string, StandInRefund[]>();
  let eventCounter = 0;
  let clock = Math.floor(Date.now() / 1000);
  /** Creation times that order the objects as they were made, a second apart. */
  const tick = () => (clock += 1);
  const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });

  const server = createServer((req, res) => {
    if (standIn.mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (standIn.mode === 'slow') return;
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      const page = /^\/c\/pay\/([^/]+)$/.exec(path);
      if (page) return checkoutPage(req, res, decodeURIComponent(page[1]!));
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = new URLSearchParams(await readBody(req));
        const key = req.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (earlier) return json(res, earlier);
        creates.push(form);
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match) metadata[match[1]!] = value;
        }
        const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
        const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
        const currency = form.get('line_items[0][price_data][currency]');
        if (!Number.isInteger(unitAmount) || !currency || form.get('mode') !== 'payment') {
          return stripeError(res, 400, 'invalid_request_error', 'Missing required param: line_items.');
        }
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session: StandInSession = {
          id,
          object: 'checkout.session',
          mode: 'payment',
          url: `${standIn.url}/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: unitAmount * quantity,
          currency,
          client_reference_id: form.get('client_reference_id'),
          metadata,
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          created: Math.floor(Date.now() / 1000),
          payment_intent: null,
        };
        sessions.set(id, session);
        if (typeof key === 'string') byIdempotencyKey.set(key, session);
        return json(res, session);
      }
      const query = new URL(req.url ?? '/', 'http://stand-in').searchParams;
      if (req.method === 'GET' && path === '/v1/checkout/sessions') {
        const intent = query.get('payment_intent');
        const found = [...sessions.values()].filter((s) => !intent || s.payment_intent === intent);
        return json(res, list(path, found.reverse()));
      }
      if (req.method === 'GET' && (path === '/v1/refunds' || path === '/v1/disputes')) {
        const intent = query.get('payment_intent');
        const all: (StandInRefund | StandInDispute)[] =
          path === '/v1/refunds' ? [...refunds.values()].flat() : [...disputes.values()];
        // Stripe lists newest first.
        const found = all.filter((item) => !intent || item.payment_intent === intent).reverse();
        return json(res, list(path, found));
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (req.method === 'POST' && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session)
          return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${expire[1]}'`);
        // As Stripe: only an open session can be expired.
        if (session.status !== 'open')
          return stripeError(
            res,
            400,
            'invalid_request_error',
            'Only Checkout Sessions with a status in [open] can be expired.',
          );
        return json(res, standIn.expire(session.id));
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(decodeURIComponent(retrieve[1]!));
        if (!session)
          return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${retrieve[1]}'`);
        return json(res, session);
      }
      return stripeError(
        res,
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${path})`,
      );
    })().catch((error: unknown) => stripeError(res, 500, 'api_error', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  function json(res: ServerResponse, body: unknown) {
    res.writeHead(200, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
    });
    res.end(JSON.stringify(body));
  }
  /**
   * The hosted checkout page, reduced to its Pay button: paying completes the session, has Stripe
   * deliver the signed event to the panel's webhook, then sends the buyer back to success_url,
   * in that order, as Stripe does.
   */
  async function checkoutPage(req: IncomingMessage, res: ServerResponse, id: string) {
    const found = sessions.get(id);
    if (!found || found.status !== 'open') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Checkout</title><p>This checkout is no longer available.</p>');
    }
    if (req.method === 'POST') {
      standIn.pay(id);
      if (standIn.webhookUrl) {
        const event = standIn.signedEvent('checkout.session.completed', found);
        await fetch(standIn.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
          body: event.body,
        });
      }
      res.writeHead(303, { location: found.success_url });
      return res.end();
    }
    const amount = (found.amount_total / 100).toFixed(2);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>Checkout</title><main><h1>Pay ${amount} ${found.currency.toUpperCase()}</h1>` +
        `<form method="post"><button type="submit" data-testid="stand-in-pay">Pay</button></form></main></html>`,
    );
  }

  function session(id: string) {
    const found = sessions.get(id);
    if (!found) throw new Error(`No session ${id} in the stand-in`);
    return found;
  }

  /** A paid session's one charge, made when first needed. */
  function chargeOf(id: string): StandInCharge {
    const paid = session(id);
    if (!paid.payment_intent) throw new Error(`Session ${id} is not paid`);
    const charge = charges.get(id) ?? {
      id: `ch_${randomBytes(12).toString('hex')}`,
      object: 'charge' as const,
      amount: paid.amount_total,
      amount_refunded: 0,
      refunded: false,
      currency: paid.currency,
      payment_intent: paid.payment_intent,
      status: 'succeeded' as const,
    };
    charges.set(id, charge);
    return charge;
  }

  const standIn: StripeStandIn = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    sessions,
    creates,
    mode: 'up',
    webhookUrl: null,
    pay: (id) =>
      Object.assign(session(id), {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: session(id).payment_intent ?? `pi_${randomBytes(12).toString('hex')}`,
      } as const),
    refund: (id, amount) => {
      const paid = session(id);
      const charge = chargeOf(id);
      const refunded = Math.min(amount, charge.amount - charge.amount_refunded);
      charge.amount_refunded += refunded;
      charge.refunded = charge.amount_refunded === charge.amount;
      charges.set(id, charge);
      const made = refunds.get(id) ?? [];
      if (refunded > 0)
        made.push({
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount: refunded,
          charge: charge.id,
          currency: paid.currency,
          payment_intent: charge.payment_intent,
          status: 'succeeded',
          created: tick(),
        });
      refunds.set(id, made);
      return { ...charge };
    },
    refundsOf: (id) => (refunds.get(id) ?? []).map((refund) => ({ ...refund })),
    failRefund: (refundId) => {
      for (const [id, made] of refunds) {
        const refund = made.find((r) => r.id === refundId);
        if (!refund) continue;
        refund.status = 'failed';
        const charge = charges.get(id)!;
        charge.amount_refunded -= refund.amount;
        charge.refunded = false;
        return { ...refund };
      }
      throw new Error(`No refund ${refundId} in the stand-in`);
    },
    dispute: (id, status = 'needs_response') => {
      const paid = session(id);
      if (!paid.payment_intent) throw new Error(`Session ${id} is not paid`);
      const dispute = disputes.get(id) ?? {
        id: `dp_${randomBytes(12).toString('hex')}`,
        object: 'dispute' as const,
        amount: paid.amount_total,
        charge: chargeOf(id).id,
        currency: paid.currency,
        payment_intent: paid.payment_intent,
        reason: 'fraudulent',
        status,
        created: tick(),
      };
      dispute.status = status;
      disputes.set(id, dispute);
      return { ...dispute };
    },
    disputeOf: (id) => {
      const found = disputes.get(id);
      return found ? { ...found } : undefined;
    },
    expire: (id) => Object.assign(session(id), { status: 'expired', url: null } as const),
    signedEvent: (type, object, options = {}) => {
      eventCounter += 1;
      const body = JSON.stringify({
        id: `evt_test_${eventCounter}_${randomBytes(6).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = sdk.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { body, signature };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
