import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, type AppServer } from '../support/app-server.js';
import { startCccamScene, type CardServerScene } from '../support/card-server-scene.js';
import { accountId, POLL, signedInPage, signUpConfirmed, waitForIdle } from '../support/page-helpers.js';

const SERVER_NAME = 'Load and outage OSCam';
const RESELLER = {
  email: 'outage-reseller@example.com',
  password: 'Reseller-Pass-42',
  name: 'Outage Reseller',
};
const OTHER = { email: 'outage-other@example.com', password: 'Reseller-Pass-42', name: 'Other Reseller' };

let server: AppServer;
let browser: Browser;
let scene: CardServerScene;
let agent: LineAgent;
let api: ApiSession;
let serverId: number;

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

beforeAll(async () => {
  // The panel polls the servers (load, outages) every second.
  scene = await startCccamScene({ serverName: SERVER_NAME, panelEnv: { ECM_STATS_POLL_SECONDS: '1' } });
  ({ server, browser, agent, admin: api, serverId } = scene);
  for (const account of [RESELLER, OTHER]) {
    await signUpConfirmed(server, account);
    const id = await accountId(api, account.email);
    await api.request('POST', `/api/accounts/${id}/credits`, { amount: 10 });
  }
  const reseller = apiSession(server.url);
  await reseller.signIn(RESELLER.email, RESELLER.password);
  await reseller.request('POST', '/api/lines', {
    username: 'outage-line',
    password: 'Line-Pass-42',
    subscription_months: 1,
    server_id: serverId,
  });
});

afterAll(async () => {
  await scene?.stop();
});

describe('load alerts and outages on screen', () => {
  it("shows the server machine's load with its thresholds, and takes the server's own (1440 px)", async () => {
    await expect
      .poll(
        async () =>
          (await api.request<{ latest: unknown }>('GET', `/api/servers/${serverId}/load`)).latest !== null,
        POLL,
      )
      .toBe(true);
    const page = await signedInPage(browser, server.url, ADMIN, { width: 1440, height: 900 });
    await page.goto(`${server.url}/cccam-servers/manage`);
    const row = page.getByTestId('server-row').filter({ hasText: SERVER_NAME });
    await row.getByTestId('server-actions-menu-button').click();
    await page.getByTestId('server-ecm-button').click();
    const load = page.getByTestId('server-ecm-dialog').getByTestId('server-load');
    await load.getByTestId('server-load-cpu-threshold').getByText('Alert at: 90%').waitFor();
    await load.getByTestId('server-load-memory-value').getByText('%').waitFor();
    await load.getByTestId('server-load-clients-threshold').getByText('Not watched').waitFor();
    await load.getByTestId('server-load-cpu').locator('svg').first().waitFor();

    await load.getByTestId('server-thresholds-own').check();
    await load.getByTestId('server-threshold-cpu_percent').fill('50');
    await load.getByTestId('server-thresholds-save').click();
    await load.getByTestId('server-load-cpu-threshold').getByText('Alert at: 50%').waitFor();
    const saved = await api.request<{ overrides: Record<string, unknown> }>(
      'GET',
      `/api/servers/${serverId}/load`,
    );
    expect(saved.overrides).toMatchObject({ cpu_percent: 50 });

    await page.goto(`${server.url}/settings/panel`);
    const settings = page.getByTestId('load-alert-settings-card');
    await settings.getByTestId('load-setting-for_minutes').fill('7');
    await settings.getByTestId('load-settings-save').click();
    await expect
      .poll(
        async () =>
          (await api.request<{ for_minutes: number }>('GET', '/api/load-alert-settings')).for_minutes,
        POLL,
      )
      .toBe(7);
    await page.context().close();
  });

  it('shows the outage on the status page, and the reseller their outage screen without sideways scrolling', async () => {
    await api.request('PUT', '/api/ecm-settings', { outage_minutes: 0 });
    await agent.stop();
    await expect
      .poll(
        async () =>
          (
            await api.request<{ outages: { server_id: number; ended_at: string | null }[] }>(
              'GET',
              '/api/outages',
            )
          ).outages.some((o) => o.server_id === serverId && o.ended_at === null),
        { timeout: 60_000 },
      )
      .toBe(true);

    for (const width of [1440, 390]) {
      const admin = await signedInPage(browser, server.url, ADMIN, { width, height: 900 });
      await admin.goto(`${server.url}/system-status`);
      const card = admin.getByTestId('outages-card');
      await card.getByText(SERVER_NAME).first().waitFor();
      await card.getByTestId(`outage-bar-${serverId}`).waitFor();
      await waitForIdle(admin);
      await fitsWidth(admin, width);
      await admin.context().close();

      const reseller = await signedInPage(browser, server.url, RESELLER, { width, height: 900 });
      await reseller.goto(`${server.url}/outages`);
      const list = reseller.getByTestId('outages-card');
      await list.getByText(SERVER_NAME).first().waitFor();
      await list.getByText('Affected lines: 1').waitFor();
      await list.getByText('Duration (h:mm):', { exact: false }).first().waitFor();
      await waitForIdle(reseller);
      await fitsWidth(reseller, width);
      await reseller.context().close();
    }

    // Another reseller, with no line on the server, sees none of it.
    const other = await signedInPage(browser, server.url, OTHER, { width: 390, height: 900 });
    await other.goto(`${server.url}/outages`);
    await other.getByTestId('outages-card').getByText('No outages in the last 30 days.').waitFor();
    await other.context().close();
  });
});
