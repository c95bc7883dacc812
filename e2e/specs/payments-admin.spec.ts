import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, signedInPage, signUpConfirmed, visit } from '../support/page-helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const BUYER = { email: 'ledger-buyer@example.com', password: 'buyer-password-1' };
const OTHER = { email: 'other-buyer@example.com', password: 'other-password-1' };

let server: AppServer;
let browser: Browser;
let desktop: Page;
let phone: Page;

/** The page is no wider than the screen: nothing sticks out sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await adminApi.request('PUT', '/api/setup-guide', { hidden: true });
  const eur = await adminApi.request<{ id: number }>('POST', '/api/credit-packages', {
    name: 'Euro 25',
    credits: 25,
    price_cents: 2500,
  });
  const usd = await adminApi.request<{ id: number }>('POST', '/api/credit-packages', {
    name: 'Dollar 40',
    credits: 40,
    price_cents: 4000,
    currency: 'USD',
  });
  const bank = await adminApi.request<{ id: number }>('POST', '/api/payment-methods', {
    kind: 'manual',
    name: 'Bank',
    currency: 'EUR',
    fee_bps: 200,
    instructions: 'IBAN DE89 3704 0044 0532 0130 00',
  });
  const zelle = await adminApi.request<{ id: number }>('POST', '/api/payment-methods', {
    kind: 'manual',
    name: 'Zelle',
    currency: 'USD',
    instructions: 'Zelle to pay@example.com',
  });
  await signUpConfirmed(server, BUYER);
  await signUpConfirmed(server, OTHER);
  const buyer = apiSession(server.url);
  await buyer.signIn(BUYER.email, BUYER.password);
  const other = apiSession(server.url);
  await other.signIn(OTHER.email, OTHER.password);
  // The buyer: two approved (euros by bank, dollars by Zelle), one pending, one awaiting its payment.
  for (const body of [
    { package_id: eur.id, method_id: bank.id },
    { package_id: usd.id, method_id: zelle.id },
  ]) {
    const made = await buyer.request<{ id: number }>('POST', '/api/topups', body);
    await adminApi.request('POST', `/api/topups/${made.id}/approve`, {});
  }
  await buyer.request('POST', '/api/topups', { package_id: eur.id, payment_reference: 'SEPA-4711' });
  await buyer.request('POST', '/api/topups', { package_id: eur.id, method_id: bank.id });
  // Someone else's request, which the account filter leaves out.
  await other.request('POST', '/api/topups', { package_id: usd.id, payment_reference: 'WIRE-9' });
  [desktop, phone] = await Promise.all([
    signedInPage(browser, server.url, ADMIN, DESKTOP),
    signedInPage(browser, server.url, ADMIN, PHONE),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.getByTestId('topup-admin-grid').getByTestId('topup-row');

describe("the admin's payments list (#35)", () => {
  it('at 1440×900 shows each state with its count, filters by account and method, and exports the filter', async () => {
    await visit(desktop, '/payments/pricing?tab=requests');
    await expect.poll(() => desktop.getByTestId('topup-count-pending').textContent(), POLL).toBe('2');
    expect(await desktop.getByTestId('topup-count-awaiting_payment').textContent()).toBe('1');
    expect(await desktop.getByTestId('topup-count-approved').textContent()).toBe('2');
    expect(await desktop.getByTestId('topup-count-all').textContent()).toBe('5');
    // Every state of the shared list has its tab, the ones with nothing in them too.
    for (const status of ['underpaid', 'expired', 'rejected']) {
      expect(await desktop.getByTestId(`topup-count-${status}`).textContent()).toBe('0');
    }
    await expect.poll(() => rows(desktop).count(), POLL).toBe(2);

    await desktop.getByTestId('topup-filter-all').click();
    await expect.poll(() => rows(desktop).count(), POLL).toBe(5);
    await desktop.getByTestId('topup-filter-search').fill('ledger-buyer');
    await expect.poll(() => rows(desktop).count(), POLL).toBe(4);
    expect(await desktop.getByTestId('topup-count-all').textContent()).toBe('4');
    await desktop.getByTestId('topup-filter-method').click();
    await desktop.getByRole('option', { name: 'Zelle (USD)' }).click();
    await expect.poll(() => rows(desktop).count(), POLL).toBe(1);
    const zelle = rows(desktop).first();
    expect(await zelle.getByTestId('topup-method-kind').textContent()).toBe('ZelleManual');
    expect(await zelle.getByTestId('topup-amount').textContent()).toBe('$40.00');
    expect(await zelle.getByTestId('topup-status').getAttribute('data-status')).toBe('approved');

    // The CSV is the list's filter, as a download.
    const href = await desktop.getByTestId('topup-export').getAttribute('href');
    expect(href).toContain('/api/topups/export.csv?');
    expect(href).toContain('search=ledger-buyer');
    const csv = await desktop.evaluate(async (url) => (await fetch(url)).text(), href!);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('ledger-buyer@example.com');
    expect(lines[1]).toContain('Zelle');

    // A row opens the request whole.
    await zelle.getByTestId('topup-details').click();
    const detail = desktop.getByTestId('topup-detail-dialog');
    await detail.waitFor(POLL);
    expect(await detail.textContent()).toContain('Dollar 40');
    expect(await detail.textContent()).toContain('No proof attached');
    await desktop.getByTestId('topup-detail-close').click();
    await detail.waitFor({ state: 'detached', ...POLL });
  });

  it('sorts on the server by amount from a column header', async () => {
    await desktop.getByTestId('topup-filter-method').click();
    await desktop.getByRole('option', { name: 'All methods' }).click();
    await expect.poll(() => rows(desktop).count(), POLL).toBe(4);
    await desktop.getByRole('columnheader', { name: 'Amount' }).click();
    await expect
      .poll(async () => rows(desktop).getByTestId('topup-amount').allTextContents(), POLL)
      .toEqual(['€25.00', '€25.50', '€25.50', '$40.00']);
  });

  it('on a phone (390 px) shows cards, with the filters behind one button', async () => {
    await visit(phone, '/payments/pricing?tab=requests');
    await expect.poll(() => rows(phone).count(), POLL).toBe(2);
    expect(await phone.getByTestId('topup-filter-search').count()).toBe(0);
    await phone.getByTestId('topup-filters-open').click();
    await phone.getByTestId('topup-filters-dialog').waitFor(POLL);
    await phone.getByTestId('topup-filter-search').fill('other-buyer');
    await phone.getByTestId('topup-filters-done').click();
    await phone.getByTestId('topup-filters-dialog').waitFor({ state: 'detached', ...POLL });
    await expect.poll(() => rows(phone).count(), POLL).toBe(1);
    expect(await rows(phone).first().getByTestId('topup-account').textContent()).toBe(OTHER.email);
    expect(await fitsWidth(phone)).toBe(true);
  });
});

describe('revenue on the dashboard (#35)', () => {
  it('draws the approved amounts per method and currency, with a table of the same figures', async () => {
    await visit(desktop, '/');
    const card = desktop.getByTestId('chart-revenue');
    await desktop.evaluate(() =>
      document
        .querySelector('[data-testid="charts-placeholder"], [data-testid="chart-activity"]')
        ?.scrollIntoView(),
    );
    await card.waitFor(POLL);
    await card.scrollIntoViewIfNeeded();
    await card.locator('svg').first().waitFor(POLL);
    const table = card.getByTestId('revenue-table');
    await expect.poll(() => table.getByTestId('revenue-row').count(), POLL).toBe(2);
    const text = await table.textContent();
    expect(text).toContain('€25.50');
    expect(text).toContain('$40.00');
    // Per month: this month's two series, the currencies still apart.
    await card.getByTestId('revenue-per-month').click();
    await expect.poll(() => table.getByTestId('revenue-row').count(), POLL).toBe(2);
    expect(await card.textContent()).toContain('Last 12 months');
  });
});
