import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from '../support/api-session.js';
import { POLL, setLanguage, settled, signedInPage } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

const RESELLER = { email: 'reseller.reports@example.com', password: 'reseller-password-1' };
const SUB = { email: 'sub.reports@example.com', password: 'sub-password-1' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let scenario: ResellerScenario;

const total = (page: Page, id: string) => page.getByTestId(`report-total-${id}`).textContent();

async function openReports(page: Page) {
  await page.goto(`${scenario.server.url}/reports`);
  await page.getByTestId('report-summary').waitFor(POLL);
  await settled(page);
}

// The reseller's tree: 50 credits from the admin, 10 of them moved to a sub-reseller. The reseller
// makes two 1-month lines (2 credits each), one 3-month line (4) and a trial, and renews one line for a
// month (2); the sub-reseller makes one 1-month line (2). Tree: 50 bought, 12 spent, 4 lines, 1 renewal.
beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Reports agent',
    reseller: { ...RESELLER, name: 'Reports Reseller' },
    credits: 50,
  });
  const reseller = apiSession(scenario.server.url);
  await reseller.signIn(RESELLER.email, RESELLER.password);
  const line = (username: string, body: Record<string, unknown> = {}) =>
    reseller.request<{ line: { id: number } }>('POST', '/api/lines', {
      username,
      password: 'Reports-42',
      subscription_months: 1,
      ...body,
    });
  const first = await line('e2e-report-1');
  await line('e2e-report-2');
  await line('e2e-report-3', { subscription_months: 3 });
  await line('e2e-report-trial', { is_trial: true, subscription_months: null });
  await reseller.request('POST', `/api/lines/${first.line.id}/renew`, { subscription_months: 1 });
  const sub = await reseller.request<{ account: { id: string } }>('POST', '/api/accounts', SUB);
  await reseller.request('POST', `/api/accounts/${sub.account.id}/credits`, { amount: 10 });
  const subApi = apiSession(scenario.server.url);
  await subApi.signIn(SUB.email, SUB.password);
  await subApi.request('POST', '/api/lines', {
    username: 'e2e-report-sub',
    password: 'Reports-42',
    subscription_months: 1,
  });
});
afterAll(() => scenario?.stop());

describe('the reports page', () => {
  it("shows a reseller their tree's figures, one sub-reseller's alone, and a CSV of them", async () => {
    const page = scenario.reseller;
    await page.getByTestId('nav-reports').first().click();
    await page.waitForURL(/\/reports$/);
    await page.getByTestId('report-summary').waitFor(POLL);
    await expect.poll(() => total(page, 'credits_bought'), POLL).toBe('50 credits bought');
    expect(await total(page, 'credits_spent')).toBe('12 credits spent');
    expect(await total(page, 'lines_created')).toBe('4 lines made');
    expect(await total(page, 'renewed')).toBe('1 renewal');
    expect(await total(page, 'trials')).toBe('0 of 1 trial became paid');
    const totalRow = page.getByTestId('report-total-row');
    expect(await totalRow.locator('[data-column="credits_spent"]').textContent()).toBe('12');
    expect(await page.getByTestId('report-plan-row').count()).toBeGreaterThan(0);

    // Their own account alone: the sub-reseller's line and spending are left out.
    await page.getByTestId('report-scope-account').click();
    await expect.poll(() => total(page, 'credits_spent'), POLL).toBe('10 credits spent');
    expect(await total(page, 'lines_created')).toBe('3 lines made');

    // The sub-reseller picked, alone: the 10 credits moved to it are what it bought.
    await page.getByTestId('report-account').locator('input').fill('sub.reports');
    await page.getByRole('option', { name: SUB.email }).click();
    await expect.poll(() => total(page, 'credits_bought'), POLL).toBe('10 credits bought');
    expect(await total(page, 'lines_created')).toBe('1 line made');

    const href = await page.getByTestId('report-download').getAttribute('href');
    const csv = decodeURIComponent(href!.replace(/^data:text\/csv;charset=utf-8,/, ''));
    expect(csv.split('\r\n')[0]).toBe(
      'period,credits_bought,credits_spent,lines_created,trials_created,renewed,expired,churned,trials_converted',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(csv).toContain(`${today},10,2,1,0,0,0,0,0`);

    // By month: this month's row carries the same figures.
    await page.getByTestId('report-per-month').click();
    await expect
      .poll(() => page.getByTestId('report-period-row').last().getAttribute('data-period'), POLL)
      .toBe(today.slice(0, 7));
    expect(await page.getByTestId('report-period-row').count()).toBe(12);
  });

  for (const [language, viewport, expected] of [
    ['en', PHONE, ['50 credits bought', '12 credits spent', '4 lines made', '1 renewal']],
    ['pl', PHONE, ['50 kredytów kupionych', '12 kredytów wydanych', '4 linie utworzone', '1 odnowienie']],
    ['pl', DESKTOP, ['50 kredytów kupionych', '12 kredytów wydanych', '4 linie utworzone', '1 odnowienie']],
    ['de', DESKTOP, ['50 Credits gekauft', '12 Credits ausgegeben', '4 Zugänge angelegt', '1 Verlängerung']],
  ] as const) {
    it(`reads the tree's totals in ${language} at ${viewport.width} px, without sideways scrolling`, async () => {
      const page = await signedInPage(scenario.browser, scenario.server.url, RESELLER, viewport);
      await setLanguage(page, scenario.server.url, language);
      await openReports(page);
      await expect.poll(() => total(page, 'credits_bought'), POLL).toBe(expected[0]);
      expect(await total(page, 'credits_spent')).toBe(expected[1]);
      expect(await total(page, 'lines_created')).toBe(expected[2]);
      expect(await total(page, 'renewed')).toBe(expected[3]);
      await page.getByTestId('report-chart-credits').locator('svg').first().waitFor(POLL);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await page.context().close();
    });
  }

  it('gives the admin the money that came in beside the credits, in Polish at 1440 px', async () => {
    const page = scenario.admin;
    await setLanguage(page, scenario.server.url, 'pl');
    await openReports(page);
    // The whole panel: everything the tree spent; the admin's grant is credits bought, not money.
    await expect.poll(() => total(page, 'credits_spent'), POLL).toBe('12 kredytów wydanych');
    await page.getByTestId('report-chart-money').waitFor(POLL);
    expect(await page.getByTestId('report-chart-money').textContent()).toContain(
      'W tym okresie nic się nie wydarzyło',
    );
  });
});
