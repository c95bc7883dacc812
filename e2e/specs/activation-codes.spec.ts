import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import {
  accountId,
  axeViolations,
  POLL,
  signUpConfirmed,
  submitSignIn,
  waitForIdle,
} from '../support/page-helpers.js';

const RESELLER = { email: 'reseller.codes@example.com', password: 'reseller-password-1' };
const CREDITS = 100;
/** A month of the standard plan costs 2 credits. */
const MONTH = 2;

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let page: Page;

const credits = (value: number) => page.getByTestId('credits-value').filter({ hasText: String(value) });
const codeCards = () => page.getByTestId('activation-code');

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Codes agent');
  await signUpConfirmed(server, { ...RESELLER, name: 'Codes Reseller' });
  const resellerId = await accountId(adminApi, RESELLER.email);
  await adminApi.request('POST', `/api/accounts/${resellerId}/credits`, { amount: CREDITS });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  await submitSignIn(page, server.url, RESELLER);
  await page.getByTestId('welcome-card').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('activation codes', () => {
  it('generates 3 codes, activates one on the add-line page, voids another and refunds it', async () => {
    await credits(CREDITS).waitFor();
    await page.goto(`${server.url}/users/activation-codes`);
    await page.getByTestId('codes-empty').waitFor();

    // The total comes from the server's preview before anything is charged.
    await page.getByTestId('codes-open-generate').click();
    await page.getByTestId('codes-count').fill('3');
    await page.locator(`[data-testid="codes-preview"][data-total="${3 * MONTH}"]`).waitFor();
    expect(await page.getByTestId('price-balance-after').textContent()).toBe(String(CREDITS - 3 * MONTH));
    await page.getByTestId('codes-generate').click();
    await page.getByTestId('generate-codes-dialog').waitFor({ state: 'detached' });
    await codeCards().nth(2).waitFor();
    expect(await codeCards().count()).toBe(3);
    await credits(CREDITS - 3 * MONTH).waitFor();
    const codes = await codeCards().evaluateAll((cards) => cards.map((card) => card.dataset.code!));
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    // Activated on the add-line page: a line on the agent's server, and nothing more charged.
    await page.goto(`${server.url}/users/add`);
    await page.getByTestId('use-activation-code').click();
    await page.getByTestId('activate-code').fill(codes[0]!.toLowerCase());
    await page.getByTestId('activate-username').fill('coded-customer');
    await page.getByTestId('activate-submit').click();
    await page.getByTestId('connection-line-dialog').waitFor();
    expect(await page.getByTestId('connection-line-dialog').textContent()).toContain('coded-customer');
    await waitUntil(
      () => (readFileSync(agent.configFile, 'utf8').includes('coded-customer') ? true : undefined),
      "the activated line in the agent's CCcam.cfg",
    );
    await page.goto(`${server.url}/users/activation-codes`);
    await credits(CREDITS - 3 * MONTH).waitFor();

    // Filtered by state: the activated code names its line; two are still unused.
    await page.getByTestId('codes-filter-activated').click();
    await page.locator(`[data-testid="activation-code"][data-code="${codes[0]}"]`).waitFor();
    // That card was on the unfiltered page too, which stays shown (no spinner) until the filtered
    // answer comes: the page is waited on to narrow down.
    await expect.poll(() => codeCards().count(), POLL).toBe(1);
    expect(await codeCards().first().textContent()).toContain('coded-customer');
    await page.getByTestId('codes-filter-unused').click();
    await page.locator(`[data-testid="activation-code"][data-code="${codes[1]}"]`).waitFor();
    await waitForIdle(page);
    expect(await codeCards().count()).toBe(2);

    // Voiding one refunds what it cost.
    await page
      .locator(`[data-testid="activation-code"][data-code="${codes[1]}"]`)
      .getByTestId('code-void')
      .click();
    await page.getByTestId('code-void-confirm').click();
    await credits(CREDITS - 2 * MONTH).waitFor();
    await page
      .locator(`[data-testid="activation-code"][data-code="${codes[1]}"]`)
      .waitFor({ state: 'detached' });
    await page.getByTestId('codes-filter-void').click();
    await page
      .locator(`[data-testid="activation-code"][data-code="${codes[1]}"] [data-state="void"]`)
      .waitFor();
  });

  it('fits a phone, and has no serious accessibility findings', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/users/activation-codes`);
    await codeCards().first().waitFor();
    await waitForIdle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('codes-open-generate').click();
    await page.locator('[data-testid="codes-preview"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
