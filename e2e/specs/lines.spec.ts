import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { addMonths, isoDate, toDisplayDate } from '@linedesk/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineAgent } from '../support/agent.js';
import type { ApiSession } from '../support/api-session.js';
import { waitUntil, type AppServer } from '../support/app-server.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

let server: AppServer;
let scenario: ResellerScenario;
let agent: LineAgent;
let reseller: Page;
let admin: Page;
let adminApi: ApiSession;

const RESELLER = { email: 'reseller.lines@example.com', password: 'reseller-password-1' };
const LINE = { username: 'e2e-customer', password: 'Line-Pass-42' };
const SERVER_NAME = 'Lines agent';
/** Set to a directory to keep a screenshot of each step (for looking at the layout). */
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

function row(page: Page, username: string) {
  return page
    .getByTestId('line-row')
    .filter({ has: page.getByTestId('line-username').getByText(username, { exact: true }) });
}

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: SERVER_NAME,
    reseller: { ...RESELLER, name: 'Lines Reseller' },
    credits: 10,
  });
  ({ server, agent, adminApi, reseller, admin } = scenario);
});
afterAll(() => scenario?.stop());

describe('line users in real browsers, against a real line agent', () => {
  it('a reseller creates a line, sees its connection line and the credits drop; an open admin list shows it live', async () => {
    // The admin keeps the list open the whole time; nothing reloads it.
    await admin.goto(`${server.url}/users`);
    await admin.waitForURL(/\/users\/all$/);
    await admin.locator('[data-testid="lines-empty"][data-filtered="false"]').waitFor();

    expect(await reseller.getByTestId('credits-value').textContent()).toBe('10');
    await reseller.getByTestId('nav-lines').first().click();
    await reseller.getByTestId('nav-linesAdd').first().click();
    await reseller.waitForURL(/\/users\/add$/);
    // The newest active server is preselected and the trial length comes from the settings.
    await reseller.getByTestId('field-server-select').filter({ hasText: SERVER_NAME }).waitFor();
    await reseller
      .getByTestId('trial-length')
      .filter({ hasText: /^A trial line lasts 1 day and costs nothing$/ })
      .waitFor();
    // Trial switched on: the daily trial limit and what is left of it today show.
    await reseller.getByTestId('field-is_trial').click();
    await reseller
      .getByTestId('trial-left')
      .filter({ hasText: /^Trial lines left today: 5 of 5$/ })
      .waitFor();
    await reseller.getByTestId('field-is_trial').click();
    await reseller.getByTestId('trial-left').waitFor({ state: 'detached' });

    await reseller.getByTestId('field-username').fill(LINE.username);
    await reseller.getByTestId('field-password').fill(LINE.password);
    await reseller.getByTestId('duration-option-3').click();
    expect(await reseller.getByTestId('price-value').textContent()).toBe('4 credits');
    expect(await reseller.getByTestId('price-balance').textContent()).toBe('10');
    expect(await reseller.getByTestId('price-balance-after').textContent()).toBe('6');
    await shot(reseller, 'lines-add');

    await reseller.getByTestId('line-form-submit').click();
    const connection = reseller.getByTestId('connection-line');
    await connection.waitFor();
    expect(await connection.textContent()).toBe(`C: ${agent.host} 12000 ${LINE.username} ${LINE.password}`);
    expect(await reseller.getByTestId('connection-sync-warning').count()).toBe(0);
    // The header balance drops without a reload.
    await reseller.getByTestId('credits-value').filter({ hasText: /^6$/ }).waitFor();
    await shot(reseller, 'lines-created-dialog');

    // The agent really has it.
    await waitUntil(async () => {
      const config = await readFile(agent.configFile, 'utf8');
      return config.includes(`F: ${LINE.username} ${LINE.password} `) ? true : undefined;
    }, 'the line in CCcam.cfg');

    const expiry = toDisplayDate(addMonths(isoDate(new Date()), 3));
    const adminRow = row(admin, LINE.username);
    await adminRow.waitFor();
    expect(await adminRow.getByTestId('line-expiry').textContent()).toBe(expiry);
    expect(await adminRow.getByTestId('line-expiry').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await adminRow.getByTestId('line-owner').textContent()).toBe(RESELLER.email);
    expect(await adminRow.getByTestId('line-status').getAttribute('data-color')).toBe('success');
    // The sync column is in the column chooser (a line that is not synced says so under its status).
    await admin.getByTestId('lines-columns-button').click();
    await admin.getByTestId('lines-column-sync_state').click();
    await admin.keyboard.press('Escape');
    await adminRow.locator('[data-testid="line-sync"][data-sync-state="synced"]').waitFor();
    await shot(admin, 'lines-admin-list');

    await reseller.getByTestId('connection-done').click();
    await reseller.waitForURL(/\/users\/all$/);
    const resellerRow = row(reseller, LINE.username);
    await resellerRow.waitFor();
    expect(await resellerRow.getByTestId('line-expiry').textContent()).toBe(expiry);
    // The password column is one choice away, in the column chooser.
    await reseller.getByTestId('lines-columns-button').click();
    await reseller.getByTestId('lines-column-password').click();
    await reseller.keyboard.press('Escape');
    expect(await resellerRow.getByTestId('line-password').textContent()).not.toContain(LINE.password);
    await resellerRow.getByTestId('line-password-toggle').click();
    expect(await resellerRow.getByTestId('line-password').textContent()).toBe(LINE.password);
    // Resellers see no owner column.
    expect(await reseller.getByTestId('line-owner').count()).toBe(0);
    await shot(reseller, 'lines-reseller-list');
  });

  it('renewing from the row charges the price and moves the expiry, live in the other browser', async () => {
    const resellerRow = row(reseller, LINE.username);
    await resellerRow.getByTestId('line-renew-button').click();
    const dialog = reseller.getByTestId('renew-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('duration-option-1').click();
    const renewed = toDisplayDate(addMonths(addMonths(isoDate(new Date()), 3), 1));
    expect(await dialog.getByTestId('renew-new-expiry').textContent()).toBe(renewed);
    expect(await dialog.getByTestId('price-balance-after').textContent()).toBe('4');
    await shot(reseller, 'lines-renew-dialog');
    await reseller.getByTestId('renew-confirm').click();
    await reseller
      .getByTestId('snackbar')
      .filter({ hasText: `${LINE.username} renewed` })
      .waitFor();
    await reseller.getByTestId('credits-value').filter({ hasText: /^4$/ }).waitFor();
    await resellerRow.getByTestId('line-expiry').filter({ hasText: renewed }).waitFor();
    await row(admin, LINE.username).getByTestId('line-expiry').filter({ hasText: renewed }).waitFor();
  });

  it('the edit page shows the line, its sync state and its history', async () => {
    await row(reseller, LINE.username).getByTestId('line-username').click();
    await reseller.waitForURL(/\/users\/edit\/\d+$/);
    await reseller.locator('[data-testid="line-event"][data-action="renewed"]').waitFor();
    await reseller.locator('[data-testid="line-event"][data-action="created"]').waitFor();
    expect(await reseller.getByTestId('line-expiry').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    await reseller.locator('[data-testid="line-sync"][data-sync-state="synced"]').waitFor();
    await shot(reseller, 'lines-edit');

    await reseller.goto(`${server.url}/users/edit/999999`);
    await reseller.getByTestId('line-not-found').waitFor();
  });

  it('an admin reconciles the server: a line the agent lost is put back', async () => {
    // Someone removes the user on the server behind the panel's back.
    const removed = await fetch(`${agent.url}/delete-user`, {
      method: 'DELETE',
      headers: {
        Authorization: `Basic ${Buffer.from(`${agent.username}:${agent.password}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ username: LINE.username }),
    });
    expect(removed.status).toBe(200);
    expect(await readFile(agent.configFile, 'utf8')).not.toContain(`F: ${LINE.username} `);

    await admin.goto(`${server.url}/cccam-servers/manage`);
    const serverRow = admin.getByTestId('server-row').filter({ hasText: SERVER_NAME });
    await serverRow.getByTestId('server-actions-menu-button').click();
    await admin.getByTestId('server-reconcile-button').click();
    await admin
      .getByTestId('snackbar')
      .filter({ hasText: `${SERVER_NAME} reconciled: 1 added, 0 updated, 0 removed` })
      .waitFor();
    expect(await readFile(agent.configFile, 'utf8')).toContain(`F: ${LINE.username} ${LINE.password} `);
    await shot(admin, 'lines-servers-reconcile');
  });

  it('an admin searches, exports the filter as CSV and bulk-deletes lines with a progress bar', async () => {
    for (const username of ['bulk-one', 'bulk-two']) {
      await adminApi.request('POST', '/api/lines', {
        username,
        password: 'Bulk-Pass-1',
        subscription_months: 1,
      });
    }
    await Promise.all([admin.goto(`${server.url}/users/all`), reseller.goto(`${server.url}/users/all`)]);
    await row(admin, 'bulk-two').waitFor();
    await row(reseller, LINE.username).waitFor();
    expect(await admin.getByTestId('line-row').count()).toBe(3);

    await admin.getByTestId('filter-search').fill('bulk');
    await admin.waitForURL(/search=bulk/);
    await admin.getByTestId('line-row').filter({ hasText: LINE.username }).waitFor({ state: 'detached' });
    expect(await admin.getByTestId('line-row').count()).toBe(2);

    // The export takes the list's current filter.
    const href = await admin.getByTestId('lines-export').getAttribute('href');
    expect(href).toBe('/api/lines/export.csv?search=bulk');
    const csv = await (await admin.request.get(`${server.url}${href}`)).text();
    expect(csv).toContain('bulk-one');
    expect(csv).toContain('bulk-two');
    expect(csv).not.toContain(LINE.username);

    await admin.getByTestId('filter-clear').click();
    await row(admin, LINE.username).waitFor();
    // The status filter is the browser's own select, named by its label; no line has expired.
    const status = admin.getByRole('combobox', { name: 'Status' });
    await status.selectOption('expired');
    await admin.waitForURL(/status=expired/);
    await admin.getByTestId('line-row').first().waitFor({ state: 'detached' });
    await status.selectOption('');
    await row(admin, LINE.username).waitFor();
    expect(admin.url()).not.toContain('status=');
    await admin.getByRole('checkbox', { name: 'Select all rows' }).check();
    expect(await admin.getByTestId('lines-selected-count').textContent()).toBe('Selected: 3');
    await admin.getByTestId('lines-bulk-delete').click();
    await admin.locator('[data-testid="bulk-preview-count"][data-count="3"]').waitFor();
    await admin.getByTestId('bulk-confirm').click();
    await admin.locator('[data-testid="bulk-progress"][data-finished="true"]').waitFor();
    expect(await admin.getByTestId('bulk-progress-count').textContent()).toBe('3 / 3');
    expect(await admin.getByTestId('bulk-summary').textContent()).toBe('Done: 3 succeeded, 0 failed.');
    await shot(admin, 'lines-bulk-deleted');
    await admin.getByTestId('bulk-close').click();
    await admin.getByTestId('lines-empty').waitFor();

    // The reseller's open list loses its row without a reload, and the agent no longer has any of them.
    await reseller.locator('[data-testid="lines-empty"][data-filtered="false"]').waitFor();
    await waitUntil(async () => {
      const config = await readFile(agent.configFile, 'utf8');
      return /^F: /m.test(config) ? undefined : true;
    }, 'the agent to drop the deleted lines');
  });
});
