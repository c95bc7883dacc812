import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { accountId, axeViolations, signUpConfirmed, waitForIdle } from '../support/page-helpers.js';

const RESELLER = { email: 'reseller.portal@example.com', password: 'reseller-password-1' };

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let reseller: ApiSession;
let page: Page;
/** The reseller's codes: the first makes the customer's line, the second renews it. */
let bought: string[] = [];

/** Codes the reseller bought, through the API: the portal is what this spec drives. */
async function codes(count: number): Promise<string[]> {
  const generated = await reseller.request<{ items: { code: string }[] }>('POST', '/api/activation-codes', {
    count,
    subscription_months: 1,
  });
  return generated.items.map((c) => c.code);
}

const fitsPhone = async () =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Portal agent');
  await signUpConfirmed(server, { ...RESELLER, name: 'Portal Reseller' });
  await adminApi.request('POST', `/api/accounts/${await accountId(adminApi, RESELLER.email)}/credits`, {
    amount: 50,
  });
  reseller = apiSession(server.url);
  await reseller.signIn(RESELLER.email, RESELLER.password);
  await reseller.request('PUT', '/api/portal/settings', { enabled: true, contact: 'Telegram @portalseller' });

  // A customer's phone, with no panel session.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('customer portal', () => {
  it("activates a code from the sheet's link, shows the line and copies its connection line", async () => {
    bought = await codes(2);
    const code = bought[0]!;
    // The printed sheet's QR code opens this address.
    await page.goto(`${server.url}/my/activate?code=${code}`);
    await page.getByTestId('portal-activate-form').waitFor();
    expect(await page.getByTestId('portal-code').inputValue()).toBe(code);
    await waitForIdle(page);
    await fitsPhone();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('portal-activate-submit').click();

    await page.getByTestId('portal-line-page').waitFor();
    const username = (await page.getByTestId('portal-username').textContent())!;
    expect(await page.getByTestId('line-status').getAttribute('data-status')).toBe('active');
    const line = (await page.getByTestId('portal-connection-line-0').textContent())!;
    expect(line).toMatch(new RegExp(`^C: 127\\.0\\.0\\.1 \\d+ ${username} \\S+$`));
    await page.getByTestId('portal-connection-qr').waitFor();
    expect(await page.getByTestId('portal-reseller').textContent()).toContain('Telegram @portalseller');
    expect(await page.getByTestId('portal-receiver-settings').textContent()).toContain('protocol = cccam');

    await page.getByTestId('portal-copy-connection-line-0').click();
    await page.locator('[data-testid="portal-copy-connection-line-0"][data-copied="true"]').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);

    // The line is on the real agent's server.
    await waitUntil(
      () => (readFileSync(agent.configFile, 'utf8').includes(`F: ${username} `) ? true : undefined),
      "the activated line in the agent's CCcam.cfg",
    );
    await waitForIdle(page);
    await fitsPhone();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("signs out, and signs in again with the line's username and password", async () => {
    const username = (await page.getByTestId('portal-username').textContent())!;
    const line = (await page.getByTestId('portal-connection-line-0').textContent())!;
    const password = line.split(' ').at(-1)!;
    await page.getByTestId('portal-sign-out').click();
    await page.getByTestId('portal-sign-in-form').waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByTestId('portal-sign-in-submit').click();
    await page.getByText('Wrong username or password').waitFor();
    await waitForIdle(page);
    await fitsPhone();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByTestId('portal-sign-in-submit').click();
    await page.getByTestId('portal-line-page').waitFor();
    expect(await page.getByTestId('portal-username').textContent()).toBe(username);
  });

  it('renews the signed-in line with another code', async () => {
    const before = await page.getByTestId('portal-days-left').textContent();
    await page.getByTestId('portal-renew').click();
    await page.getByTestId('portal-activate-form').waitFor();
    await page.getByTestId('portal-code').fill(bought[1]!.toLowerCase());
    await page.getByTestId('portal-activate-submit').click();
    await page.getByTestId('portal-line-page').waitFor();
    await waitUntil(async () => {
      const after = await page.getByTestId('portal-days-left').textContent();
      return Number(after) >= Number(before) + 28 ? true : undefined;
    }, 'a month more on the line page');
  });

  it('asks the reseller to renew, and sees it confirmed', async () => {
    const username = (await page.getByTestId('portal-username').textContent())!;
    await page.getByRole('button', { name: 'Ask my reseller to renew' }).click();
    const sent = page.getByTestId('portal-ask-renewal-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toContain('Your reseller has been asked to renew your line.');
    await waitForIdle(page);
    await fitsPhone();
    expect(await axeViolations(page)).toEqual([]);
    // The reseller has it among their messages, with the bell.
    const messages = await reseller.request<{ items: { title: string }[] }>('GET', '/api/messages');
    expect(messages.items.map((m) => m.title)).toContain(`Renewal requested: ${username}`);
  });

  it("changes the line's password: the connection line carries the new one", async () => {
    const line = (await page.getByTestId('portal-connection-line-0').textContent())!;
    const current = line.split(' ').at(-1)!;
    await page.getByLabel('Current password', { exact: true }).fill(current);
    await page.getByLabel('New password', { exact: true }).fill('Portal-New-42');
    await page.getByTestId('portal-password-submit').click();
    await page.getByTestId('portal-password-changed').waitFor();
    expect(await page.getByTestId('portal-connection-line-0').textContent()).toMatch(/ Portal-New-42$/);
    await waitForIdle(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the refusal in German once the reseller turns the portal off, at any address under /my', async () => {
    await page.getByTestId('language-button').selectOption('de');
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    await reseller.request('PUT', '/api/portal/settings', { enabled: false, contact: '' });
    await page.goto(`${server.url}/my/no-such-page`);
    await page.getByTestId('portal-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my');
    expect(await page.getByTestId('portal-error').textContent()).toContain('Kundenportal');
    await reseller.request('PUT', '/api/portal/settings', {
      enabled: true,
      contact: 'Telegram @portalseller',
    });
  });
});
