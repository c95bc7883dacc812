import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';

/** expect.poll gives up after 1 s by default; a page on a busy machine can take longer. */
const POLL = { timeout: 30_000 };

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let page: Page;
let adminApi: ApiSession;
let firstShown = '';

/**
 * A fresh 390x844 browser signed in as the admin (the main page's cookies), its page prepared by
 * `initScript` before any of the app's code runs; closed once `use` is done.
 */
async function withSignedInPhonePage(initScript: () => void, use: (opened: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  try {
    await context.addCookies(await page.context().cookies());
    const opened = await context.newPage();
    await opened.addInitScript(initScript);
    await use(opened);
  } finally {
    await context.close();
  }
}

const screenshotDir = process.env.E2E_SCREENSHOT_DIR;
async function shot(name: string) {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Charts agent');
  // Three lines, one of them renewed: what the charts are drawn from.
  for (const username of ['chart-one', 'chart-two', 'chart-three']) {
    await adminApi.request('POST', '/api/lines', {
      username,
      password: 'Chart-Pass-1',
      subscription_months: 1,
    });
  }
  const lines = await adminApi.request<{ items: { id: number; username: string }[] }>('GET', '/api/lines');
  const first = lines.items.find((line) => line.username === 'chart-one')!;
  await adminApi.request('POST', `/api/lines/${first.id}/renew`, { subscription_months: 1 });

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  await page.goto(`${server.url}/sign-in`);
  await page.getByTestId('field-email').fill(ADMIN.email);
  await page.getByTestId('field-password').fill(ADMIN.password);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('welcome-card').waitFor();
  // What the dashboard shows as soon as it shows: it renders before the other pages' texts arrive.
  firstShown = await page.locator('body').innerText();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('dashboard and system status in a real browser', () => {
  it('the dashboard shows its texts, never their keys, as soon as it shows', () => {
    expect(firstShown).toContain('Welcome');
    expect(firstShown).not.toMatch(
      /\b(?:nav|errors|insights|lineConnections|messages|credits|dashboard|account|setupGuide|lines|common)\.[A-Za-z]+/,
    );
  });

  it('the dashboard shows figures and charts built from the lines the test created', async () => {
    await expect.poll(() => page.getByTestId('figure-lines-active-value').textContent(), POLL).toBe('3');
    await expect.poll(() => page.getByTestId('figure-servers-up-value').textContent(), POLL).toBe('1');
    expect(await page.getByTestId('figure-servers-down-value').textContent()).toBe('0');
    // Each chart is drawn, not replaced by its "nothing yet" text, once the reader scrolls to them.
    await page.getByTestId('charts-placeholder').scrollIntoViewIfNeeded();
    for (const chart of ['chart-activity', 'chart-servers', 'chart-expiries']) {
      await page.getByTestId(chart).locator('svg').first().waitFor();
      expect(await page.getByTestId(chart).textContent()).not.toMatch(/^No |No lines/);
    }
    expect(await page.getByTestId('chart-servers').locator('.MuiPieChart-arc').count()).toBe(1);
    await expect.poll(() => page.getByTestId('chart-servers').textContent(), POLL).toContain('Charts agent');
    await expect
      .poll(() => page.getByTestId('chart-credits').textContent(), POLL)
      .toContain('No credits spent in the last 30 days.');
    await shot('dashboard');
  });

  it('on a phone, nothing on the dashboard moves while it loads (the guide and figures show together)', async () => {
    // Every layout shift from the first paint on, as the browser reports it (CLS's inputs).
    const recordShifts = () => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    };
    await withSignedInPhonePage(recordShifts, async (opened) => {
      await opened.goto(server.url);
      await opened.getByTestId('setup-guide').waitFor();
      await opened.getByTestId('figure-lines-active-value').waitFor();
      // The charts draw once scrolled toward (far below the figures on a phone), and the page stays put.
      await opened.getByTestId('charts-placeholder').scrollIntoViewIfNeeded();
      await opened.getByTestId('chart-activity').locator('svg').first().waitFor();
      const shifts = await opened.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      // 0.1 is where Lighthouse and Core Web Vitals stop calling a page's layout shift good.
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.1);
    });
  });

  it('opened at its address, the dashboard asks for its figures, guide and badges once each, before it renders, and not who is signed in (the page carries it)', async () => {
    // When the welcome card first appears, on the clock the page's resource timings use.
    const recordWelcome = () => {
      const seen = window as unknown as { welcomeAt?: number };
      new MutationObserver(() => {
        if (seen.welcomeAt === undefined && document.querySelector('[data-testid="welcome-card"]')) {
          seen.welcomeAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    };
    await withSignedInPhonePage(recordWelcome, async (opened) => {
      await opened.goto(server.url);
      await opened.getByTestId('figure-lines-active-value').waitFor();
      await opened.getByTestId('setup-guide').waitFor();
      const { welcomeAt, requests } = await opened.evaluate(() => ({
        welcomeAt: (window as unknown as { welcomeAt: number }).welcomeAt,
        requests: performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      for (const path of [
        '/api/dashboard',
        '/api/setup-guide',
        '/api/messages/unread',
        '/api/tickets/unread-count',
        '/api/topups/pending-count',
      ]) {
        const asked = requests.filter((request) => request.path === path);
        expect(asked.length, `${path} asked ${asked.length} times`).toBe(1);
        expect(asked[0]!.startTime, `${path} asked before the page rendered`).toBeLessThan(welcomeAt);
      }
      expect(requests.filter((request) => request.path === '/api/me')).toEqual([]);
    });
  });

  it('a line created elsewhere updates the figures without a reload', async () => {
    await adminApi.request('POST', '/api/lines', {
      username: 'chart-four',
      password: 'Chart-Pass-1',
      subscription_months: 1,
    });
    await expect.poll(() => page.getByTestId('figure-lines-active-value').textContent(), POLL).toBe('4');
  });

  it('an admin narrows the figures to one owner by typing into the owner search', async () => {
    await page.goto(server.url);
    const panelLines = await page.getByTestId('figure-lines-active-value').textContent();
    await page.getByTestId('dashboard-owner-search').click();
    // The real search takes the stand-in's place, keeps the focus and everything typed.
    await page.keyboard.type(ADMIN.email.slice(0, 5));
    const combobox = page.getByRole('combobox', { name: 'Owner' });
    await expect.poll(() => combobox.inputValue(), POLL).toBe(ADMIN.email.slice(0, 5));
    const option = page.getByRole('option', { name: ADMIN.email });
    await option.waitFor(POLL);
    await option.click();
    await expect
      .poll(() => page.locator('main').textContent(), POLL)
      .toContain(`Lines and spending of ${ADMIN.email}`);
    // The admin created every line here, so their own figures are the panel's.
    expect(await page.getByTestId('figure-lines-active-value').textContent()).toBe(panelLines);
  });

  it('the API docs page shows an example request, answer and refusal for creating a line', async () => {
    const docs = await browser.newPage();
    try {
      // An operator's link to one operation opens it: the page draws its 130 operations a few at
      // a time while scrolled, so the deep link is how a reader lands on one.
      await docs.goto(`${server.url}/api/docs#/lines/post_api_lines`);
      const operation = docs.locator('#operations-lines-post_api_lines');
      const body = operation.locator('.opblock-section-request-body');
      await expect.poll(() => body.textContent(), POLL).toContain('"subscription_months": 3');
      const responses = operation.locator('.responses-wrapper');
      await expect.poll(() => responses.textContent(), POLL).toContain('"charged": 4');
      expect(await responses.textContent()).toContain('402');
      expect(await operation.locator('.response[data-code="402"]').textContent()).toContain(
        'Insufficient credits. Required: 4, Available: 1',
      );
    } finally {
      await docs.close();
    }
  });

  it('the status page shows the database kind, by its menu name and at the spec address', async () => {
    // A job run this instance has seen (the hourly reminder job, run by hand).
    await adminApi.request('POST', '/api/reminders/run');
    // A backup asked for by hand (as `npm run backup` does), shown with the others.
    await adminApi.request('POST', '/api/system/backup');
    await page.getByTestId('nav-systemStatus').first().click();
    await page.waitForURL(/\/system-status$/);
    await expect
      .poll(() => page.getByTestId('status-database-kind').textContent(), POLL)
      .toBe('Embedded (PGlite)');
    const lastBackup = page.getByTestId('status-backups-last');
    await lastBackup.waitFor();
    expect(await lastBackup.textContent()).toMatch(/^Last backup\d{2} \w{3} \d{4} \d{1,2}:\d{2} (am|pm)/);
    expect(await page.getByTestId('status-backups').textContent()).toContain('1 of at most 7');
    await shot('system-status');
    await page.goto(`${server.url}/supabase-test`);
    await expect
      .poll(() => page.getByTestId('status-database-kind').textContent(), POLL)
      .toBe('Embedded (PGlite)');
    expect(await page.getByTestId('status-job').count()).toBeGreaterThan(0);
  });
});
