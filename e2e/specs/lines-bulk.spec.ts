import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { accountId, axeViolations, signUpConfirmed, submitSignIn } from '../support/page-helpers.js';

const RESELLER = { email: 'reseller.bulk@example.com', password: 'reseller-password-1' };
const LINES = 100;
const CREDITS = 800;

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let context: BrowserContext;
let page: Page;
let resellerApi: ApiSession;

type Job = { id: number; status: string; succeeded: number };
type LineItem = { id: number; username: string; password: string };

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Bulk agent');

  await signUpConfirmed(server, { ...RESELLER, name: 'Bulk Reseller' });
  const resellerId = await accountId(adminApi, RESELLER.email);
  await adminApi.request('POST', `/api/accounts/${resellerId}/credits`, { amount: CREDITS });
  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);

  // 100 lines of 1 month (2 credits each), seeded with one bulk create over the API.
  const job = await resellerApi.request<Job>('POST', '/api/lines/bulk', {
    action: 'create',
    count: LINES,
    username_prefix: 'mass-',
    subscription_months: 1,
  });
  await waitUntil(async () => {
    const now = await resellerApi.request<Job>('GET', `/api/lines/bulk/${job.id}`);
    return now.status === 'done' && now.succeeded === LINES ? true : undefined;
  }, 'the seeding bulk create to finish');

  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  await submitSignIn(page, server.url, RESELLER);
  await page.getByTestId('welcome-card').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('mass actions on lines', () => {
  it('renews 100 lines at once: the confirmation shows the total, the progress is shown, the total is charged', async () => {
    const before = CREDITS - LINES * 2;
    await page
      .getByTestId('credits-value')
      .filter({ hasText: String(before) })
      .waitFor();
    await page.goto(`${server.url}/users/all?page_size=100`);
    await page
      .getByTestId('line-row')
      .nth(LINES - 1)
      .waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    expect(await page.getByTestId('lines-selected-count').textContent()).toBe(`Selected: ${LINES}`);

    await page.getByTestId('lines-bulk-renew').click();
    await page.locator('[data-testid="bulk-preview-count"][data-count="100"]').waitFor();
    // 3 months cost 4 credits a line: 400 for the hundred, shown before anything is charged.
    await page.getByTestId('duration-option-3').click();
    await page.locator('[data-testid="price-summary"][data-charged="400"]').waitFor();
    expect(await page.getByTestId('price-value').textContent()).toBe('400 credits');
    expect(await page.getByTestId('price-balance-after').textContent()).toBe(String(before - 400));
    expect(await axeViolations(page)).toEqual([]);

    // Every count the progress shows, from the moment the dialog opens.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="bulk-progress-count"]')?.textContent;
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('bulk-confirm').click();
    await page.locator('[data-testid="bulk-progress"][data-finished="true"]').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('bulk-progress-count').textContent()).toBe(`${LINES} / ${LINES}`);
    expect(await page.getByTestId('bulk-summary').textContent()).toBe(`Done: ${LINES} succeeded, 0 failed.`);
    expect(await page.getByTestId('bulk-charged').getAttribute('data-charged')).toBe('400');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    // Shown from the start, climbing to the end, always out of the hundred.
    expect(seen.every((text) => text.endsWith(` / ${LINES}`))).toBe(true);
    const done = seen.map((text) => Number(text.split(' / ')[0]));
    expect(done[0]).toBeLessThan(LINES);
    expect(done[done.length - 1]).toBe(LINES);
    expect(done).toEqual([...done].sort((a, b) => a - b));

    // The balance in the header follows live.
    await page
      .getByTestId('credits-value')
      .filter({ hasText: String(before - 400) })
      .waitFor();
    const csv = await (
      await page.request.get(`${server.url}${await page.getByTestId('bulk-download').getAttribute('href')}`)
    ).text();
    expect(csv.trim().split('\r\n')).toHaveLength(LINES + 1);
    await page.getByTestId('bulk-close').click();
  });

  it('shows the connection line on the line page and copies it, and copies it from a list row', async () => {
    const list = await resellerApi.request<{ items: LineItem[] }>('GET', '/api/lines?page_size=1');
    const line = list.items[0]!;
    const expected = `C: ${agent.host} 12000 ${line.username} ${line.password}`;

    await page.goto(`${server.url}/users/edit/${line.id}`);
    await page.getByTestId('line-connection-line').filter({ hasText: expected }).waitFor();
    await page.getByTestId('line-connection-copy').click();
    await page.locator('[data-testid="line-connection-copy"][data-copied="true"]').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.goto(`${server.url}/users/all?search=${encodeURIComponent(line.username)}`);
    const row = page.getByTestId('line-row').filter({ hasText: line.username });
    await row.getByTestId('line-actions-menu-button').click();
    await page.getByTestId('line-copy-connection-menu-item').click();
    await page
      .getByTestId('snackbar')
      .filter({ hasText: `Connection line of ${line.username} copied` })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  });

  it('fits a 390 px phone: selection bar and the confirmation without sideways scrolling', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${server.url}/users/all`);
    await phone.getByTestId('line-row').first().waitFor();
    // Nothing chosen, no bar; ticking the page's lines offers every line matching the filter.
    expect(await phone.getByTestId('lines-bulk-bar').count()).toBe(0);
    await phone.getByTestId('lines-select-page').check();
    await phone.getByTestId('lines-bulk-bar').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByTestId('lines-select-all-matching').click();
    await phone
      .getByTestId('lines-selected-count')
      .filter({ hasText: `All matching lines selected: ${LINES}` })
      .waitFor();
    await phone.getByTestId('lines-bulk-disable').click();
    await phone.locator('[data-testid="bulk-preview-count"][data-count="100"]').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();
  });
});
