import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { accountId, POLL, signedInPage, signUpConfirmed } from '../support/page-helpers.js';

/**
 * Staff roles (docs/resellers.md): an admin gives an account the support role over one reseller's
 * subtree in the account menu; the member then works that subtree's tickets as the admin would, and
 * sees no other reseller's, on a phone and at a desk.
 */
const RESELLER_A = { email: 'staff.reseller.a@example.com', password: 'reseller-password-1' };
const RESELLER_B = { email: 'staff.reseller.b@example.com', password: 'reseller-password-1' };
const SUPPORT = { email: 'staff.support@example.com', password: 'support-password-1' };
const BILLING = { email: 'staff.billing@example.com', password: 'billing-password-1' };
const LINE_A = 'staffline-a1';
const TICKET_A = 'Line A stopped at night';
const TICKET_B = 'Line B wants a new plan';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let server: AppServer;
let agent: LineAgent;
let browser: Browser;
let adminApi: ApiSession;
let admin: Page;

async function openTicket(account: { email: string; password: string }, title: string): Promise<void> {
  const api = apiSession(server.url);
  await api.signIn(account.email, account.password);
  await api.request('POST', '/api/tickets', { title, description: 'Please have a look' });
}

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Staff agent');
  for (const account of [RESELLER_A, RESELLER_B, SUPPORT, BILLING]) await signUpConfirmed(server, account);
  // Credits make the two accounts resellers.
  for (const reseller of [RESELLER_A, RESELLER_B]) {
    const id = await accountId(adminApi, reseller.email);
    await adminApi.request('POST', `/api/accounts/${id}/credits`, { amount: 10 });
  }
  // Reseller A's line (the support member reads it) and two top-ups: one waiting, one approved.
  const resellerA = apiSession(server.url);
  await resellerA.signIn(RESELLER_A.email, RESELLER_A.password);
  await resellerA.request('POST', '/api/lines', {
    username: LINE_A,
    password: 'Staff-Pass-42',
    subscription_months: 1,
  });
  const pack = await adminApi.request<{ id: number }>('POST', '/api/credit-packages', {
    name: 'Staff 25',
    credits: 25,
    price_cents: 2500,
  });
  const approved = await resellerA.request<{ id: number }>('POST', '/api/topups', {
    package_id: pack.id,
    payment_reference: 'STAFF-PAID-1',
  });
  await adminApi.request('POST', `/api/topups/${approved.id}/approve`, {});
  await resellerA.request('POST', '/api/topups', { package_id: pack.id, payment_reference: 'STAFF-WAIT-2' });
  await adminApi.request('PUT', `/api/accounts/${await accountId(adminApi, BILLING.email)}/staff`, {
    role: 'billing',
    scope_id: null,
  });
  await openTicket(RESELLER_A, TICKET_A);
  await openTicket(RESELLER_B, TICKET_B);
  admin = await signedInPage(browser, server.url, ADMIN, DESKTOP);
});
afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('a support member scoped to one reseller', () => {
  it("an admin gives the role in the account menu's Staff role dialog", async () => {
    await admin.goto(`${server.url}/resellers`);
    const row = admin.getByRole('row', { name: new RegExp(SUPPORT.email) });
    await row.getByTestId('account-actions-button').click();
    await admin.getByTestId('account-action-staff').click();
    const dialog = admin.getByTestId('staff-dialog');
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByTestId('staff-role-support').click();
    await dialog.getByRole('combobox', { name: 'Scope' }).fill(RESELLER_A.email);
    await admin.getByRole('option', { name: RESELLER_A.email }).click();
    await admin.getByTestId('staff-save').click();
    await admin.getByText(`Staff role of ${SUPPORT.email} saved`).waitFor(POLL);

    const member = await adminApi.request<{ staff: unknown }>(
      'GET',
      `/api/accounts/${await accountId(adminApi, SUPPORT.email)}`,
    );
    expect(member.staff).toEqual({ role: 'support', scope_id: await accountId(adminApi, RESELLER_A.email) });
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`signed in on a ${size}, sees the subtree's tickets and not another reseller's`, async () => {
      const page = await signedInPage(browser, server.url, SUPPORT, viewport);
      await page.goto(`${server.url}/tickets`);
      await page.getByText(TICKET_A).first().waitFor(POLL);
      expect(await page.getByText(TICKET_B).count()).toBe(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      // The lines entries of its role: the list to read, not the form to add one.
      if (size === 'phone') await page.getByTestId('nav-open-button').click();
      const nav = page.getByTestId(size === 'phone' ? 'nav-mobile' : 'nav-desktop');
      await nav.getByTestId('nav-lines').first().click();
      await nav.getByTestId('nav-linesAll').first().waitFor(POLL);
      expect(await nav.getByTestId('nav-linesAdd').count()).toBe(0);
      await page.context().close();
    });
  }
});

describe('what the lines and payments screens offer each staff role', () => {
  it('a support member reads the lines of its scope and is offered no creating, renewing or deleting', async () => {
    const page = await signedInPage(browser, server.url, SUPPORT, DESKTOP);
    await page.goto(`${server.url}/users/all`);
    const row = page.getByTestId('line-row').filter({ hasText: LINE_A });
    await row.waitFor(POLL);
    for (const button of ['lines-add-button', 'lines-bulk-create', 'lines-export']) {
      expect(await page.getByTestId(button).count(), button).toBe(0);
    }
    expect(await row.getByTestId('line-renew-button').count()).toBe(0);
    await row.getByTestId('line-actions-menu-button').click();
    await page.getByTestId('line-edit-menu-item').waitFor(POLL);
    for (const item of ['renew', 'freeze', 'give', 'toggle', 'delete']) {
      expect(await page.getByTestId(`line-${item}-menu-item`).count(), item).toBe(0);
    }
    await page.keyboard.press('Escape');
    // Ticked, the line offers no bulk change either.
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('lines-selected-count').waitFor(POLL);
    for (const action of ['renew', 'enable', 'disable', 'change-plan', 'delete']) {
      expect(await page.getByTestId(`lines-bulk-${action}`).count(), action).toBe(0);
    }
    await page.context().close();
  });

  it('a billing member decides payments, without the export or undoing an approval it may not do', async () => {
    const page = await signedInPage(browser, server.url, BILLING, DESKTOP);
    await page.goto(`${server.url}/payments`);
    // The waiting top-up, with the decision the server takes from it.
    await page.getByTestId('topup-approve').first().waitFor(POLL);
    expect(await page.getByTestId('topup-reject').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('topup-export').count()).toBe(0);
    await page.getByTestId('topup-filter-all').click();
    await page.getByText('STAFF-PAID-1').first().waitFor(POLL);
    expect(await page.getByTestId('topup-revoke').count()).toBe(0);
    // The admin, on the same list, may undo it.
    await admin.goto(`${server.url}/payments`);
    await admin.getByTestId('topup-filter-all').click();
    await admin.getByTestId('topup-revoke').first().waitFor(POLL);
    expect(await admin.getByTestId('topup-export').count()).toBe(1);
    await page.context().close();
  });
});
