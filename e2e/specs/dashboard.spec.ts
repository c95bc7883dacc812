import path from 'node:path';
import { addDays, addMonths, daysLeft, isoDate } from '@linedesk/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { accountId, signUpConfirmed, submitSignIn } from '../support/page-helpers.js';

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

/**
 * Brings the charts' place into view so that they load; on a desktop they may already be drawn (they
 * sit within the first screen there), and then there is no placeholder left to scroll to.
 */
async function scrollToCharts(target: Page) {
  await target.evaluate(() =>
    document
      .querySelector('[data-testid="charts-placeholder"], [data-testid="chart-activity"]')
      ?.scrollIntoView(),
  );
}

const screenshotDir = process.env.E2E_SCREENSHOT_DIR;
async function shot(name: string, target: Page = page) {
  if (screenshotDir)
    await target.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
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
});
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
    await scrollToCharts(page);
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
      await scrollToCharts(opened);
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

  it.each(['opened at its address', 'signed in on the sign-in page'] as const)(
    '%s, the dashboard shows a line created after it read its figures but before its live updates began, without a reload',
    async (how) => {
      // The page reads its figures, paints, and only then opens its event stream: here the stream's
      // request is held until a line has been created elsewhere, so that the change falls in between.
      const activeLines = async () =>
        (await adminApi.request<{ lines: { active: number } }>('GET', '/api/dashboard')).lines.active;
      const before = await activeLines();
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      try {
        if (how === 'opened at its address') await context.addCookies(await page.context().cookies());
        const opened = await context.newPage();
        let created = false;
        await opened.route('**/api/events*', async (route) => {
          if (!created) {
            await adminApi.request('POST', '/api/lines', {
              username: `between-${Date.now() % 100_000}`,
              password: 'Between-Pass-1',
              subscription_months: 1,
            });
            created = true;
          }
          await route.continue();
        });
        if (how === 'opened at its address') await opened.goto(server.url);
        else await submitSignIn(opened, server.url, ADMIN);
        await opened.getByTestId('figure-lines-active-value').waitFor();
        await expect.poll(() => created, POLL).toBe(true);
        expect(await activeLines()).toBe(before + 1);
        await expect
          .poll(() => opened.getByTestId('figure-lines-active-value').textContent(), POLL)
          .toBe(String(before + 1));
      } finally {
        await context.close();
      }
    },
  );

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
      // The 402 shows a refusal for money (which of its examples comes first is the document's order).
      expect(await operation.locator('.response[data-code="402"]').textContent()).toMatch(
        /Insufficient credits\. Required: 4, Available: -?\d+|Your balance is negative|A trial needs a balance/,
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

describe('the dashboard as a to-do list', () => {
  const DESKTOP = { width: 1440, height: 900 };
  const PHONE = { width: 390, height: 844 };
  const RESELLER = { email: 'todo-reseller@example.com', password: 'Todo-Pass-12345', name: 'Todo Reseller' };
  const QUIET = { email: 'quiet-reseller@example.com', password: 'Quiet-Pass-12345', name: 'Quiet Reseller' };
  const BUSY = { email: 'busy-reseller@example.com', password: 'Busy-Pass-12345', name: 'Busy Reseller' };
  const today = isoDate(new Date());
  /** Every error any page of this part logged (a refused inline style included). */
  const consoleErrors: string[] = [];
  const pages: Page[] = [];
  const lineIds = new Map<string, number>();
  let reseller: Page;
  let admin: Page;

  /** A page of its own, its console watched from the start, signed in and on the dashboard. */
  async function dashboardAs(account: { email: string; password: string }, viewport: typeof DESKTOP) {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const opened = await context.newPage();
    // From the dashboard on: the sign-in page's own check for a session answers 401, as it should.
    let signedIn = false;
    opened.on('console', (message) => {
      if (signedIn && message.type() === 'error') consoleErrors.push(`${account.email}: ${message.text()}`);
    });
    opened.on('pageerror', (error) => consoleErrors.push(`${account.email}: ${error.message}`));
    pages.push(opened);
    await submitSignIn(opened, server.url, account);
    await opened.getByTestId('welcome-card').waitFor(POLL);
    signedIn = true;
    return opened;
  }

  /** Where an element is in the first screen (page not scrolled): its top and bottom in pixels. */
  async function place(target: Page, testId: string) {
    const box = await target.getByTestId(testId).first().boundingBox();
    if (!box) throw new Error(`${testId} is not shown`);
    return { top: box.y, bottom: box.y + box.height };
  }

  beforeAll(async () => {
    // The first-run guide is for the panel's first day; these checks are of the everyday dashboard.
    await adminApi.request('PUT', '/api/setup-guide', { hidden: true });
    for (const account of [RESELLER, QUIET, BUSY]) {
      await signUpConfirmed(server, account);
      const id = await accountId(adminApi, account.email);
      await adminApi.request('POST', `/api/accounts/${id}/credits`, { amount: 50 });
    }
    const resellerApi = apiSession(server.url);
    await resellerApi.signIn(RESELLER.email, RESELLER.password);
    // Two lines expiring this week (in 3 and 5 days) and one next month.
    for (const [username, days] of [
      ['todo-soon', 3],
      ['todo-week', 5],
      ['todo-later', 40],
    ] as const) {
      const created = await resellerApi.request<{ line: { id: number } }>('POST', '/api/lines', {
        username,
        password: 'Todo-Line-1',
        subscription_months: 1,
      });
      lineIds.set(username, created.line.id);
      await adminApi.request('PATCH', `/api/lines/${created.line.id}`, { expiry_date: addDays(today, days) });
    }
    // A reseller with more lines expiring this week than the to-do list shows.
    const busyApi = apiSession(server.url);
    await busyApi.signIn(BUSY.email, BUSY.password);
    for (let days = 1; days <= 7; days += 1) {
      const created = await busyApi.request<{ line: { id: number } }>('POST', '/api/lines', {
        username: `busy-${days}`,
        password: 'Busy-Line-1',
        subscription_months: 1,
      });
      await adminApi.request('PATCH', `/api/lines/${created.line.id}`, { expiry_date: addDays(today, days) });
    }
    // And a top-up waiting for the admin: a third list on the admin's to-do.
    const pack = await adminApi.request<{ id: number }>('POST', '/api/credit-packages', {
      name: 'Busy Starter',
      credits: 20,
      price_cents: 999,
    });
    await busyApi.request('POST', '/api/topups', { package_id: pack.id, payment_reference: 'TX-BUSY-1' });
    // A server never tested is not active: down.
    await adminApi.request('POST', '/api/servers', {
      server_name: 'Never tested',
      host_ip: '127.0.0.1',
      port: 12000,
      api_port: 9,
      username: 'panel',
      password: 'secret-password',
    });
    [reseller, admin] = await Promise.all([dashboardAs(RESELLER, DESKTOP), dashboardAs(ADMIN, DESKTOP)]);
  });
  afterAll(async () => {
    await Promise.all(pages.map((opened) => opened.context().close()));
  });

  it('at 1440×900 the daily actions, the to-do list, the figures and the first charts all show without scrolling', async () => {
    for (const [who, opened] of [
      ['reseller', reseller],
      ['admin', admin],
    ] as const) {
      await opened.getByTestId('todo-card').waitFor(POLL);
      await opened.getByTestId('chart-activity').locator('svg').first().waitFor(POLL);
      await opened.getByTestId('chart-servers').locator('svg').first().waitFor(POLL);
      await shot(`dashboard-todo-${who}`, opened);
      // The first thing to press is the daily one, not the profile.
      expect(await opened.locator('main').getByRole('link').first().textContent(), who).toBe('Add line');
      const todo = await place(opened, 'todo-card');
      const figures = await place(opened, 'figure-lines-active');
      expect(todo.top, `${who}: the to-do list comes before the figures`).toBeLessThan(figures.top);
      for (const testId of ['todo-card', 'figure-lines-active', 'chart-activity', 'chart-servers']) {
        const shown = await place(opened, testId);
        expect(shown.bottom, `${who}: ${testId} ends inside the first screen`).toBeLessThanOrEqual(
          DESKTOP.height,
        );
      }
    }
  });

  it('at 1440×900 a full to-do list still leaves the figures and the first charts in the first screen', async () => {
    const busy = await dashboardAs(BUSY, DESKTOP);
    // Seven lines expire this week: the list shows its first few, and says how many there are.
    await expect.poll(() => busy.getByTestId('todo-expiring-count').textContent(), POLL).toBe('7');
    expect(await busy.getByTestId('todo-expiring-line').count()).toBeGreaterThan(2);
    await busy.getByTestId('chart-activity').locator('svg').first().waitFor(POLL);
    await busy.getByTestId('chart-servers').locator('svg').first().waitFor(POLL);
    await shot('dashboard-todo-busy', busy);
    for (const testId of ['todo-card', 'figure-lines-active', 'chart-activity', 'chart-servers']) {
      const shown = await place(busy, testId);
      expect(shown.bottom, `${testId} ends inside the first screen`).toBeLessThanOrEqual(DESKTOP.height);
    }
  });

  it('a line expiring in 3 days shows under "Expiring this week"; renewed from there, its expiry moves on a month', async () => {
    const expiring = reseller.getByTestId('todo-expiring');
    await expect.poll(() => expiring.getByTestId('todo-expiring-line').count(), POLL).toBe(2);
    const soon = expiring.getByTestId('todo-expiring-line').filter({ hasText: 'todo-soon' });
    // Counted from now, not from the lines' set-up: a run that set them up before midnight (UTC, the
    // panel's default zone) and looks after it sees "2 days left", as the panel rightly says.
    expect(await soon.textContent()).toContain(
      `${daysLeft(addDays(today, 3), isoDate(new Date()))} days left`,
    );
    expect(await expiring.getByTestId('todo-expiring-line').first().textContent()).toContain('todo-soon');
    await soon.getByTestId('todo-renew').click();
    const dialog = reseller.getByTestId('renew-dialog');
    await dialog.waitFor(POLL);
    const renewedTo = addMonths(addDays(today, 3), 1);
    const [y, m, d] = renewedTo.split('-');
    await expect
      .poll(() => reseller.getByTestId('renew-new-expiry').textContent(), POLL)
      .toBe(`${d}-${m}-${y}`);
    await reseller.getByTestId('renew-confirm').click();
    // The line leaves this week's list; the other stays.
    await expect.poll(() => expiring.getByTestId('todo-expiring-line').count(), POLL).toBe(1);
    expect(await expiring.textContent()).toContain('todo-week');
    const line = await adminApi.request<{ expiry_date: string }>(
      'GET',
      `/api/lines/${lineIds.get('todo-soon')}`,
    );
    expect(line.expiry_date).toBe(renewedTo);
  });

  it('"See all" opens the lines grid under its quick filter', async () => {
    await reseller.getByTestId('todo-expiring-see-all').click();
    await reseller.waitForURL(/\/users\/all\?expiring_within_days=7/);
    await expect
      .poll(() => reseller.getByTestId('quick-filter-expiring_soon').getAttribute('aria-pressed'), POLL)
      .toBe('true');
    await reseller.goBack();
    await reseller.getByTestId('todo-card').waitFor(POLL);
  });

  it('figures are coloured by their state: servers down and expired lines red, expiring amber', async () => {
    await expect.poll(() => admin.getByTestId('figure-servers-down-value').textContent(), POLL).toBe('1');
    expect(await admin.getByTestId('figure-servers-down').getAttribute('data-tone')).toBe('error');
    expect(await admin.getByTestId('figure-servers-up').getAttribute('data-tone')).toBe('success');
    expect(await admin.getByTestId('todo-servers').textContent()).toContain('Never tested');
    expect(await admin.getByTestId('figure-lines-expiring').getAttribute('data-tone')).toBe('warning');
    expect(await admin.getByTestId('figure-lines-expired').getAttribute('data-tone')).toBe('success');
    // A line that ran out two days ago turns the expired figure red, live.
    await adminApi.request('PATCH', `/api/lines/${lineIds.get('todo-later')}`, {
      expiry_date: addDays(today, -2),
    });
    await expect
      .poll(() => admin.getByTestId('figure-lines-expired').getAttribute('data-tone'), POLL)
      .toBe('error');
    // Each figure has its own picture, not one for all.
    const icons = await admin
      .locator('[data-testid^="figure-"][data-tone] svg')
      .evaluateAll((svgs) => svgs.map((svg) => svg.innerHTML));
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('with nothing to do, the to-do list says so', async () => {
    const quiet = await dashboardAs(QUIET, DESKTOP);
    await expect
      .poll(() => quiet.getByTestId('todo-empty').textContent(), POLL)
      .toContain('Nothing needs doing now');
  });

  it('on a phone (390×844) the dashboard is at most two screens tall, the to-do list first', async () => {
    for (const account of [ADMIN, RESELLER]) {
      const phone = await dashboardAs(account, PHONE);
      await phone.getByTestId('todo-card').waitFor(POLL);
      const todo = await place(phone, 'todo-card');
      const figures = await place(phone, 'figure-lines-active');
      expect(todo.top, `${account.email}: the to-do list comes before the figures`).toBeLessThan(figures.top);
      // Measured with the charts drawn, not their placeholder.
      await scrollToCharts(phone);
      await phone.getByTestId('chart-activity').locator('svg').first().waitFor(POLL);
      await phone.getByTestId('online-by-server-card').waitFor(POLL);
      await shot(`dashboard-phone-${account.email}`, phone);
      const height = await phone.evaluate(() => document.documentElement.scrollHeight);
      expect(height, `${account.email}: the phone dashboard's height`).toBeLessThanOrEqual(2 * PHONE.height);
    }
  });

  it('logged no console error on any of these pages', () => {
    expect(consoleErrors).toEqual([]);
  });
});
