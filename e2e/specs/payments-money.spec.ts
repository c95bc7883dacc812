import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, signUpConfirmed, submitSignIn, visit } from '../support/page-helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const RESELLER = { email: 'e2e.money@example.com', password: 'money-password-1' };
const PACKAGE = { name: 'E2E Money 25', credits: 25, price_cents: 2000 };
const IBAN = 'DE89 3704 0044 0532 0130 00';

let server: AppServer;
let browser: Browser;
let admin: Page;
let reseller: Page;
let requestId = 0;

/** A signed-in page in `locale`, with the clipboard granted (the copy buttons are read back). */
async function pageFor(account: { email: string; password: string }, viewport: typeof PHONE, locale: string) {
  const context = await browser.newContext({ viewport, locale });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  await submitSignIn(page, server.url, account);
  await page.getByTestId('welcome-card').waitFor(POLL);
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  const pack = await adminApi.request<{ id: number }>('POST', '/api/credit-packages', PACKAGE);
  await adminApi.request('PUT', '/api/seller-details', {
    company_name: 'Example Media GmbH',
    address: 'Hauptstraße 1, 10115 Berlin',
    tax_id: 'DE123456789',
  });
  const method = await adminApi.request<{ id: number }>('POST', '/api/payment-methods', {
    kind: 'manual',
    name: 'SEPA',
    currency: 'EUR',
    channel: 'bank',
    instructions: `Account holder: Example Media GmbH\nIBAN: ${IBAN}`,
    instructions_translations: { de: `Kontoinhaber: Example Media GmbH\nIBAN: ${IBAN}` },
  });
  await signUpConfirmed(server, RESELLER);
  const resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  await resellerApi.request('PUT', '/api/me/language', { language: 'de' });
  await resellerApi.request('PUT', '/api/me/billing', {
    name: 'Nowak Sat Sp. z o.o.',
    address: 'ul. Długa 5, Warszawa',
    tax_id: 'PL5260001246',
  });
  const made = await resellerApi.request<{ id: number }>('POST', '/api/topups', {
    package_id: pack.id,
    method_id: method.id,
  });
  requestId = made.id;
  [admin, reseller] = await Promise.all([
    pageFor(ADMIN, DESKTOP, 'en-US'),
    pageFor(RESELLER, PHONE, 'de-DE'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('money screens (#49)', () => {
  it('a reseller on a German phone reads the German instructions and copies the IBAN in one tap', async () => {
    await visit(reseller, '/payments');
    await reseller.getByTestId('topup-pay').first().click();
    const dialog = reseller.getByTestId('manual-payment-form');
    await dialog.waitFor(POLL);
    expect(await dialog.getByTestId('payment-instructions').textContent()).toContain('Kontoinhaber');
    const iban = dialog.getByTestId('payment-instruction-copyable').filter({ hasText: 'IBAN' });
    await iban.getByTestId('payment-instruction-copy').click();
    await reseller.getByTestId('snackbar').filter({ hasText: 'Kopiert' }).waitFor(POLL);
    expect(await reseller.evaluate(() => navigator.clipboard.readText())).toBe('DE89370400440532013000');
    // A bank transfer asks for the transfer's id.
    expect(await dialog.textContent()).toContain('Transaktionsnummer Ihrer Überweisung');
    await dialog.getByTestId('field-payment_reference').fill('SEPA 2026-11-26');
    await reseller.getByTestId('manual-payment-submit').click();
    await dialog.waitFor({ state: 'detached', ...POLL });
  });

  it('the admin at 1440 px finds Payments in the navigation and confirms before any credits move', async () => {
    await visit(admin, '/');
    await admin.getByTestId('nav-payments').first().click();
    await admin.waitForURL(/\/payments$/);
    const row = admin.getByTestId('topup-admin-grid').getByTestId('topup-row').filter({
      hasText: RESELLER.email,
    });
    const approve = row.getByTestId('topup-approve');
    await approve.waitFor(POLL);
    // The decision is on screen beside the package and the state, without a sideways scroll.
    const box = (await approve.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(await row.getByTestId('topup-provider-id').count()).toBe(0);
    expect(await row.getByTestId('topup-reference-code').textContent()).toMatch(/^LD-/);

    await approve.click();
    const confirm = admin.getByTestId('topup-approve-dialog');
    await confirm.waitFor(POLL);
    expect(await confirm.getByTestId('topup-approve-who').textContent()).toBe(
      `${RESELLER.email} gets 25 credits`,
    );
    expect(await confirm.getByTestId('topup-approve-what').textContent()).toBe(
      `for ${PACKAGE.name}, €20.00 paid with SEPA`,
    );
    // Cancelled: nothing moved.
    await admin.getByTestId('topup-approve-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.locator('[data-testid="topup-status"]').getAttribute('data-status')).toBe('pending');

    await approve.click();
    await admin.getByTestId('topup-approve-confirm').click();
    await admin
      .getByTestId('snackbar')
      .filter({ hasText: `25 credits added to ${RESELLER.email}` })
      .waitFor(POLL);
  });

  it('the German receipt names the seller and the buyer with their tax ids, and offers the PDF', async () => {
    await visit(reseller, `/payments/receipts/${requestId}`);
    const seller = reseller.getByTestId('receipt-seller');
    await seller.waitFor(POLL);
    expect(await seller.textContent()).toBe(
      'VerkäuferExample Media GmbHHauptstraße 1, 10115 BerlinUSt-IdNr. / Steuernummer: DE123456789',
    );
    expect(await reseller.getByTestId('receipt-buyer').textContent()).toBe(
      `KäuferNowak Sat Sp. z o.o.ul. Długa 5, WarszawaUSt-IdNr. / Steuernummer: PL5260001246${RESELLER.email}`,
    );
    expect(await reseller.getByTestId('receipt-pdf').getAttribute('href')).toBe(
      `/api/topups/${requestId}/receipt.pdf?lang=de`,
    );
  });

  it('the admin undoes the manual approval with a reason; the credits go back', async () => {
    await visit(admin, '/payments');
    await admin.getByTestId('topup-filter-approved').click();
    const row = admin.getByTestId('topup-admin-grid').getByTestId('topup-row').filter({
      hasText: RESELLER.email,
    });
    await row.getByTestId('topup-revoke').click();
    const form = admin.getByTestId('revoke-topup-form');
    await form.waitFor(POLL);
    expect(await form.getByTestId('revoke-topup-text').textContent()).toContain(
      `25 credits are taken back from ${RESELLER.email}`,
    );
    await form.locator('textarea').first().fill('The transfer bounced');
    await admin.getByTestId('revoke-topup-submit').click();
    await admin
      .getByTestId('snackbar')
      .filter({ hasText: `25 credits taken back from ${RESELLER.email}` })
      .waitFor(POLL);
    await reseller.locator('[data-testid="credits-chip"][data-credits="0"]').waitFor(POLL);
  });
});
