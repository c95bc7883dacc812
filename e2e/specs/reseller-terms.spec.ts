import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../support/app-server.js';
import { signedInPage } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

const RESELLER = { email: 'reseller.terms@example.com', password: 'reseller-password-1' };
const PHONE = { width: 390, height: 844 };
const LINE = { username: 'e2e-terms-customer', password: 'Terms-Pass-42' };

let scenario: ResellerScenario;
let server: AppServer;
let admin: Page;
let phone: Page;

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Terms agent',
    reseller: { ...RESELLER, name: 'Terms Reseller' },
    credits: 20,
  });
  ({ server, admin } = scenario);
  phone = await signedInPage(scenario.browser, server.url, RESELLER, PHONE);
});
afterAll(() => scenario?.stop());

describe("a reseller's own prices and limits", () => {
  it('an admin sets the price and the line limit of one reseller on the account page', async () => {
    await admin.goto(`${server.url}/resellers`);
    const row = admin.getByRole('row', { name: new RegExp(RESELLER.email) });
    await row.getByTestId('account-actions-button').click();
    await admin.getByTestId('account-action-terms').click();
    const dialog = admin.getByTestId('terms-dialog');
    await dialog.waitFor();
    // The default plan's 1 month: 5 fixed credits instead of the plan's 2.
    await dialog.getByTestId('terms-mode-1:1').click();
    await admin.getByRole('option', { name: 'Fixed credits' }).click();
    await dialog.getByTestId('terms-value-1:1').fill('5');
    await dialog.getByTestId('terms-save-prices').click();
    await admin.getByText('Prices saved').waitFor();
    await dialog.getByTestId('terms-limit-max_lines').fill('1');
    await dialog.getByTestId('terms-save-limits').click();
    await admin.getByText('Limits saved').waitFor();

    const id = (
      await scenario.adminApi.request<{ items: { id: string; email: string }[] }>(
        'GET',
        `/api/accounts?search=${encodeURIComponent(RESELLER.email)}`,
      )
    ).items[0]!.id;
    const terms = await scenario.adminApi.request<{ prices: unknown[]; limits: { max_lines: number } }>(
      'GET',
      `/api/accounts/${id}/terms`,
    );
    expect(terms.prices).toEqual([{ plan_id: 1, months: 1, mode: 'fixed', value: 5 }]);
    expect(terms.limits.max_lines).toBe(1);
  });

  it('the reseller sees and pays that price creating a line on a phone, and the limit then refuses', async () => {
    await phone.goto(`${server.url}/users/add`);
    await phone.getByTestId('duration-option-1').click();
    await phone
      .getByTestId('price-value')
      .filter({ hasText: /^5 credits$/ })
      .waitFor();
    expect(await phone.getByTestId('price-balance-after').textContent()).toBe('15');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await phone.getByTestId('field-username').fill(LINE.username);
    await phone.getByTestId('field-password').fill(LINE.password);
    await phone.getByTestId('line-form-submit').click();
    await phone.getByTestId('connection-line').waitFor();

    // The limit of one line is reached: the next one is refused with the limit named.
    await phone.goto(`${server.url}/users/add`);
    await phone.getByTestId('field-username').fill(`${LINE.username}-2`);
    await phone.getByTestId('field-password').fill(LINE.password);
    await phone.getByTestId('duration-option-1').click();
    await phone.getByTestId('line-form-submit').click();
    await phone.getByText(`The limit of 1 lines of ${RESELLER.email} is reached`).waitFor();
  });
});
