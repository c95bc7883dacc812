import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSession } from '../support/api-session.js';
import { waitUntil, type AppServer } from '../support/app-server.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

// The business time zone (docs/spec-rules.md, "Expiry"): an admin sets it in Settings, and the
// pages that show expiry dates say in which zone an expiry day ends.
let server: AppServer;
let scenario: ResellerScenario;
let reseller: Page;
let admin: Page;
let adminApi: ApiSession;

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Zone agent',
    reseller: { email: 'reseller.zone@example.com', password: 'reseller-password-1', name: 'Zone Reseller' },
    credits: 10,
  });
  ({ server, adminApi, reseller, admin } = scenario);
});
afterAll(() => scenario?.stop());

describe('the business time zone in real browsers', () => {
  it('is UTC at first, beside the expiry dates', async () => {
    await reseller.goto(`${server.url}/users/all`);
    await reseller.getByText('Expiry dates end at midnight, UTC time.').waitFor();
  });

  it('an admin sets it in Settings, and the reseller’s pages show the new zone', async () => {
    await admin.goto(`${server.url}/settings/panel`);
    const input = admin.getByTestId('business-zone-input');
    await input.waitFor();
    expect(await input.inputValue()).toBe('UTC');
    // Not a zone: refused before it is sent.
    await input.fill('Mars/Olympus');
    await admin
      .getByTestId('business-zone-card')
      .getByText('The business time zone must be a time zone name')
      .waitFor();
    expect(await admin.getByTestId('business-zone-save').isDisabled()).toBe(true);
    await input.fill('Asia/Dubai');
    await admin.getByTestId('business-zone-save').click();
    await waitUntil(async () => {
      const settings = await adminApi.request<{ business_time_zone: string }>('GET', '/api/line-settings');
      return settings.business_time_zone === 'Asia/Dubai' ? true : undefined;
    }, 'the zone saved');

    const line = await adminApi.request<{ line: { id: number } }>('POST', '/api/lines', {
      username: 'e2e-zone-line',
      password: 'Zone-Pass-42',
      subscription_months: 1,
    });
    await reseller.goto(`${server.url}/users/all`);
    await reseller.getByText('Expiry dates end at midnight, Asia/Dubai time.').waitFor();
    await admin.goto(`${server.url}/users/edit/${line.line.id}`);
    await admin
      .getByTestId('line-summary-card')
      .getByTestId('business-zone-note')
      .filter({ hasText: 'Expiry dates end at midnight, Asia/Dubai time' })
      .waitFor();
  });
});
