import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, setLanguage, shownDate, signedInPage, typeDate } from '../support/page-helpers.js';

/**
 * What the panel writes reads in the reader's language: a notice sent while the admin read English
 * reads in German after a switch, and numbers and dates follow the language shown (chart axes with
 * its separators, one date format for the dates a page shows, date fields typed DD-MM-YYYY).
 */

let server: AppServer;
let browser: Browser;
let admin: Page;
let adminApi: ApiSession;
const NEWCOMER = 'newcomer@example.com';

const bell = (page: Page) => page.getByTestId('notifications-bell');

async function bellItem(page: Page, text: string) {
  await bell(page).click();
  const item = page
    .getByTestId('notifications-popup')
    .getByTestId('notification-item')
    .filter({ hasText: text });
  await item.first().waitFor(POLL);
  const shown = await item.first().textContent();
  await page.keyboard.press('Escape');
  return shown ?? '';
}

/** The revenue chart's value axis, as drawn. */
async function revenueTicks(page: Page): Promise<string[]> {
  const chart = page.getByTestId('chart-revenue');
  await chart.locator('.MuiChartsAxis-left .MuiChartsAxis-tickLabel').first().waitFor(POLL);
  return chart.locator('.MuiChartsAxis-left .MuiChartsAxis-tickLabel').allTextContents();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  admin = await signedInPage(browser, server.url, ADMIN, { width: 1440, height: 900 });
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  // A top-up of 5,000 approved today: the revenue chart's axis reaches thousands.
  const pack = await adminApi.request<{ id: number }>('POST', '/api/credit-packages', {
    name: 'Texts 5000',
    credits: 5000,
    price_cents: 500_000,
  });
  const requested = await adminApi.request<{ id: number }>('POST', '/api/topups', {
    package_id: pack.id,
    payment_reference: 'TEXTS-1',
  });
  await adminApi.request('POST', `/api/topups/${requested.id}/approve`);
});
afterAll(async () => {
  await admin?.context().close();
  await browser?.close();
  await server?.stop();
});

describe("texts in the reader's language", () => {
  it('a bell notice sent while the admin read English reads in German after a switch', async () => {
    // Open sign-up tells every admin of each new account: the notice is written now, in English.
    const visitor = await browser.newContext();
    const signUp = await visitor.request.post(`${server.url}/api/auth/sign-up`, {
      data: { email: NEWCOMER, password: 'e2e-password-3' },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    await visitor.close();
    expect(await bellItem(admin, NEWCOMER)).toContain(`New account signed up: ${NEWCOMER}`);

    await setLanguage(admin, server.url, 'de');
    await expect
      .poll(() => bellItem(admin, NEWCOMER), POLL)
      .toContain(`Neues Konto registriert: ${NEWCOMER}`);
    await admin.goto(`${server.url}/messages`);
    await admin
      .getByTestId('message-item')
      .filter({ hasText: `Neues Konto registriert: ${NEWCOMER}` })
      .first()
      .waitFor(POLL);
  });

  for (const [language, grouped, foreign] of [
    ['de', /^\d{1,3}(\.\d{3})+$/, /,/],
    ['en', /^\d{1,3}(,\d{3})+$/, /\./],
  ] as const) {
    it(`chart axes write thousands as ${language} does`, async () => {
      await setLanguage(admin, server.url, language);
      await admin.goto(`${server.url}/`);
      const ticks = await revenueTicks(admin);
      expect(
        ticks.some((tick) => grouped.test(tick)),
        ticks.join(' '),
      ).toBe(true);
      expect(ticks.filter((tick) => foreign.test(tick))).toEqual([]);
    });

    it(`the audit log shows one date format and its date fields are typed DD-MM-YYYY (${language})`, async () => {
      await setLanguage(admin, server.url, language);
      await admin.goto(`${server.url}/audit-log`);
      const times = admin.getByTestId('audit-time');
      await times.first().waitFor(POLL);
      const month = new Intl.DateTimeFormat(language, { month: 'short' })
        .format(new Date())
        .replace(/\.$/, '');
      for (const time of await times.allTextContents()) {
        // DD MMM YYYY and the time, the month in the page's language.
        expect(time).toMatch(/^\d{2} \S+ \d{4} /);
      }
      expect((await times.first().textContent()) ?? '').toContain(month);

      const today = new Date().toISOString().slice(0, 10);
      await typeDate(admin, 'audit-filter-from', today);
      const [year, monthNumber, day] = today.split('-');
      expect(await shownDate(admin, 'audit-filter-from')).toBe(`${day}-${monthNumber}-${year}`);
      await times.first().waitFor(POLL);
    });
  }
});
