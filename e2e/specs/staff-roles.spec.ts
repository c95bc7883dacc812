import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const TICKET_A = 'Line A stopped at night';
const TICKET_B = 'Line B wants a new plan';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let server: AppServer;
let browser: Browser;
let adminApi: ApiSession;
let admin: Page;

async function openTicket(account: { email: string; password: string }, title: string): Promise<void> {
  const api = apiSession(server.url);
  await api.signIn(account.email, account.password);
  await api.request('POST', '/api/tickets', { title, description: 'Please have a look' });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  for (const account of [RESELLER_A, RESELLER_B, SUPPORT]) await signUpConfirmed(server, account);
  // Credits make the two accounts resellers.
  for (const reseller of [RESELLER_A, RESELLER_B]) {
    const id = await accountId(adminApi, reseller.email);
    await adminApi.request('POST', `/api/accounts/${id}/credits`, { amount: 10 });
  }
  await openTicket(RESELLER_A, TICKET_A);
  await openTicket(RESELLER_B, TICKET_B);
  admin = await signedInPage(browser, server.url, ADMIN, DESKTOP);
});
afterAll(async () => {
  await browser?.close();
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
