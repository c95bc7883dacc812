import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import type { AppServer } from '../support/app-server.js';
import { accountId, POLL, signUpConfirmed, submitSignIn } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

// Freezing a line on a phone in English and in German, and an admin giving lines to another
// reseller (docs/resellers.md).
const RESELLER = { email: 'freeze.reseller@example.com', password: 'reseller-password-1' };
const GERMAN = { email: 'einfrieren.reseller@example.com', password: 'reseller-password-1' };
const TARGET = { email: 'freeze.target@example.com', password: 'reseller-password-1' };
const PHONE = { width: 390, height: 844 };

let scenario: ResellerScenario;
let server: AppServer;
let resellerApi: ApiSession;
let germanApi: ApiSession;

type LineAnswer = { line: { id: number; username: string; status: string; owner_id: string } };

async function phonePage(account: { email: string; password: string }, locale: string): Promise<Page> {
  const context = await scenario.browser.newContext({ viewport: PHONE, locale });
  const page = await context.newPage();
  await submitSignIn(page, server.url, account);
  await page.getByTestId('welcome-card').waitFor(POLL);
  return page;
}

async function createLine(api: ApiSession, username: string) {
  return (
    await api.request<LineAnswer>('POST', '/api/lines', {
      username,
      password: 'Freeze-Pass-42',
      subscription_months: 1,
    })
  ).line;
}

/** Opens the line's card menu on the phone list and picks an item. */
async function fromMenu(page: Page, username: string, item: string) {
  const card = page.getByTestId('line-row').filter({ hasText: username });
  await card.getByTestId('line-actions-menu-button').click();
  await page.getByTestId(item).click();
}

async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Freeze agent',
    reseller: { ...RESELLER, name: 'Freeze Reseller' },
    credits: 30,
  });
  server = scenario.server;
  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  await signUpConfirmed(server, GERMAN);
  const germanId = await accountId(scenario.adminApi, GERMAN.email);
  await scenario.adminApi.request('POST', `/api/accounts/${germanId}/credits`, { amount: 10 });
  germanApi = apiSession(server.url);
  await germanApi.signIn(GERMAN.email, GERMAN.password);
  await germanApi.request('PUT', '/api/me/language', { language: 'de' });
  await signUpConfirmed(server, TARGET);
  await scenario.adminApi.request(
    'POST',
    `/api/accounts/${await accountId(scenario.adminApi, TARGET.email)}/credits`,
    {
      amount: 1,
    },
  );
});
afterAll(() => scenario?.stop());

describe('freezing a line and giving lines away (#50)', () => {
  it('freezes and unfreezes a line on a phone in English', async () => {
    const line = await createLine(resellerApi, 'e2e-freeze-en');
    const page = await phonePage(RESELLER, 'en-US');
    await page.goto(`${server.url}/users/all`);
    await fromMenu(page, line.username, 'line-freeze-menu-item');
    await page.getByText(`Line ${line.username} frozen`).waitFor(POLL);
    const card = page.getByTestId('line-row').filter({ hasText: line.username });
    await card.getByTestId('line-status').filter({ hasText: 'Frozen' }).waitFor(POLL);
    await expectNoSideScroll(page);
    const frozen = await resellerApi.request<{ status: string; enabled: boolean }>(
      'GET',
      `/api/lines/${line.id}`,
    );
    expect(frozen).toMatchObject({ status: 'frozen', enabled: false });

    // The menu now offers to unfreeze it, and no longer to switch it on.
    await card.getByTestId('line-actions-menu-button').click();
    expect(await page.getByTestId('line-toggle-menu-item').count()).toBe(0);
    await page.getByTestId('line-freeze-menu-item').filter({ hasText: 'Unfreeze' }).click();
    await page.getByText(`Line ${line.username} unfrozen`).waitFor(POLL);
    await card.getByTestId('line-status').filter({ hasText: 'Active' }).waitFor(POLL);
    const history = await resellerApi.request<{ items: { action: string }[] }>(
      'GET',
      `/api/lines/${line.id}/events`,
    );
    expect(history.items.map((e) => e.action).filter((a) => a !== 'synced')).toEqual([
      'unfrozen',
      'frozen',
      'created',
    ]);
  });

  it('freezes and unfreezes a line on a phone in German', async () => {
    const line = await createLine(germanApi, 'e2e-freeze-de');
    const page = await phonePage(GERMAN, 'de-DE');
    await page.goto(`${server.url}/users/all`);
    await fromMenu(page, line.username, 'line-freeze-menu-item');
    await page.getByText(`Zugang ${line.username} eingefroren`).waitFor(POLL);
    const card = page.getByTestId('line-row').filter({ hasText: line.username });
    await card.getByTestId('line-status').filter({ hasText: 'Eingefroren' }).waitFor(POLL);
    await expectNoSideScroll(page);
    await card.getByTestId('line-actions-menu-button').click();
    await page.getByTestId('line-freeze-menu-item').filter({ hasText: 'Auftauen' }).click();
    await page.getByText(`Zugang ${line.username} aufgetaut`).waitFor(POLL);
    await card.getByTestId('line-status').filter({ hasText: 'Aktiv' }).waitFor(POLL);
  });

  it('an admin gives lines to another reseller from the bulk bar', async () => {
    const lines = [await createLine(resellerApi, 'e2e-give-1'), await createLine(resellerApi, 'e2e-give-2')];
    const ownerId = await accountId(scenario.adminApi, RESELLER.email);
    const targetId = await accountId(scenario.adminApi, TARGET.email);
    const admin = scenario.admin;
    await admin.goto(`${server.url}/users/all?owner_id=${ownerId}&search=e2e-give`);
    await admin.getByTestId('line-row').nth(1).waitFor(POLL);
    await admin.getByRole('checkbox', { name: 'Select all rows' }).check();
    await admin.getByTestId('lines-bulk-give').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('bulk-action-dialog').waitFor();
    await dialog.getByTestId('give-target').fill('freeze.target');
    await admin.getByRole('option', { name: TARGET.email }).click();
    // The bulk action's preview counts the lines before anything starts; the job then moves them.
    const confirm = dialog.getByTestId('bulk-confirm');
    await confirm.filter({ hasText: '(2)' }).waitFor(POLL);
    await confirm.click();
    await admin.locator('[data-testid="bulk-progress"][data-finished="true"]').waitFor(POLL);
    expect(await admin.getByTestId('bulk-summary').textContent()).toBe('Done: 2 succeeded, 0 failed.');
    for (const line of lines) {
      const now = await scenario.adminApi.request<{ owner_id: string }>('GET', `/api/lines/${line.id}`);
      expect(now.owner_id).toBe(targetId);
    }
    // Credits stayed where they were: none were asked for.
    const target = await scenario.adminApi.request<{ credits: number }>('GET', `/api/accounts/${targetId}`);
    expect(target.credits).toBe(1);
  });
});
