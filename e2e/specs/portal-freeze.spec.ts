import { addDays, isoDate } from '@linedesk/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import type { AppServer } from '../support/app-server.js';
import { POLL } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

// A customer asks from the portal for a freeze; the reseller answers it on the line's page
// (docs/resellers.md, docs/portal.md).
const RESELLER = { email: 'portal.freeze@example.com', password: 'reseller-password-1' };
const LINE_PASSWORD = 'Portal-Freeze-42';
const PHONE = { width: 390, height: 844 };

let scenario: ResellerScenario;
let server: AppServer;
let resellerApi: ApiSession;
let customer: Page;
let line: { id: number; username: string };

const lineStatus = async () =>
  (await resellerApi.request<{ status: string }>('GET', `/api/lines/${line.id}`)).status;

/** The customer's form: from which day, for how many days. */
async function askFreeze(startsOn: string | null, days: number) {
  await customer.goto(`${server.url}/my`);
  const form = customer.getByTestId('portal-freeze-request');
  await form.getByTestId('portal-ask-freeze').waitFor(POLL);
  if (startsOn) await form.getByTestId('portal-freeze-starts').fill(startsOn);
  await form.getByTestId('portal-freeze-days').fill(String(days));
  await form.getByTestId('portal-ask-freeze').click();
}

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Portal freeze agent',
    reseller: { ...RESELLER, name: 'Portal Freeze Reseller' },
    credits: 10,
  });
  server = scenario.server;
  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  await resellerApi.request('PUT', '/api/portal/settings', { enabled: true, contact: '' });
  line = (
    await resellerApi.request<{ line: { id: number; username: string } }>('POST', '/api/lines', {
      username: 'e2e-portal-freeze',
      password: LINE_PASSWORD,
      subscription_months: 3,
    })
  ).line;

  // The customer's phone, signed into the portal with the line's username and password.
  const context = await scenario.browser.newContext({ viewport: PHONE, locale: 'en-US' });
  customer = await context.newPage();
  await customer.goto(`${server.url}/my`);
  await customer.getByTestId('portal-sign-in-form').waitFor(POLL);
  await customer.getByLabel('Username').fill(line.username);
  await customer.getByLabel('Password', { exact: true }).fill(LINE_PASSWORD);
  await customer.getByTestId('portal-sign-in-submit').click();
  await customer.getByTestId('portal-line-page').waitFor(POLL);
});
afterAll(() => scenario?.stop());

describe("the portal's freeze ask (#50)", () => {
  it('the customer asks for a freeze from today; the reseller approves it and the line is frozen', async () => {
    await askFreeze(null, 5);
    await customer
      .getByTestId('portal-freeze-state')
      .filter({ hasText: 'your reseller will answer' })
      .waitFor(POLL);

    const reseller = scenario.reseller;
    await reseller.goto(`${server.url}/users/edit/${line.id}`);
    const card = reseller.locator('[data-testid="line-freeze-request"][data-state="open"]');
    await card.waitFor(POLL);
    expect(await card.getByTestId('line-freeze-request-asked').textContent()).toContain(line.username);
    await card.getByTestId('line-freeze-request-approve').click();
    await reseller.getByText(`Freeze of ${line.username} approved`).waitFor(POLL);
    await card.waitFor({ state: 'detached', ...POLL });
    await reseller.locator('[data-testid="line-status"][data-status="frozen"]').first().waitFor(POLL);
    expect(await lineStatus()).toBe('frozen');

    await customer.reload();
    await customer
      .getByTestId('portal-freeze-state')
      .filter({ hasText: 'Your reseller froze your line' })
      .waitFor(POLL);
  });

  it('a freeze asked for a later day shows as scheduled on the line page and can be cancelled', async () => {
    // The first freeze ended early: the line runs again, and the customer asks for a later one.
    await resellerApi.request('POST', `/api/lines/${line.id}/unfreeze`);
    const later = addDays(isoDate(new Date()), 5);
    await askFreeze(later, 3);
    await customer
      .getByTestId('portal-freeze-state')
      .filter({ hasText: 'your reseller will answer' })
      .waitFor(POLL);

    const reseller = scenario.reseller;
    await reseller.goto(`${server.url}/users/edit/${line.id}`);
    await reseller
      .locator('[data-testid="line-freeze-request"][data-state="open"]')
      .getByTestId('line-freeze-request-approve')
      .click();
    const scheduled = reseller.locator('[data-testid="line-freeze-request"][data-state="scheduled"]');
    await scheduled.waitFor(POLL);
    await scheduled.getByText('Freeze scheduled').waitFor(POLL);
    // It starts on its day: until then the line runs.
    expect(await lineStatus()).toBe('active');

    await scheduled.getByTestId('line-freeze-request-cancel').click();
    await reseller.getByText(`Scheduled freeze of ${line.username} cancelled`).waitFor(POLL);
    await reseller.getByTestId('line-freeze-request').waitFor({ state: 'detached', ...POLL });
    expect(await lineStatus()).toBe('active');
    const ask = await resellerApi.request<{ request: unknown }>(
      'GET',
      `/api/lines/${line.id}/freeze-request`,
    );
    expect(ask.request).toBeNull();

    await customer.reload();
    await customer
      .getByTestId('portal-freeze-state')
      .filter({ hasText: 'did not accept the freeze' })
      .waitFor(POLL);
  });
});
