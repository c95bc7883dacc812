import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, signedInPage, signUpConfirmed, visit } from '../support/page-helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const RESELLER = { email: 'e2e.payer@example.com', password: 'payer-password-1' };
const PACKAGE = { name: 'E2E Transfer 25', credits: 25, price_cents: 2000 };
const METHOD = {
  name: 'Bank transfer (SEPA)',
  instructions: 'IBAN DE89 3704 0044 0532 0130 00 · Example Media GmbH',
};
/** A 1×1 PNG: the server checks a proof by its bytes. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ab6b6d4a0000000049454e44ae426082',
    'hex',
  ),
]);

let server: AppServer;
let browser: Browser;
let admin: Page;
let reseller: Page;
let referenceCode = '';

/** The page is no wider than the screen: nothing sticks out sideways. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await adminApi.request('POST', '/api/credit-packages', PACKAGE);
  await signUpConfirmed(server, RESELLER);
  [admin, reseller] = await Promise.all([
    signedInPage(browser, server.url, ADMIN, DESKTOP),
    signedInPage(browser, server.url, RESELLER, PHONE),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('paying for credits with a manual method, with a proof (#35)', () => {
  it('an admin adds a manual method on the settings page', async () => {
    await visit(admin, '/settings/panel');
    const card = admin.getByTestId('payment-methods-card');
    await card.getByTestId('payment-methods-empty').waitFor(POLL);
    await card.getByTestId('payment-method-add').click();
    const form = admin.getByTestId('payment-method-form');
    await form.waitFor();
    await form.getByTestId('field-name').fill(METHOD.name);
    await form.getByTestId('field-fee').fill('1.5');
    await form.getByTestId('field-instructions').fill(METHOD.instructions);
    await form.getByTestId('field-proof_required').check();
    await admin.getByTestId('payment-method-submit').click();
    await form.waitFor({ state: 'detached' });
    const row = card.locator(`[data-testid="payment-method-row"][data-name="${METHOD.name}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('1.5 % fee');
    expect(await row.getByTestId('payment-method-enabled').isChecked()).toBe(true);
  });

  it('a reseller on a phone picks the package and the method, pays with our reference and uploads a proof', async () => {
    await visit(reseller, '/payments/pricing');
    const card = reseller.getByTestId('pricing-card').filter({ hasText: PACKAGE.name });
    await card.getByTestId('pricing-select').click();
    await reseller.getByTestId('field-method-select').click();
    await reseller.getByRole('option', { name: `${METHOD.name} (+1.5 % fee)` }).click();
    await reseller.getByTestId('topup-submit').click();

    const dialog = reseller.getByTestId('manual-payment-form');
    await dialog.waitFor(POLL);
    // €20.00 and the fee of 1.5 %: what to pay, with the instructions and a reference to put on it.
    expect(await dialog.getByTestId('payment-amount').textContent()).toBe('€20.30');
    expect(await dialog.getByTestId('payment-instructions').textContent()).toBe(METHOD.instructions);
    referenceCode = (await dialog.getByTestId('payment-reference-code').textContent()) ?? '';
    expect(referenceCode).toMatch(/^LD-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(await fitsWidth(reseller)).toBe(true);

    // The method wants a proof: sending without one is refused in the form.
    await dialog.getByTestId('field-payment_reference').fill('SEPA 2026-11-25 Sparkasse');
    await reseller.getByTestId('manual-payment-submit').click();
    expect(await reseller.getByTestId('manual-payment-error').textContent()).toBe(
      'A proof of payment is required for this method',
    );
    await dialog
      .getByTestId('payment-proof-input')
      .setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByTestId('payment-proof-chosen').waitFor();
    await reseller.getByTestId('manual-payment-submit').click();
    await dialog.waitFor({ state: 'detached', ...POLL });

    const mine = reseller.getByTestId('topup-mine-grid').getByTestId('topup-row').first();
    await mine.locator('[data-testid="topup-status"][data-status="pending"]').waitFor(POLL);
    expect(await mine.getByTestId('topup-method').textContent()).toBe(`${METHOD.name} · ${referenceCode}`);
    await mine.getByTestId('topup-proof').waitFor();
    expect(await fitsWidth(reseller)).toBe(true);
  });

  it('the admin views the proof, approves, and the reseller’s balance changes live', async () => {
    await visit(admin, '/payments/pricing?tab=requests');
    const request = admin.getByTestId('topup-admin-grid').getByTestId('topup-row').filter({
      hasText: RESELLER.email,
    });
    await request.waitFor(POLL);
    expect(await request.getByTestId('topup-credits').textContent()).toBe('25 credits · €20.30');
    expect(await request.getByTestId('topup-method').textContent()).toBe(`${METHOD.name} · ${referenceCode}`);
    expect(await request.getByTestId('topup-reference').textContent()).toBe('Ref. SEPA 2026-11-25 Sparkasse');

    const [proof] = await Promise.all([
      admin.waitForEvent('popup'),
      request.getByTestId('topup-proof').click(),
    ]);
    await proof.waitForLoadState();
    expect(new URL(proof.url()).pathname).toMatch(/^\/api\/topups\/\d+\/proof$/);
    const shown = await proof.evaluate(() => {
      const image = document.querySelector('img');
      return image ? { width: image.naturalWidth, height: image.naturalHeight } : null;
    });
    expect(shown).toEqual({ width: 1, height: 1 });
    await proof.close();

    expect(Number((await reseller.getByTestId('credits-chip').getAttribute('data-credits')) ?? 'NaN')).toBe(
      0,
    );
    await request.getByTestId('topup-approve').click();
    await admin.getByTestId('topup-approve-confirm').click();
    await admin
      .getByTestId('snackbar')
      .filter({ hasText: `25 credits added to ${RESELLER.email}` })
      .waitFor();

    // The reseller's page never reloaded: the balance and the request follow the live events.
    await reseller.locator('[data-testid="credits-chip"][data-credits="25"]').waitFor(POLL);
    await reseller
      .getByTestId('topup-mine-grid')
      .locator('[data-testid="topup-status"][data-status="approved"]')
      .waitFor(POLL);
  });
});
