import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { waitUntil, type AppServer } from '../support/app-server.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

let server: AppServer;
let scenario: ResellerScenario;
let agent: LineAgent;
let reseller: Page;
let admin: Page;
let adminApi: ApiSession;
let resellerApi: ApiSession;

const RESELLER = { email: 'reseller.plans@example.com', password: 'reseller-password-1' };
const PLAN = 'Premium HD';
const LINE = { username: 'e2e-plan-customer', password: 'Plan-Pass-42' };

type Plan = { id: number; name: string; is_default: boolean };

/**
 * A plan made over the API, as an admin's script would: each test sells on a plan of its own, so
 * none needs another test's plan or line and each runs alone (`-t`) with the same result.
 */
async function planNamed(name: string, prices: { months: number; credits: number }[]): Promise<number> {
  const plan = await adminApi.request<{ id: number }>('POST', '/api/line-plans', { name, prices });
  return plan.id;
}

/** The reseller's balance as the API tells it. */
async function balance(): Promise<number> {
  return (await resellerApi.request<{ credits: number }>('GET', '/api/me')).credits;
}

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Plans agent',
    reseller: { ...RESELLER, name: 'Plans Reseller' },
    credits: 20,
  });
  ({ server, agent, adminApi, reseller, admin } = scenario);
  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
});
afterAll(() => scenario?.stop());

describe('line plans in real browsers', () => {
  it('an admin creates a plan with its durations, prices and connection limit', async () => {
    await admin.goto(`${server.url}/users/plans`);
    await admin.getByTestId('line-plan-new').click();
    const dialog = admin.getByTestId('line-plan-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('line-plan-name').fill(PLAN);
    await dialog.getByTestId('line-plan-months-0').fill('1');
    await dialog.getByTestId('line-plan-credits-0').fill('3');
    await dialog.getByTestId('line-plan-add-price').click();
    await dialog.getByTestId('line-plan-months-1').fill('6');
    await dialog.getByTestId('line-plan-credits-1').fill('12');
    await dialog.getByTestId('line-plan-max-connections').fill('2');
    await dialog.getByTestId('line-plan-save').click();
    await dialog.waitFor({ state: 'detached' });

    const plans = await adminApi.request<{ items: Plan[] }>('GET', '/api/line-plans');
    const plan = plans.items.find((item) => item.name === PLAN);
    expect(plan).toBeDefined();
    const card = admin.getByTestId(`line-plan-${plan!.id}`);
    await card.getByText('1 month: 3 credits').waitFor();
    await card.getByText('6 months: 12 credits').waitFor();
    await card.getByText('0 lines').waitFor();
  });

  it("a reseller sells a line on the plan at the plan's price and the line page shows the plan", async () => {
    const planName = 'Family HD';
    const planId = await planNamed(planName, [
      { months: 1, credits: 3 },
      { months: 6, credits: 12 },
    ]);
    const credits = await balance();
    await reseller.goto(`${server.url}/users/add`);
    await reseller
      .getByTestId('credits-value')
      .filter({ hasText: new RegExp(`^${credits}$`) })
      .waitFor();
    await reseller.getByTestId('field-plan-select').click();
    await reseller.getByTestId(`plan-option-${planId}`).click();
    await reseller.getByTestId('field-plan-select').filter({ hasText: planName }).waitFor();
    // The plan's own durations are offered, with its prices.
    await reseller.getByTestId('duration-option-6').waitFor();
    expect(await reseller.getByTestId('duration-option-3').count()).toBe(0);
    await reseller.getByTestId('field-username').fill(LINE.username);
    await reseller.getByTestId('field-password').fill(LINE.password);
    await reseller.getByTestId('duration-option-6').click();
    await reseller
      .getByTestId('price-value')
      .filter({ hasText: /^12 credits$/ })
      .waitFor();
    expect(await reseller.getByTestId('price-balance').textContent()).toBe(String(credits));
    expect(await reseller.getByTestId('price-balance-after').textContent()).toBe(String(credits - 12));

    await reseller.getByTestId('line-form-submit').click();
    const connection = reseller.getByTestId('connection-line');
    await connection.waitFor();
    expect(await connection.textContent()).toBe(`C: ${agent.host} 12000 ${LINE.username} ${LINE.password}`);
    // The header balance drops by the plan's price without a reload.
    await reseller
      .getByTestId('credits-value')
      .filter({ hasText: new RegExp(`^${credits - 12}$`) })
      .waitFor();
    await waitUntil(async () => {
      const config = await readFile(agent.configFile, 'utf8');
      return config.includes(`F: ${LINE.username} ${LINE.password} `) ? true : undefined;
    }, 'the line in CCcam.cfg');

    await reseller.getByTestId('connection-done').click();
    await reseller.waitForURL(/\/users\/all$/);
    await reseller
      .getByTestId('line-row')
      .filter({ has: reseller.getByTestId('line-username').getByText(LINE.username, { exact: true }) })
      .getByTestId('line-username')
      .click();
    await reseller.waitForURL(/\/users\/edit\/\d+$/);
    await reseller.getByTestId('line-plan').filter({ hasText: planName }).waitFor();
    expect(await reseller.getByTestId('line-expiry').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/);

    // The admin's plan card counts the line.
    await admin.reload();
    await admin.getByTestId(`line-plan-${planId}`).getByText('1 line', { exact: true }).waitFor();
  });

  it('the reseller moves a line back to the cheaper standard plan from the list, at no charge', async () => {
    const plans = await adminApi.request<{ items: Plan[] }>('GET', '/api/line-plans');
    const standard = plans.items.find((item) => item.is_default)!;
    // A line of its own on a dearer plan, sold over the API: this test needs no other test's line.
    const planId = await planNamed('Night HD', [{ months: 1, credits: 5 }]);
    const mover = 'e2e-plan-mover';
    const servers = await resellerApi.request<{ items: { id: number }[] }>('GET', '/api/servers/active');
    await resellerApi.request('POST', '/api/lines', {
      username: mover,
      password: 'Mover-Pass-42',
      subscription_months: 1,
      server_id: servers.items[0]!.id,
      plan_id: planId,
    });
    const credits = await balance();
    // Only this line in the list, so "select all" selects it alone.
    await reseller.goto(`${server.url}/users/all?search=${mover}`);
    await reseller.getByTestId('line-row').filter({ hasText: mover }).waitFor();
    expect(await reseller.getByTestId('line-row').count()).toBe(1);
    await reseller
      .getByTestId('credits-value')
      .filter({ hasText: new RegExp(`^${credits}$`) })
      .waitFor();
    await reseller.getByRole('checkbox', { name: 'Select all rows' }).check();
    await reseller.getByTestId('lines-bulk-change-plan').click();
    const dialog = reseller.getByTestId('bulk-action-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('bulk-plan-select').click();
    await reseller.getByTestId(`bulk-plan-option-${standard.id}`).click();
    await dialog.locator('[data-testid="bulk-preview-count"][data-count="1"]').waitFor();
    // The cost shows before confirming: a cheaper plan costs nothing.
    await dialog.locator('[data-testid="price-summary"][data-charged="0"]').waitFor();
    expect(await dialog.getByTestId('price-balance-after').textContent()).toBe(String(credits));
    await reseller.getByTestId('bulk-confirm').click();
    await reseller.locator('[data-testid="bulk-progress"][data-finished="true"]').waitFor();
    expect(await reseller.getByTestId('bulk-summary').textContent()).toBe('Done: 1 succeeded, 0 failed.');
    await reseller.getByTestId('bulk-close').click();
    expect(await reseller.getByTestId('credits-value').textContent()).toBe(String(credits));
    expect(await balance()).toBe(credits);

    await reseller.getByTestId('line-username').getByText(mover, { exact: true }).click();
    await reseller.waitForURL(/\/users\/edit\/\d+$/);
    await reseller.getByTestId('line-plan').filter({ hasText: standard.name }).waitFor();
    await reseller.locator('[data-testid="line-event"][data-action="plan_changed"]').waitFor();
  });
});
