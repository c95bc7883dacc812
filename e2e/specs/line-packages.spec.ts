import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { accountId, signUpConfirmed, signedInPage } from '../support/page-helpers.js';

/**
 * Packages (#47): an admin names an OSCam server's groups, builds a plan from those names, a
 * reseller sells it by its package names, and the line page shows what the line kept from its server
 * beside its plan's values, on a phone and on a desktop.
 */
const SERVER = 'Packages OSCam';
const RESELLER = {
  email: 'reseller.packages@example.com',
  password: 'reseller-password-1',
  name: 'Pkg Reseller',
};
const PLAN = 'Sports package';
const LINE = { username: 'e2e-package-line', password: 'Pkg-Pass-42' };

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let adminApi: ApiSession;
let admin: Page;
let reseller: Page;
let serverId: number;
let planId: number;
let lineId: number;

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([
    startAppServer(),
    launchBrowser(),
    startLineAgent({ oscamUser: '' }),
  ]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  serverId = (await addAgentServer(adminApi, agent, SERVER)).id;
  await signUpConfirmed(server, RESELLER);
  const resellerId = await accountId(adminApi, RESELLER.email);
  await adminApi.request('POST', `/api/accounts/${resellerId}/credits`, { amount: 20 });
  const desktop = { width: 1440, height: 900 };
  [admin, reseller] = await Promise.all([
    signedInPage(browser, server.url, ADMIN, desktop),
    signedInPage(browser, server.url, RESELLER, desktop),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('packages in real browsers', () => {
  it("an admin names the server's groups and builds a plan from them by name", async () => {
    await admin.goto(`${server.url}/cccam-servers/manage`);
    await admin.getByRole('button', { name: `Edit ${SERVER}` }).click();
    const form = admin.getByTestId('server-edit-form');
    await form.waitFor();
    await form.getByTestId('field-group_names').fill('1 = Sports\n3 = Movies');
    await form.getByTestId('field-service_names').fill('sports, adult');
    await admin.getByTestId('server-edit-submit').click();
    await form.waitFor({ state: 'detached' });
    await waitUntil(async () => {
      const saved = await adminApi.request<{ group_names: Record<string, string> }>(
        'GET',
        `/api/servers/${serverId}`,
      );
      return saved.group_names['3'] === 'Movies' ? true : undefined;
    }, 'the group names saved');

    await admin.goto(`${server.url}/users/plans`);
    await admin.getByTestId('line-plan-new').click();
    const dialog = admin.getByTestId('line-plan-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('line-plan-name').fill(PLAN);
    await dialog.getByTestId('line-plan-months-0').fill('1');
    await dialog.getByTestId('line-plan-credits-0').fill('3');
    // The groups are offered by the names the server gives them.
    await dialog.getByTestId('line-plan-packages').getByText('Sports', { exact: true }).waitFor();
    await dialog.getByTestId('line-plan-group-1').check();
    await dialog.getByTestId('line-plan-services').fill('sports');
    // A window OSCam cannot read is refused with its reason, and nothing is saved.
    await dialog.getByTestId('line-plan-timeframe').fill('evenings');
    await dialog.getByTestId('line-plan-save').click();
    await dialog
      .getByTestId('line-plan-error')
      .filter({ hasText: 'The time window cannot be read by OSCam' })
      .waitFor();
    await dialog.getByTestId('line-plan-timeframe').fill('ALL@06:00-24:00');
    await dialog.getByTestId('line-plan-save').click();
    await dialog.waitFor({ state: 'detached' });

    const plans = await adminApi.request<{ items: { id: number; name: string; packages: string[] }[] }>(
      'GET',
      '/api/line-plans',
    );
    const plan = plans.items.find((item) => item.name === PLAN)!;
    expect(plan.packages).toEqual(['Sports']);
    planId = plan.id;
    await admin.getByTestId(`line-plan-${planId}`).getByText('Packages: Sports').waitFor();
  });

  it('a reseller sells the plan by its package name, and the server gets the group', async () => {
    await reseller.goto(`${server.url}/users/add`);
    await reseller.getByTestId('field-plan-select').click();
    const option = reseller.getByTestId(`plan-option-${planId}`);
    expect(await option.textContent()).toBe(`${PLAN} · Sports`);
    await option.click();
    await reseller.getByTestId('field-username').fill(LINE.username);
    await reseller.getByTestId('field-password').fill(LINE.password);
    await reseller.getByTestId('duration-option-1').click();
    await reseller.getByTestId('line-form-submit').click();
    await reseller.getByTestId('connection-line').waitFor();
    await waitUntil(async () => {
      const text = await readFile(agent.configFile, 'utf8');
      return text.includes(`user = ${LINE.username}`) && text.includes('group = 1') ? true : undefined;
    }, 'the line in oscam.user with its group');
    const lines = await adminApi.request<{ items: { id: number; username: string }[] }>(
      'GET',
      `/api/lines?search=${LINE.username}`,
    );
    lineId = lines.items.find((line) => line.username === LINE.username)!.id;
  });

  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1440, height: 900 },
  ]) {
    it(`the line page shows what was kept from the server beside the plan (${size.name})`, async () => {
      // What an adopted entry keeps: its own groups and a verbatim line the panel does not model.
      await adminApi.request('PATCH', `/api/lines/${lineId}`, {
        restriction_overrides: { groups: [1, 3] },
        entry_extra: { oscam: ['description = from the old panel'] },
      });
      await reseller.setViewportSize({ width: size.width, height: size.height });
      await reseller.goto(`${server.url}/users/edit/${lineId}`);
      const card = reseller.getByTestId('line-kept-card');
      await card.getByText('Kept from the server').waitFor();
      // Package names, never group numbers.
      expect(await card.getByTestId('line-kept-value-groups').textContent()).toBe('Sports, Movies');
      // The plan's side shows once the plans have loaded.
      await card
        .getByTestId('line-kept-plan-groups')
        .filter({ hasText: /^Sports$/ })
        .waitFor();
      expect(await card.getByTestId('line-kept-extra').textContent()).toBe(
        'description = from the old panel',
      );
      expect(await reseller.getByTestId('line-packages').textContent()).toBe('Sports, Movies');
      const box = await card.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(size.width);

      // The owner gives the groups back to the plan: the server is told.
      await card.getByTestId('line-kept-reset-groups').click();
      await card.getByTestId('line-kept-groups').waitFor({ state: 'detached' });
      await reseller
        .getByTestId('line-packages')
        .filter({ hasText: /^Sports$/ })
        .waitFor();
      await waitUntil(async () => {
        const text = await readFile(agent.configFile, 'utf8');
        const section = text.slice(text.indexOf(`user = ${LINE.username}`));
        return section.includes('group = 1\n') && section.includes('description = from the old panel')
          ? true
          : undefined;
      }, 'the group given back to the plan, the kept line still there');
    });
  }
});
