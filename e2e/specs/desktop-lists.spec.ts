import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, signedInPage, waitForIdle } from '../support/page-helpers.js';

/**
 * The tickets list and the audit log at the desktop sizes an operator uses (1440×900, 1280×800), as
 * the lines grid already is: every column is drawn inside the list's visible part, so "Last update"
 * and "IP address" are read without a sideways scroll. The admin's lists are the widest (the tickets
 * list has the owner column for admins), and long texts are what used to push columns out.
 */

const LONG_EMAIL = 'kacperkoczkodan.reseller.account@example-telecom-services.com';
const LONG_TITLE = 'Receiver shows no channels after the evening update on the living room box';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const api = apiSession(server.url);
  await api.signIn(ADMIN.email, ADMIN.password);
  // An account (its creation and credits are audited) that opens a ticket.
  const created = await api.request<{ account: { id: string } }>('POST', '/api/accounts', {
    email: LONG_EMAIL,
    password: 'reseller-password-1',
  });
  await api.request('POST', `/api/accounts/${created.account.id}/credits`, { amount: 25 });
  const owner = apiSession(server.url);
  await owner.signIn(LONG_EMAIL, 'reseller-password-1');
  await owner.request('POST', '/api/tickets', {
    title: LONG_TITLE,
    description: 'Since the update yesterday evening the receiver finds no channels at all.',
    priority: 'high',
    category: 'technical',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Fails with the parts drawn outside `visible` (the list's box, cut to the screen). */
async function outside(page: Page, visible: Locator, parts: Locator[]): Promise<string[]> {
  const box = await visible.boundingBox();
  expect(box).not.toBeNull();
  const width = page.viewportSize()!.width;
  const left = Math.max(0, box!.x);
  const right = Math.min(width, box!.x + box!.width);
  const faults: string[] = [];
  for (const part of parts) {
    for (const element of await part.all()) {
      const drawn = await element.boundingBox();
      const name = ((await element.textContent()) ?? '').trim().slice(0, 40);
      if (!drawn) faults.push(`${name}: not drawn`);
      else if (drawn.x < left - 1 || drawn.x + drawn.width > right + 1) {
        faults.push(
          `${name}: ${Math.round(drawn.x)}–${Math.round(drawn.x + drawn.width)} outside ${left}–${right}`,
        );
      }
    }
  }
  return faults;
}

/** How far the element's content reaches past its box sideways (0: nothing hidden in a scroll). */
function hiddenSideways(element: Locator): Promise<number> {
  return element.evaluate((node) => Math.max(0, node.scrollWidth - node.clientWidth));
}

describe('the admin lists at desktop sizes', () => {
  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
  ] as const) {
    it(`the tickets list shows every column, "Last update" included, at ${width}×${height}`, async () => {
      const page = await signedInPage(browser, server.url, ADMIN, { width, height });
      await page.goto(`${server.url}/tickets`);
      const row = page.getByTestId('ticket-row').filter({ hasText: LONG_TITLE });
      await row.waitFor(POLL);
      await waitForIdle(page);
      const table = page.locator('table').filter({ has: row });
      const container = page.locator('.MuiTableContainer-root').filter({ has: row });
      expect(
        await outside(page, container, [
          table.locator('thead th'),
          row.getByTestId('ticket-owner'),
          row.getByTestId('ticket-updated'),
        ]),
      ).toEqual([]);
      expect(await hiddenSideways(container)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.context().close();
    });

    it(`the audit log shows every column, "IP address" included, at ${width}×${height}`, async () => {
      const page = await signedInPage(browser, server.url, ADMIN, { width, height });
      await page.goto(`${server.url}/audit-log`);
      const row = page.getByTestId('audit-row').filter({ hasText: LONG_EMAIL }).first();
      await row.waitFor(POLL);
      await waitForIdle(page);
      const scroller = page.getByTestId('audit-grid').locator('.MuiDataGrid-virtualScroller');
      expect(
        await outside(page, scroller, [
          page.getByTestId('audit-grid').locator('.MuiDataGrid-columnHeader'),
          row.getByTestId('audit-target'),
          row.getByTestId('audit-ip'),
        ]),
      ).toEqual([]);
      // The grid draws its own scrollbars: it adds one when its columns are wider than its box (the
      // DOM's scroll width also counts the last header's resize handle, which sticks out a few pixels).
      expect(await scroller.getAttribute('class')).not.toContain('virtualScroller--hasScrollX');
      expect(await page.getByTestId('audit-grid').locator('.MuiDataGrid-scrollbar--horizontal').count()).toBe(
        0,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.context().close();
    });
  }
});
