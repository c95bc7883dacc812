import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../apps/server/test/support/stripe-stand-in.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, signedInPage, signUpConfirmed, visit } from '../support/page-helpers.js';

const PHONE = { width: 390, height: 844 };
const RESELLER = { email: 'e2e.refund@example.com', password: 'refund-password-1' };
const PACKAGE = { name: 'E2E Refund 25', credits: 25, price_cents: 2000 };

let stripe: StripeStandIn;
let server: AppServer;
let browser: Browser;
let resellerApi: ApiSession;
let reseller: Page;

async function deliver(event: { body: string; signature: string }) {
  const res = await fetch(`${server.url}/api/payments/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
  expect(res.status).toBe(200);
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  stripe = await startStripeStandIn();
  [server, browser] = await Promise.all([startAppServer({ STRIPE_API_URL: stripe.url }), launchBrowser()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await adminApi.request('PUT', '/api/contact', {
    email: 'billing@seller.example',
    telegram: '',
    whatsapp: '',
    hours: '',
    note: 'Seller GmbH, Hauptstr. 1, 10115 Berlin',
  });
  await adminApi.request('POST', '/api/credit-packages', PACKAGE);
  await adminApi.request('POST', '/api/payment-methods', {
    kind: 'stripe',
    name: 'Card',
    secret_key: stripe.secretKey,
    webhook_secret: stripe.webhookSecret,
  });
  await signUpConfirmed(server, RESELLER);
  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  reseller = await signedInPage(browser, server.url, RESELLER, PHONE);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

describe('receipts and a refunded top-up (#35)', () => {
  it('a reseller on a phone prints the receipt, and after a refund sees the negative balance and why', async () => {
    const packages = await resellerApi.request<{ items: { id: number; name: string }[] }>(
      'GET',
      '/api/credit-packages',
    );
    const pack = packages.items.find((p) => p.name === PACKAGE.name)!;
    const methods = await resellerApi.request<{ id: number }[]>(
      'GET',
      '/api/payment-methods/available?currency=EUR',
    );
    const methodId = methods[0]!.id;
    const request = await resellerApi.request<{ id: number; checkout_url: string }>('POST', '/api/topups', {
      package_id: pack.id,
      method_id: methodId,
    });
    const session = stripe.pay(new URL(request.checkout_url).pathname.split('/').pop()!);
    await deliver(stripe.signedEvent('checkout.session.completed', session));

    // The receipt, from the reseller's own requests.
    await visit(reseller, '/payments/pricing');
    await reseller.getByTestId('topup-receipt').first().click();
    await reseller.waitForURL((url) => url.pathname === `/payments/receipts/${request.id}`, POLL);
    await reseller.getByTestId('receipt').waitFor(POLL);
    expect(await reseller.getByTestId('receipt-number').textContent()).toMatch(/^R-\d{4}-000001$/);
    expect(await reseller.getByTestId('receipt-seller').textContent()).toContain('billing@seller.example');
    expect(await reseller.getByTestId('receipt-buyer').textContent()).toContain(RESELLER.email);
    expect(await reseller.getByTestId('receipt-total').textContent()).toContain('20.00');
    expect(await fitsWidth(reseller)).toBe(true);
    // On paper only the receipt: no Print button, no menu.
    await reseller.emulateMedia({ media: 'print' });
    expect(await reseller.getByTestId('receipt-print').isVisible()).toBe(false);
    expect(await reseller.getByTestId('receipt').isVisible()).toBe(true);
    await reseller.emulateMedia({ media: 'screen' });
    expect(await reseller.getByTestId('receipt-print').isVisible()).toBe(true);

    // 5 credits passed on to a sub-account, then the whole payment refunded: 20 − 25 = −5.
    const sub = await resellerApi.request<{ account: { id: string } }>('POST', '/api/accounts', {
      email: 'e2e.refund.sub@example.com',
      password: 'sub-password-123',
    });
    await resellerApi.request('POST', `/api/accounts/${sub.account.id}/transfer`, { amount: 5 });
    await deliver(stripe.signedEvent('charge.refunded', stripe.refund(session.id, 2000)));

    await reseller.getByTestId('receipt-reversal').waitFor(POLL);
    expect(await reseller.getByTestId('receipt-reversal').textContent()).toContain('Refunded on');
    await visit(reseller, '/');
    const banner = reseller.getByTestId('negative-balance-banner');
    await banner.waitFor(POLL);
    expect(await banner.textContent()).toContain('Your balance is negative (-5 credits)');
    expect(await fitsWidth(reseller)).toBe(true);
    await banner.getByTestId('negative-balance-top-up').click();
    await reseller.waitForURL((url) => url.pathname === '/payments/pricing', POLL);
  });
});
