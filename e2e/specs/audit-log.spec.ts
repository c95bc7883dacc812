import { LANGUAGE_STORAGE_KEY } from '@linedesk/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { axeViolations, signedInPage, typeDate } from '../support/page-helpers.js';

const AUDITED = 'e2e.audited@example.com';
const OTHER = 'e2e.bystander@example.com';
const POLL = { timeout: 30_000 };

let server: AppServer;
let browser: Browser;

const signedInAdmin = (viewport: { width: number; height: number }) =>
  signedInPage(browser, server.url, ADMIN, viewport);

/** The rows the grid shows now, as (action, target, changes) text. */
async function rows(page: Page) {
  return page.getByTestId('audit-row').evaluateAll((found) =>
    found.map((row) => ({
      action: row.querySelector('[data-testid="audit-action"]')?.getAttribute('data-action'),
      target: row.querySelector('[data-testid="audit-target"]')?.textContent,
      changes: [...row.querySelectorAll('[data-testid="audit-change"]')].map((c) => c.textContent),
    })),
  );
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const api = apiSession(server.url);
  await api.signIn(ADMIN.email, ADMIN.password);
  for (const email of [AUDITED, OTHER]) {
    const created = await api.request<{ account: { id: string } }>('POST', '/api/accounts', {
      email,
      password: 'audited-password-1',
    });
    const credits = email === AUDITED ? 15 : 4;
    await api.request('POST', `/api/accounts/${created.account.id}/credits`, { amount: credits });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the audit log in a real browser', () => {
  it('an admin filters the log down to one credit change and sees its before and after', async () => {
    const page = await signedInAdmin({ width: 1280, height: 800 });
    await page.getByTestId('nav-auditLog').first().click();
    await page.waitForURL(/\/audit-log$/);
    // Unfiltered: both accounts' creations and credit changes are there.
    await expect.poll(async () => (await rows(page)).length, POLL).toBeGreaterThanOrEqual(4);

    await page.getByTestId('audit-filter-target').fill('e2e.audited');
    await page.getByTestId('audit-filter-action').click();
    await page.getByTestId('audit-action-option-credits.add').click();
    await expect
      .poll(() => rows(page), POLL)
      .toEqual([{ action: 'credits.add', target: AUDITED, changes: ['credits: 0 → 15'] }]);
    await expect
      .poll(() => page.getByTestId('audit-row').first().textContent(), POLL)
      .toContain('Credits added');

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await typeDate(page, 'audit-filter-to', yesterday);
    await expect.poll(async () => (await rows(page)).length, POLL).toBe(0);
    await typeDate(page, 'audit-filter-to', today);
    await expect.poll(async () => (await rows(page)).length, POLL).toBe(1);

    const href = await page.getByTestId('audit-export').getAttribute('href');
    expect(href).toBe(`/api/audit-log/export.csv?target=e2e.audited&action=credits.add&to=${today}`);
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
    expect(csv).toContain(`credits.add,${ADMIN.email},${AUDITED}`);
    await page.context().close();
  });

  it('fits a 390 px phone and passes axe in every language', async () => {
    const page = await signedInAdmin({ width: 390, height: 844 });
    for (const language of ['en', 'de', 'pl', 'pt']) {
      await page.evaluate(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        [LANGUAGE_STORAGE_KEY, language],
      );
      await page.goto(`${server.url}/audit-log`);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language, POLL);
      await page.getByTestId('audit-row').first().waitFor(POLL);
      await page.waitForFunction(
        () => document.querySelectorAll('.MuiSkeleton-root, .MuiLinearProgress-root').length === 0,
        undefined,
        POLL,
      );
      const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(width[0], language).toBeLessThanOrEqual(width[1]!);

      const serious = await axeViolations(page);
      expect(serious, language).toEqual([]);
    }
    await page.context().close();
  });
});
