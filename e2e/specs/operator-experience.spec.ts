import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import {
  accountId,
  axeViolations,
  POLL,
  setLanguage,
  signedInPage,
  signUpConfirmed,
  visit,
} from '../support/page-helpers.js';

/**
 * What an operator reads about accounts and lines: an unconfirmed sign-up is not "Active", the name
 * chosen at sign-up is the one shown, a short balance stays readable, and a NewCamd line carries its
 * server's own DES key.
 */

const RESELLER = {
  email: 'maria.operator@example.com',
  password: 'reseller-password-1',
  name: 'Maria Costa',
  username: 'MariaTV',
};
const UNCONFIRMED = { email: 'never.confirmed@example.com', password: 'user-password-1' };
const DES_KEY = '0A1B2C3D4E5F60718293A4B5C6D7';
const LINE = { username: 'newcamd-kiosk', password: 'Kiosk-Pass-42' };

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let adminApi: ApiSession;
let admin: Page;
let reseller: Page;
let lineId = 0;

function accountRow(page: Page, email: string) {
  return page
    .getByTestId('account-row')
    .filter({ has: page.getByTestId('account-email').getByText(email, { exact: true }) });
}

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  const created = await addAgentServer(adminApi, agent, 'Warsaw NewCamd', {
    port: 15000,
    protocol: 'NewCamd',
    newcamd_des_key: DES_KEY,
  });
  const line = await adminApi.request<{ line: { id: number } }>('POST', '/api/lines', {
    ...LINE,
    subscription_months: 1,
    server_id: created.id,
  });
  lineId = line.line.id;

  await signUpConfirmed(server, RESELLER);
  // One credit: a reseller, but short of the two a month costs.
  await adminApi.request('POST', `/api/accounts/${await accountId(adminApi, RESELLER.email)}/credits`, {
    amount: 1,
  });
  // Signed up, never confirmed.
  await apiSession(server.url).request('POST', '/api/auth/sign-up', UNCONFIRMED);

  [admin, reseller] = await Promise.all([
    signedInPage(browser, server.url, ADMIN, { width: 1440, height: 900 }),
    signedInPage(browser, server.url, RESELLER, { width: 1440, height: 900 }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('operator experience', () => {
  for (const [language, unconfirmed, active] of [
    ['en', 'Email not confirmed', 'Active'],
    ['de', 'E-Mail nicht bestätigt', 'Aktiv'],
  ] as const) {
    it(`an account that never confirmed its email is not shown as active (${language})`, async () => {
      await setLanguage(admin, server.url, language);
      await visit(admin, '/resellers');
      const status = accountRow(admin, UNCONFIRMED.email).getByTestId('account-status');
      await status.waitFor(POLL);
      expect(await status.getAttribute('data-status')).toBe('unconfirmed');
      expect(await status.textContent()).toBe(unconfirmed);
      expect(await accountRow(admin, RESELLER.email).getByTestId('account-status').textContent()).toBe(
        active,
      );
    });
  }

  it('the username chosen at sign-up names the account in the list and in its own menu', async () => {
    await setLanguage(admin, server.url, 'en');
    await visit(admin, '/resellers');
    const row = accountRow(admin, RESELLER.email);
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain(`${RESELLER.username} · ${RESELLER.name}`);

    await reseller.getByTestId('account-button').click();
    expect(await reseller.getByTestId('account-username').textContent()).toBe(RESELLER.username);
    await reseller.keyboard.press('Escape');
  });

  it('a negative balance after in the add-line summary keeps its contrast', async () => {
    await setLanguage(reseller, server.url, 'en');
    await visit(reseller, '/users/add');
    const after = reseller.getByTestId('price-balance-after');
    await after.waitFor(POLL);
    expect(await after.textContent()).toBe('-1');
    await reseller.getByTestId('price-insufficient').waitFor(POLL);
    expect(await axeViolations(reseller, { rules: ['color-contrast'] })).toEqual([]);
  });

  it("the line page shows the N: line with its server's own DES key", async () => {
    await visit(admin, `/users/edit/${lineId}`);
    const text = admin.getByTestId('line-connection-line');
    await text.waitFor(POLL);
    expect((await text.textContent())?.trim()).toBe(
      `N: ${agent.host} 15000 ${LINE.username} ${LINE.password} 0A 1B 2C 3D 4E 5F 60 71 82 93 A4 B5 C6 D7`,
    );
  });
});
