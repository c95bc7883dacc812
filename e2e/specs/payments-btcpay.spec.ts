import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcpayStandIn, type BtcpayStandIn } from '../../apps/server/test/support/btcpay-stand-in.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, signedInPage, signUpConfirmed, visit } from '../support/page-helpers.js';

const PHONE = { width: 390, height: 844 };
const RESELLER = { email: 'e2e.crypto@example.com', password: 'crypto-password-1' };
const PACKAGE = { name: 'E2E Crypto 25', credits: 25, price_cents: 2000 };

let btcpay: BtcpayStandIn;
let server: AppServer;
let browser: Browser;
let reseller: Page;

beforeAll(async () => {
  btcpay = await startBtcpayStandIn();
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await adminApi.request('POST', '/api/credit-packages', PACKAGE);
  await adminApi.request('POST', '/api/payment-methods', {
    kind: 'btcpay',
    name: 'Bitcoin',
    server_url: btcpay.url,
    store_id: btcpay.storeId,
    api_key: btcpay.apiKey,
    webhook_secret: btcpay.webhookSecret,
  });
  await signUpConfirmed(server, RESELLER);
  reseller = await signedInPage(browser, server.url, RESELLER, PHONE);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await btcpay?.close();
});

async function buy(): Promise<number> {
  await visit(reseller, '/payments/pricing');
  const card = reseller.getByTestId('pricing-card').filter({ hasText: PACKAGE.name });
  await card.getByTestId('pricing-select').click();
  await reseller.getByTestId('field-method-select').click();
  await reseller.getByRole('option', { name: 'Bitcoin' }).click();
  await reseller.getByTestId('topup-submit').click();
  // BTCPay's invoice page (the stand-in's): the amount the panel asked for.
  await reseller.waitForURL((url) => url.href.startsWith(`${btcpay.url}/i/`), POLL);
  expect(await reseller.locator('h1').textContent()).toBe('Pay 20.00 EUR');
  return Number([...btcpay.invoices.values()].at(-1)!.metadata.topupRequestId);
}

async function deliver(type: string, invoiceId: string) {
  const invoice = btcpay.invoices.get(invoiceId)!;
  const event = btcpay.signedEvent(type, invoice);
  const res = await fetch(`${server.url}/api/payments/webhooks/btcpay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'btcpay-sig': event.signature },
    body: event.body,
  });
  expect(res.status).toBe(200);
}

describe('paying for credits in crypto with BTCPay Server (#35)', () => {
  it('a reseller on a phone pays the invoice, comes back, and sees the credits arrive live', async () => {
    const requestId = await buy();
    await reseller.getByTestId('stand-in-pay').click();
    await reseller.waitForURL((url) => url.pathname === `/payments/return/${requestId}`, POLL);
    await reseller.getByTestId('payment-return-waiting').waitFor(POLL);
    await reseller.locator('[data-testid="credits-chip"][data-credits="0"]').waitFor(POLL);
    expect(await reseller.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );

    const invoice = [...btcpay.invoices.values()].at(-1)!;
    await deliver('InvoiceSettled', invoice.id);
    await reseller.getByTestId('payment-return-credited').waitFor(POLL);
    await reseller.locator('[data-testid="credits-chip"][data-credits="25"]').waitFor(POLL);
  });

  it('shows an invoice that closed underpaid as underpaid, with nothing credited', async () => {
    const requestId = await buy();
    const invoice = [...btcpay.invoices.values()].at(-1)!;
    // From BTCPay's page back to the panel (another site): a full load, as its redirect would be.
    await reseller.goto(`${server.url}/payments/return/${requestId}`);
    await reseller.getByTestId('payment-return-waiting').waitFor(POLL);
    btcpay.expire(invoice.id, { partial: true });
    await deliver('InvoiceExpired', invoice.id);
    await reseller.getByTestId('payment-return-underpaid').waitFor(POLL);
    expect(await reseller.getByTestId('payment-return-underpaid').textContent()).toContain(
      'nothing was credited',
    );
    await reseller.locator('[data-testid="topup-status"][data-status="underpaid"]').waitFor(POLL);
    await reseller.locator('[data-testid="credits-chip"][data-credits="25"]').waitFor(POLL);
  });
});
