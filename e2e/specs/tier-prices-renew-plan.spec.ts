import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import type { AppServer } from '../support/app-server.js';
import { signedInPage } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

const RESELLER = { email: 'reseller.tier@example.com', password: 'reseller-password-1' };
const PHONE = { width: 360, height: 780 };

let scenario: ResellerScenario;
let server: AppServer;
let admin: Page;
let phone: Page;
let resellerApi: ApiSession;
let resellerId: string;
let groupId: number;
let planId: number;

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Tier agent',
    reseller: { ...RESELLER, name: 'Tier Reseller' },
    credits: 30,
  });
  ({ server, admin } = scenario);
  resellerId = (
    await scenario.adminApi.request<{ items: { id: string }[] }>(
      'GET',
      `/api/accounts?search=${encodeURIComponent(RESELLER.email)}`,
    )
  ).items[0]!.id;
  // A reseller group (a tier) the reseller belongs to, and a dearer plan to move a line to.
  groupId = (
    await scenario.adminApi.request<{ id: number }>('POST', '/api/groups', {
      name: 'Gold',
      permissions: ['view_users', 'add_credits'],
    })
  ).id;
  await scenario.adminApi.request('PATCH', `/api/accounts/${resellerId}`, { group_id: groupId });
  planId = (
    await scenario.adminApi.request<{ id: number }>('POST', '/api/line-plans', {
      name: 'Two screens',
      prices: [{ months: 1, credits: 5 }],
      restrictions: { max_connections: 2 },
    })
  ).id;
  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  phone = await signedInPage(scenario.browser, server.url, RESELLER, PHONE);
});
afterAll(() => scenario?.stop());

describe('prices per tier and a renewal onto another plan', () => {
  it("an admin sets the tier's price on the groups page", async () => {
    await admin.goto(`${server.url}/manage-groups`);
    const row = admin.getByRole('row', { name: /Gold/ });
    await row.getByTestId('group-prices-button').click();
    const dialog = admin.getByTestId('tier-prices-dialog');
    await dialog.waitFor();
    // The default plan's month: 1 credit for the group instead of the plan's 2.
    await dialog.getByTestId('tier-mode-1:1').click();
    await admin.getByRole('option', { name: 'Fixed credits' }).click();
    await dialog.getByTestId('tier-value-1:1').fill('1');
    await dialog.getByTestId('tier-save-prices').click();
    await admin.getByText('Prices of the group saved').waitFor();
    const saved = await scenario.adminApi.request<{ prices: unknown[] }>(
      'GET',
      `/api/groups/${groupId}/prices`,
    );
    expect(saved.prices).toEqual([{ plan_id: 1, months: 1, mode: 'fixed', value: 1 }]);
  });

  it('on a phone, the reseller renews a line onto another plan and pays exactly the price shown', async () => {
    const created = await resellerApi.request<{ line: { id: number }; charged: number; balance: number }>(
      'POST',
      '/api/lines',
      { username: 'e2e-tier-line', password: 'Tier-Pass-42', subscription_months: 1 },
    );
    // The tier's price.
    expect(created).toMatchObject({ charged: 1, balance: 29 });

    await phone.goto(`${server.url}/users/edit/${created.line.id}`);
    await phone.getByTestId('line-summary-card').getByTestId('line-renew-button').click();
    const dialog = phone.getByTestId('renew-dialog');
    await dialog.waitFor();
    await phone.getByTestId('renew-plan-select').click();
    await phone.getByTestId(`renew-plan-option-${planId}`).click();
    // A month on the new plan (5), and the whole month left topped up from the tier's 1 to 5 (4).
    await dialog
      .getByTestId('renew-plan-price')
      .filter({ hasText: /^5 credits$/ })
      .waitFor();
    expect(await dialog.getByTestId('renew-plan-difference').textContent()).toBe('4 credits');
    expect(await dialog.getByTestId('price-value').textContent()).toBe('9 credits');
    expect(await dialog.getByTestId('price-balance-after').textContent()).toBe('20');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    await phone.getByTestId('renew-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    const line = await resellerApi.request<{ plan_id: number }>('GET', `/api/lines/${created.line.id}`);
    expect(line.plan_id).toBe(planId);
    const me = await resellerApi.request<{ credits: number }>('GET', '/api/me');
    expect(me.credits).toBe(20);
  });
});
