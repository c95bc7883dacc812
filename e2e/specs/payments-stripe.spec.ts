import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../apps/server/test/support/stripe-stand-in.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, signedInPage, signUpConfirmed, visit } from '../support/page-helpers.js';

const PHONE = { width: 390, height: 844 };
const RESELLER = { email: 'e2e.card@example.com', password: 'card-password-1' };
const PACKAGE = { name: 'E2E Card 25', credits: 25, price_cents: 2000 };

let stripe: StripeStandIn;
let server: AppServer;
let browser: Browser;
let reseller: Page;
let admin: Page;
let packageId: number;
let cardId: number;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  [server, browser] = await Promise.all([startAppServer({ STRIPE_API_URL: stripe.url }), launchBrowser()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  packageId = (await adminApi.request<{ id: number }>('POST', '/api/credit-packages', PACKAGE)).id;
  cardId = (
    await adminApi.request<{ id: number }>('POST', '/api/payment-methods', {
      kind: 'stripe',
      name: 'Card',
      secret_key: stripe.secretKey,
      webhook_secret: stripe.webhookSecret,
    })
  ).id;
  await signUpConfirmed(server, RESELLER);
  reseller = await signedInPage(browser, server.url, RESELLER, PHONE);
  admin = await signedInPage(browser, server.url, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

describe('paying for credits by card with Stripe Checkout (#35)', () => {
  it('a reseller on a phone pays on the checkout page, comes back, and sees the credits arrive live', async () => {
    await visit(reseller, '/payments/pricing');
    const card = reseller.getByTestId('pricing-card').filter({ hasText: PACKAGE.name });
    await card.getByTestId('pricing-select').click();
    await reseller.getByTestId('field-method-select').click();
    await reseller.getByRole('option', { name: 'Card' }).click();
    await reseller.getByTestId('topup-submit').click();

    // Stripe's page (the stand-in's): the amount the panel asked for.
    await reseller.waitForURL((url) => url.href.startsWith(`${stripe.url}/c/pay/`), POLL);
    expect(await reseller.locator('h1').textContent()).toBe('Pay 20.00 EUR');
    await reseller.getByTestId('stand-in-pay').click();

    // Back on the panel before Stripe's webhook came: the request waits, nothing is credited.
    await reseller.waitForURL((url) => /\/payments\/return\/\d+$/.test(url.pathname), POLL);
    const requestId = Number(new URL(reseller.url()).pathname.split('/').pop());
    await reseller.getByTestId('payment-return-waiting').waitFor(POLL);
    await reseller.locator('[data-testid="credits-chip"][data-credits="0"]').waitFor(POLL);
    expect(await reseller.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );

    // Stripe reports the payment; the page, never reloaded, follows the live events.
    const session = [...stripe.sessions.values()].find(
      (candidate) => candidate.client_reference_id === String(requestId),
    )!;
    const event = stripe.signedEvent('checkout.session.completed', session);
    const delivered = await fetch(`${server.url}/api/payments/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.body,
    });
    expect(delivered.status).toBe(200);
    await reseller.getByTestId('payment-return-credited').waitFor(POLL);
    expect(await reseller.getByTestId('payment-return-credited').textContent()).toBe(
      'Paid: credits added to your balance: 25.',
    );
    await reseller.locator('[data-testid="credits-chip"][data-credits="25"]').waitFor(POLL);
  });

  it('an admin approving a card payment by hand confirms first, and the refund Stripe reports later shows in its details (#48)', async () => {
    const resellerApi = apiSession(server.url);
    await resellerApi.signIn(RESELLER.email, RESELLER.password);
    const made = await resellerApi.request<{ checkout_url: string }>('POST', '/api/topups', {
      package_id: packageId,
      method_id: cardId,
    });
    const sessionId = new URL(made.checkout_url).pathname.split('/').pop()!;

    await visit(admin, '/payments/pricing?tab=requests');
    await admin.getByTestId('topup-filter-awaiting_payment').click();
    const row = admin
      .getByTestId('topup-admin-grid')
      .getByTestId('topup-row')
      .filter({ hasText: RESELLER.email });
    await row.waitFor(POLL);
    await row.getByTestId('topup-approve').click();
    const dialog = admin.getByTestId('topup-approve-dialog');
    await dialog.waitFor(POLL);
    expect(await dialog.getByTestId('topup-approve-online').textContent()).toContain(
      "Stripe's later events follow your approval",
    );
    await admin.getByTestId('topup-approve-confirm').click();
    await admin
      .getByTestId('snackbar')
      .filter({ hasText: `25 credits added to ${RESELLER.email}` })
      .waitFor(POLL);
    await reseller.locator('[data-testid="credits-chip"][data-credits="50"]').waitFor(POLL);

    // Stripe refunds 5.00 of it later: the event finds the request through its session.
    stripe.pay(sessionId);
    const refund = stripe.signedEvent('charge.refunded', stripe.refund(sessionId, 500));
    const delivered = await fetch(`${server.url}/api/payments/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': refund.signature },
      body: refund.body,
    });
    expect(delivered.status).toBe(200);
    await reseller.locator('[data-testid="credits-chip"][data-credits="43"]').waitFor(POLL);

    await admin.getByTestId('topup-filter-approved').click();
    const approved = admin
      .getByTestId('topup-admin-grid')
      .getByTestId('topup-row')
      .filter({ hasText: RESELLER.email })
      .first();
    await approved.getByTestId('topup-reversal').waitFor(POLL);
    await approved.getByTestId('topup-details').click();
    const details = admin.getByTestId('topup-detail-dialog');
    await details.getByTestId('topup-detail-refund').waitFor(POLL);
    expect(await details.getByTestId('topup-detail-refund').textContent()).toContain(
      'Refund of €5.00 (succeeded)',
    );
  });
});
