import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { accountId, axeViolations, POLL, signedInPage, signUpConfirmed } from '../support/page-helpers.js';

const RESELLER = { email: 'reseller.adopt@example.com', password: 'reseller-password-1' };
const CREDITS = 100;

/** An oscam.user kept by hand: two accounts the agent keeps with every setting, one without a password it cannot. */
const OSCAM_USER = [
  '# oscam.user kept by hand',
  '',
  '[account]',
  'user = anna',
  'pwd = anna-secret',
  'group = 1',
  'expdate = 2099-06-30',
  '',
  '[account]',
  'user = bruno',
  'pwd = bruno-secret',
  'group = 1',
  'expdate = 2099-03-31',
  'uniq = 3',
  'max_connections = 2',
  'caid = 0B00',
  'ident = 0B00:000000',
  'description = Bruno (cash)',
  '',
  '[account]',
  'user = reader',
  'group = 2',
  'au = 1',
  '',
].join('\n');

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let page: Page;
let serverId: number;
let adminApi: ReturnType<typeof apiSession>;
let resellerId: string;

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([
    startAppServer(),
    launchBrowser(),
    startLineAgent({ oscamUser: OSCAM_USER }),
  ]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  serverId = (await addAgentServer(adminApi, agent, 'Hand-kept OSCam')).id;
  await signUpConfirmed(server, { ...RESELLER, name: 'Adopting Reseller' });
  resellerId = await accountId(adminApi, RESELLER.email);
  await adminApi.request('POST', `/api/accounts/${resellerId}/credits`, { amount: CREDITS });
  // A phone's width: the whole adoption has to work there.
  page = await signedInPage(browser, server.url, ADMIN, { width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('adopting the accounts already on a server', () => {
  it('an admin adopts hand-written oscam.user accounts as a reseller’s lines, charged', async () => {
    await page.goto(`${server.url}/cccam-servers/manage`);
    await page.getByTestId('server-actions-menu-button').first().click();
    await page.getByTestId('server-adopt-button').click();
    await page.waitForURL(`**/cccam-servers/${serverId}/adopt`);
    const count = page.getByTestId('unmanaged-count');
    await count.waitFor(POLL);
    expect(await count.getAttribute('data-count')).toBe('3');
    expect(await count.textContent()).toBe('3 accounts on this server are not managed by the panel');

    await page.getByTestId('adopt-open').click();
    await page.getByTestId('adopt-accounts-dialog').waitFor(POLL);
    await page.getByTestId('adopt-select-all').check();
    await page.getByTestId('adopt-owner').fill(RESELLER.email.slice(0, 8));
    const option = page.getByRole('option', { name: RESELLER.email });
    await option.waitFor(POLL);
    await option.click();
    await page.getByTestId('adopt-charge').check();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId('adoption-preview-button').click();
    const preview = page.getByTestId('adoption-preview');
    await preview.waitFor(POLL);
    const status = (name: string) =>
      preview.locator(`[data-testid="adoption-result"][data-username="${name}"]`).getAttribute('data-status');
    expect(await status('anna')).toBe('adoptable');
    expect(await status('bruno')).toBe('adoptable');
    expect(await status('reader')).toBe('refused');
    expect(await preview.textContent()).toContain('The panel cannot keep this entry as it is');
    // Each account's entry as the agent will write it: bruno keeps his limits and his description.
    const brunoEntry = await preview
      .locator('[data-testid="adoption-result"][data-username="bruno"] [data-testid="adoption-entry"]')
      .textContent();
    for (const line of [
      'uniq = 3',
      'max_connections = 2',
      'ident = 0B00:000000',
      'description = Bruno (cash)',
    ]) {
      expect(brunoEntry).toContain(line);
    }
    expect(await preview.textContent()).toContain(`owner's balance: ${CREDITS}`);
    // Nothing has been written by the preview.
    expect(readFileSync(agent.configFile, 'utf8')).toBe(OSCAM_USER);

    await page.getByTestId('adoption-submit').click();
    const report = page.getByTestId('adoption-report');
    await report.waitFor(POLL);
    const reported = (name: string) =>
      report.locator(`[data-testid="adoption-result"][data-username="${name}"]`).getAttribute('data-status');
    expect(await reported('anna')).toBe('adopted');
    expect(await reported('bruno')).toBe('adopted');
    expect(await reported('reader')).toBe('refused');
    // The page fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('adoption-done').click();
    await expect.poll(() => count.getAttribute('data-count'), POLL).toBe('1');

    // The agent manages them now, with the login they had; the other entry stays as it was.
    await waitUntil(() => {
      const text = readFileSync(agent.configFile, 'utf8');
      return /linedesk-agent[\s\S]*user\s*=\s*anna[\s\S]*pwd\s*=\s*anna-secret/.test(text) ? text : undefined;
    }, 'anna in the agent’s managed block');
    expect(readFileSync(agent.configFile, 'utf8')).toMatch(/user = reader\ngroup = 2\nau = 1/);
    // bruno keeps his limits and description in the agent's block.
    const bruno = readFileSync(agent.configFile, 'utf8').split('user = bruno')[1] ?? '';
    for (const line of ['uniq = 3', 'max_connections = 2', 'caid = 0B00', 'description = Bruno (cash)']) {
      expect(bruno).toContain(line);
    }

    // The lines are the reseller's, with their password and the expiry the server had.
    await page.goto(`${server.url}/users/all`);
    await page.getByText('anna', { exact: true }).first().waitFor(POLL);
    await page.getByText('bruno', { exact: true }).first().waitFor(POLL);
    // Charged a month of the standard plan (2 credits) for each adopted account, nothing for the refused one.
    const reseller = await adminApi.request<{ credits: number }>('GET', `/api/accounts/${resellerId}`);
    expect(reseller.credits).toBe(CREDITS - 2 * 2);
  });
});
