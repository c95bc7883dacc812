import { isoDate, newLineExpiry, toDisplayDate } from '@linedesk/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN } from '../support/app-server.js';
import { POLL, submitSignIn, visit } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

/**
 * Issue #38 on a phone (390×844): the line page shows the line first (status, days left, the
 * connection line with copy and QR, Renew) within the first screen; Add line names its plan, previews
 * the expiry and puts "Create line" before the optional fields; and the management lists become
 * cards that show every column the table had (the payments' top-up requests too), without a
 * sideways scroll. The console stays quiet.
 */

const RESELLER = { email: 'phone.reseller@example.com', password: 'reseller-password-1', name: 'Rui Sousa' };
const PHONE = { width: 390, height: 844 };
const TICKET = 'Receiver loses the picture at night';

let scenario: ResellerScenario;
let resellerApi: ApiSession;
let resellerPhone: Page;
let adminPhone: Page;
let lineId = 0;
const consoleErrors: string[] = [];

async function phonePage(account: { email: string; password: string }): Promise<Page> {
  const context = await scenario.browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: scenario.server.url });
  const page = await context.newPage();
  await submitSignIn(page, scenario.server.url, account);
  await page.getByTestId('welcome-card').waitFor(POLL);
  // From here on: the sign-in page's own 401 (asking who is signed in) is not one of these pages.
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  return page;
}

/** The element's bottom edge from the top of the page (not of the scrolled viewport). */
async function pageBottom(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Each value is drawn inside the screen's width, not cut off or pushed aside. */
async function expectOnScreen(card: Locator, testIds: string[]): Promise<void> {
  for (const testId of testIds) {
    const part = card.getByTestId(testId).first();
    await part.waitFor(POLL);
    const box = await part.boundingBox();
    expect(box, testId).not.toBeNull();
    expect(box!.x, testId).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, testId).toBeLessThanOrEqual(PHONE.width);
  }
}

beforeAll(async () => {
  scenario = await startResellerScenario({ serverName: 'Lisbon agent', reseller: RESELLER, credits: 20 });
  resellerApi = apiSession(scenario.server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  const created = await resellerApi.request<{ line: { id: number } }>('POST', '/api/lines', {
    username: 'phone-tv',
    password: 'Phone-Pass-42',
    subscription_months: 1,
  });
  lineId = created.line.id;
  // A second plan, so that Add line offers the choice (and the default must show by name).
  await scenario.adminApi.request('POST', '/api/line-plans', {
    name: 'Premium',
    prices: [{ months: 1, credits: 3 }],
  });
  await resellerApi.request('POST', '/api/tickets', {
    title: TICKET,
    description: 'It stops at about nine every evening.',
  });
  // A top-up request waiting for the admin: the payments list has a row with its decision buttons.
  const pack = await scenario.adminApi.request<{ id: number }>('POST', '/api/credit-packages', {
    name: 'Phone starter pack',
    credits: 50,
    price_cents: 2500,
  });
  await resellerApi.request('POST', '/api/topups', {
    package_id: pack.id,
    payment_reference: 'SEPA 2026-11-25 Caixa Geral de Depositos',
  });
  [resellerPhone, adminPhone] = await Promise.all([phonePage(RESELLER), phonePage(ADMIN)]);
});

afterAll(async () => {
  await scenario?.stop();
});

describe('phone first', () => {
  it('the line page shows status, days left, the connection line (copy, QR) and Renew on the first screen', async () => {
    await visit(resellerPhone, `/users/edit/${lineId}`);
    const summary = resellerPhone.getByTestId('line-summary-card');
    const line = summary.getByTestId('line-connection-line');
    await line.waitFor(POLL);
    const renew = summary.getByTestId('line-renew-button');
    expect(await resellerPhone.evaluate(() => window.scrollY)).toBe(0);
    expect(await pageBottom(line)).toBeLessThanOrEqual(PHONE.height);
    expect(await pageBottom(renew)).toBeLessThanOrEqual(PHONE.height);
    // The summary comes before the edit form.
    expect(await pageBottom(summary)).toBeLessThan(
      await pageBottom(resellerPhone.getByTestId('line-edit-form')),
    );

    expect(await summary.getByTestId('line-status').getAttribute('data-status')).toBe('active');
    const days = summary.getByTestId('line-days-left');
    expect(Number(await days.getAttribute('data-days'))).toBeGreaterThan(7);
    expect(await days.getAttribute('data-tone')).toBe('ok');
    expect(await summary.getByTestId('line-summary-expiry').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await summary.getByTestId('line-summary-online').textContent()).toBe('Offline');
    await summary.getByTestId('line-connection-qr').waitFor(POLL);
    expect(await horizontalOverflow(resellerPhone)).toBeLessThanOrEqual(0);

    const text = (await line.textContent())?.trim();
    expect(text).toContain('phone-tv Phone-Pass-42');
    await summary.getByTestId('line-connection-copy').click();
    await summary.locator('[data-testid="line-connection-copy"][data-copied="true"]').waitFor(POLL);
    expect(await resellerPhone.evaluate(() => navigator.clipboard.readText())).toBe(text);

    await renew.click();
    await resellerPhone.getByRole('dialog').waitFor(POLL);
    await resellerPhone.keyboard.press('Escape');
    await resellerPhone.getByRole('dialog').waitFor({ state: 'detached', ...POLL });
  });

  it('Add line names the default plan, previews the expiry of the chosen length and puts Create first', async () => {
    await visit(resellerPhone, '/users/add');
    const plan = resellerPhone.getByTestId('field-plan-select');
    await plan.waitFor(POLL);
    expect(await plan.textContent()).toBe('Standard');

    const today = isoDate(new Date());
    const preview = resellerPhone.getByTestId('summary-expiry');
    const oneMonth = toDisplayDate(newLineExpiry(today, { months: 1 }));
    await preview.getByText(`Expires on ${oneMonth}`, { exact: true }).waitFor(POLL);
    await resellerPhone.getByTestId('duration-option-12').click();
    const oneYear = toDisplayDate(newLineExpiry(today, { months: 12 }));
    await preview.getByText(`Expires on ${oneYear}`, { exact: true }).waitFor(POLL);
    expect(oneYear).not.toBe(oneMonth);

    const submit = await resellerPhone.getByTestId('line-form-submit').boundingBox();
    const customerName = await resellerPhone.getByTestId('field-name').boundingBox();
    expect(submit!.y).toBeLessThan(customerName!.y);
    expect(await horizontalOverflow(resellerPhone)).toBeLessThanOrEqual(0);
  });

  const lists: { route: string; row: string; parts: string[]; text?: () => string }[] = [
    {
      route: '/tickets',
      row: 'ticket-row',
      parts: ['ticket-title', 'ticket-status', 'ticket-priority', 'ticket-owner', 'ticket-updated'],
      text: () => TICKET,
    },
    {
      route: '/cccam-servers/manage',
      row: 'server-row',
      parts: [
        'server-name',
        'server-host',
        'server-status',
        'server-version',
        'server-test-button',
        'server-edit-button',
      ],
      text: () => 'Lisbon agent',
    },
    {
      route: '/resellers',
      row: 'account-row',
      parts: ['account-email', 'account-credits', 'account-status', 'account-actions-button'],
      text: () => RESELLER.email,
    },
    {
      route: '/manage-groups',
      row: 'group-row',
      parts: ['group-name', 'group-member-count', 'group-edit-button'],
    },
    {
      route: '/payments/pricing?tab=requests',
      row: 'topup-row',
      parts: [
        'topup-requested',
        'topup-account',
        'topup-credits',
        'topup-reference',
        'topup-status',
        'topup-approve',
        'topup-reject',
      ],
      text: () => RESELLER.email,
    },
    {
      route: '/audit-log',
      row: 'audit-row',
      parts: ['audit-time', 'audit-actor', 'audit-action', 'audit-ip'],
    },
  ];
  for (const list of lists) {
    it(`${list.route} shows its rows as cards with every column at 390 px`, async () => {
      await visit(adminPhone, list.route);
      let card = adminPhone.locator(`[data-testid="${list.row}"][data-layout="card"]`);
      if (list.text) card = card.filter({ hasText: list.text() });
      await card.first().waitFor(POLL);
      expect(await adminPhone.locator('table, .MuiDataGrid-root').count()).toBe(0);
      await expectOnScreen(card.first(), list.parts);
      expect(await horizontalOverflow(adminPhone)).toBeLessThanOrEqual(0);
    });
  }

  it('no console errors on these pages', () => {
    expect(consoleErrors).toEqual([]);
  });
});
