import net from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, waitUntil } from '../support/app-server.js';
import { axeViolations, POLL, setLanguage, signedInPage, visit } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

/**
 * The screens an operator works in all day, as a person sees them: the lines list (no sideways
 * scroll at 1280 px, a customer-name column, one labelled action and a menu, a search field on a
 * phone, the "every matching line" offer only once a whole page is ticked), the settings split into
 * mine and the panel's with a table of contents, the card servers with named actions, the side
 * navigation's server entry in sight at 1440×900, and notification channels that say what they lack.
 */

const RESELLER = {
  email: 'screens.reseller@example.com',
  password: 'reseller-password-1',
  name: 'Rita Sousa',
};
const LINES = 30;
const NAMED = { username: 'screens-named', password: 'Screens-Pass-42', name: 'Maria Schmidt' };
const PHONE = { width: 390, height: 844 };

let scenario: ResellerScenario;
let resellerApi: ApiSession;

type Job = { id: number; status: string; succeeded: number };

beforeAll(async () => {
  scenario = await startResellerScenario({ serverName: 'Screens agent', reseller: RESELLER, credits: 200 });
  resellerApi = apiSession(scenario.server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  // More lines than one page holds (25), so that "every matching line" means more than the page.
  const job = await resellerApi.request<Job>('POST', '/api/lines/bulk', {
    action: 'create',
    count: LINES,
    username_prefix: 'screens-',
    subscription_months: 1,
  });
  await waitUntil(async () => {
    const now = await resellerApi.request<Job>('GET', `/api/lines/bulk/${job.id}`);
    return now.status === 'done' && now.succeeded === LINES ? true : undefined;
  }, 'the seeding bulk create to finish');
  // The newest, so the first row of the list.
  await resellerApi.request('POST', '/api/lines', {
    username: NAMED.username,
    password: NAMED.password,
    name: NAMED.name,
    subscription_months: 1,
  });
});

afterAll(async () => {
  await scenario?.stop();
});

async function pageAt(viewport: { width: number; height: number }, language: string, admin = true) {
  const page = await signedInPage(scenario.browser, scenario.server.url, admin ? ADMIN : RESELLER, viewport);
  // Always set: the language an account chose is kept with the account, from one test to the next.
  await setLanguage(page, scenario.server.url, language);
  return page;
}

/** A picture of the page for a person to look at, when E2E_SCREENSHOT_DIR names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Whether the page or the element scrolls sideways. */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth > root.clientWidth;
  });

/** The page has scrolled, and the element's top is on the screen below the header. */
const inView = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    return window.scrollY > 0 && top >= 0 && top < window.innerHeight - 100;
  });

describe('the lines list', () => {
  for (const [width, height, language, renew, customer] of [
    [1280, 800, 'en', 'Renew', 'Customer name'],
    [1440, 900, 'de', 'Verlängern', 'Name des Kunden'],
  ] as const) {
    it(`fits ${width} px without sideways scroll, with the customer's name and one named action (${language})`, async () => {
      const page = await pageAt({ width, height }, language);
      await visit(page, '/users/all');
      await page.getByTestId('line-row').first().waitFor(POLL);
      expect(await pageScrollsSideways(page)).toBe(false);
      const container = page.getByTestId('lines-table').locator('.MuiTableContainer-root');
      expect(await container.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      // Every column header, the owner's last, is inside the visible table.
      const frame = (await container.boundingBox())!;
      for (const header of await page.locator('[data-testid="lines-table"] thead th').all()) {
        const box = (await header.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
      }
      expect(await page.locator('th[data-field="owner_email"]').count()).toBe(1);
      expect(await page.locator('th[data-field="name"]').textContent()).toBe(customer);

      const row = page.getByTestId('line-row').filter({ hasText: NAMED.username });
      expect(await row.getByTestId('line-customer').textContent()).toBe(NAMED.name);
      // One action by name, the rest in the row's menu: no row of bare icons.
      expect((await row.getByTestId('line-renew-button').textContent())?.trim()).toBe(renew);
      expect(await row.locator('button').count()).toBe(2);
      await row.getByTestId('line-actions-menu-button').click();
      for (const item of ['line-copy-connection-menu-item', 'line-edit-menu-item', 'line-delete-menu-item']) {
        await page.getByTestId(item).waitFor(POLL);
      }
      await page.keyboard.press('Escape');
      await shot(page, `lines-${width}-${language}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('offers every matching line only once the whole page is ticked, not before', async () => {
    const page = await pageAt({ width: 1440, height: 900 }, 'en');
    await visit(page, '/users/all');
    await page.getByTestId('line-row').first().waitFor(POLL);
    expect(await page.getByTestId('lines-bulk-bar').count()).toBe(0);

    await page.getByTestId('line-row').first().locator('td.lt-check input').check();
    await page.getByTestId('lines-selected-count').filter({ hasText: 'Selected: 1' }).waitFor(POLL);
    expect(await page.getByTestId('lines-select-all-matching').count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    const offer = page.getByTestId('lines-select-all-matching');
    await offer.waitFor(POLL);
    expect(await offer.textContent()).toContain(String(LINES + 1));
    await offer.click();
    await page
      .getByTestId('lines-selected-count')
      .filter({ hasText: `All matching lines selected: ${LINES + 1}` })
      .waitFor(POLL);
    await page.context().close();
  });

  for (const [language, placeholder] of [
    ['en', 'Search'],
    ['pl', 'Szukaj'],
  ] as const) {
    it(`on a phone (390 px, ${language}): a search field in sight, and the bulk bar only after ticking`, async () => {
      const page = await pageAt(PHONE, language);
      await visit(page, '/users/all');
      await page.getByTestId('line-row').first().waitFor(POLL);
      const search = page.getByTestId('filter-search');
      expect(await search.isVisible()).toBe(true);
      expect(await search.getAttribute('placeholder')).toContain(placeholder);
      const box = (await search.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.getByTestId('lines-bulk-bar').count()).toBe(0);
      expect(await pageScrollsSideways(page)).toBe(false);

      await search.fill(NAMED.username);
      await expect.poll(() => page.getByTestId('line-row').count(), POLL).toBe(1);
      await search.fill('');
      await expect.poll(() => page.getByTestId('line-row').count(), POLL).toBe(25);

      await shot(page, `lines-phone-${language}`);
      await page.getByTestId('lines-select-page').check();
      await page.getByTestId('lines-select-all-matching').waitFor(POLL);
      expect(await pageScrollsSideways(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('settings: mine and the panel’s', () => {
  it('the old address opens My account, with its table of contents; the panel settings are the admin’s', async () => {
    const page = await pageAt({ width: 1440, height: 900 }, 'en');
    await page.goto(`${scenario.server.url}/settings`);
    await page.waitForURL(/\/settings\/account$/);
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor(POLL);
    const toc = page.getByTestId('settings-toc');
    await toc.waitFor(POLL);
    for (const section of [
      'profile',
      'security',
      'language',
      'messages',
      'customers',
      'api-keys',
      'credits',
    ]) {
      expect(await toc.getByTestId(`settings-toc-${section}`).count(), section).toBe(1);
    }
    // No panel-wide card among mine.
    expect(await page.getByTestId('settings-section-payments').count()).toBe(0);
    await toc.getByTestId('settings-toc-api-keys').click();
    await page.waitForURL(/#api-keys$/);
    await expect.poll(() => inView(page, 'settings-section-api-keys')).toBe(true);

    await page.getByTestId('account-button').click();
    await page.getByTestId('account-panel-settings-link').click();
    await page.waitForURL(/\/settings\/panel$/);
    await page.getByRole('heading', { level: 1, name: 'Panel settings' }).waitFor(POLL);
    for (const section of ['access', 'lines', 'payments', 'telegram']) {
      await page.getByTestId(`settings-section-${section}`).waitFor(POLL);
      expect(await page.getByTestId('settings-toc').getByTestId(`settings-toc-${section}`).count()).toBe(1);
    }
    await shot(page, 'settings-panel-1440');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  for (const [viewport, language, heading, password] of [
    [{ width: 1440, height: 900 }, 'en', 'My account', 'Change password'],
    [PHONE, 'de', 'Mein Konto', 'Passwort ändern'],
  ] as const) {
    it(`My account holds the profile, the password and the second sign-in step (${viewport.width} px, ${language}); the old profile address leads there`, async () => {
      const page = await pageAt(viewport, language, false);
      await visit(page, '/profile/edit');
      await page.waitForURL(/\/settings\/account#profile$/);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor(POLL);
      const profile = page.getByTestId('settings-section-profile');
      await profile.getByTestId('profile-name').waitFor(POLL);
      await profile.getByTestId('billing-details-card').waitFor(POLL);
      const security = page.getByTestId('settings-section-security');
      await security.getByTestId('change-password-form').waitFor(POLL);
      expect(await security.textContent()).toContain(password);
      await security.getByTestId('two-factor-card').waitFor(POLL);
      await page.getByTestId('settings-section-credits').getByTestId('profile-ledger').waitFor(POLL);
      // The side navigation's and the account menu's one way to it.
      if (viewport !== PHONE) {
        expect(await page.getByTestId('nav-desktop').getByTestId('nav-myProfile').getAttribute('href')).toBe(
          '/settings/account',
        );
      }
      await page.getByTestId('account-button').click();
      // The menu's code loads on its first opening: absence counts once the menu shows.
      await page.getByTestId('account-settings-link').waitFor(POLL);
      expect(await page.getByTestId('account-profile-link').count()).toBe(0);
      await page.getByTestId('account-settings-link').click();
      await page.waitForURL(/\/settings\/account$/);
      expect(await pageScrollsSideways(page)).toBe(false);
      await shot(page, `my-account-${viewport.width}-${language}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('a reseller has no panel settings: the address opens their own, and the menu does not offer it', async () => {
    const page = await pageAt({ width: 1440, height: 900 }, 'en', false);
    await page.goto(`${scenario.server.url}/settings/panel`);
    await page.waitForURL(/\/settings\/account$/);
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor(POLL);
    await page.getByTestId('account-button').click();
    await page.getByTestId('account-settings-link').waitFor(POLL);
    expect(await page.getByTestId('account-panel-settings-link').count()).toBe(0);
    await page.context().close();
  });

  it('on a phone in German: a compact section menu instead of the side list, nothing sideways', async () => {
    const page = await pageAt(PHONE, 'de');
    await visit(page, '/settings/panel');
    await page.getByRole('heading', { level: 1, name: 'Panel-Einstellungen' }).waitFor(POLL);
    expect(await page.getByTestId('settings-toc').count()).toBe(0);
    const select = page.getByTestId('settings-toc-select').locator('select');
    await select.selectOption('payments');
    await page.waitForURL(/#payments$/);
    await expect.poll(() => inView(page, 'settings-section-payments')).toBe(true);
    expect(await pageScrollsSideways(page)).toBe(false);
    await shot(page, 'settings-panel-phone-de');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the card servers', () => {
  for (const [language, title, labels] of [
    ['en', 'Card servers', ['Test', 'Edit', 'More']],
    ['de', 'Card-Server', ['Testen', 'Bearbeiten', 'Mehr']],
  ] as const) {
    it(`names every action of a server (${language}) and shows the servers in the navigation at 1440×900`, async () => {
      const page = await pageAt({ width: 1440, height: 900 }, language);
      const entry = page.getByTestId('nav-desktop').getByTestId('nav-cccamServers');
      const box = (await entry.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      expect((await entry.textContent())?.trim()).toBe(title);

      await visit(page, '/cccam-servers/manage');
      await page.getByRole('heading', { level: 1, name: title }).waitFor(POLL);
      const row = page.getByTestId('server-row').first();
      await row.waitFor(POLL);
      const buttons = row.getByRole('button');
      const texts = (await buttons.allTextContents()).map((text) => text.trim());
      expect(texts).toEqual([...labels]);
      await row.getByTestId('server-actions-menu-button').click();
      await shot(page, `servers-${language}`);
      const items = (await page.getByRole('menuitem').allTextContents()).map((text) => text.trim());
      // Six actions since ECM statistics joined the menu, each named in words.
      expect(items).toHaveLength(6);
      for (const item of items) expect(item.length).toBeGreaterThan(3);
      await page.keyboard.press('Escape');
      expect(await pageScrollsSideways(page)).toBe(false);
      const table = page.locator('.MuiTableContainer-root').first();
      expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await page.context().close();
    });
  }
});

describe('the admin navigation at 1440×900', () => {
  for (const language of ['en', 'de'] as const) {
    it(`keeps the card servers in sight with Lines opened (${language})`, async () => {
      const page = await pageAt({ width: 1440, height: 900 }, language);
      const nav = page.getByTestId('nav-desktop');
      await visit(page, '/users/all');
      const lines = nav.getByTestId('nav-lines');
      await lines.waitFor(POLL);
      // The Lines group opened with its five entries.
      if ((await lines.getAttribute('aria-expanded')) !== 'true') await lines.click();
      await nav.getByTestId('nav-activationCodes').waitFor(POLL);
      const servers = nav.getByTestId('nav-cccamServers');
      const box = (await servers.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      expect(await nav.evaluate((element) => element.scrollTop)).toBe(0);
      await servers.click();
      await nav.getByTestId('nav-serversManage').waitFor(POLL);
      const manage = (await nav.getByTestId('nav-serversManage').boundingBox())!;
      expect(manage.y + manage.height).toBeLessThanOrEqual(900);
      await page.context().close();
    });
  }
});

describe('notification channels', () => {
  it('a channel that is not set up says what it lacks, its switches off and locked, with a way to set it up', async () => {
    const page = await pageAt({ width: 1440, height: 900 }, 'en');
    await visit(page, '/notifications');
    await page.getByTestId('notification-switches').waitFor(POLL);
    await page.getByTestId('not-ready-webhook').filter({ hasText: 'No webhook address yet.' }).waitFor(POLL);
    const hook = page.getByRole('switch', { name: 'Top-up credited: Webhook' });
    expect(await hook.isChecked()).toBe(false);
    expect(await hook.isDisabled()).toBe(true);
    await shot(page, 'notifications-1440');
    await page.getByTestId('set-up-webhook').click();
    await expect.poll(() => inView(page, 'webhook-card')).toBe(true);
    await page.context().close();
  });

  it('on a phone in German: one channel at a time, a short list instead of 48 switches', async () => {
    const page = await pageAt(PHONE, 'de');
    await visit(page, '/notifications');
    await page.getByTestId('notification-switches').waitFor(POLL);
    const switches = page.getByTestId('notification-switches').getByRole('switch');
    const kinds = await page.locator('[data-testid^="kind-row-"]').count();
    expect(await switches.count()).toBe(kinds);
    const card = (await page.getByTestId('notification-switches').boundingBox())!;
    expect(card.height).toBeLessThan(1400);
    await shot(page, 'notifications-phone-de');
    await page.getByTestId('channel-tab-webhook').click();
    await page
      .getByTestId('not-ready-webhook')
      .filter({ hasText: 'Noch keine Webhook-Adresse.' })
      .waitFor(POLL);
    expect(await switches.first().isDisabled()).toBe(true);
    expect(await pageScrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('a server that refuses the connection, on the dashboard', () => {
  let refusedPort: number;
  beforeAll(async () => {
    // A port nothing listens on: the panel's test of the server is refused.
    refusedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const adminApi = apiSession(scenario.server.url);
    await adminApi.signIn(ADMIN.email, ADMIN.password);
    await adminApi.request('POST', '/api/servers', {
      server_name: 'Refusing box',
      host_ip: '127.0.0.1',
      port: 12000,
      api_port: refusedPort,
      username: 'panel',
      password: 'secret-password',
    });
  });

  for (const [viewport, language, sentence, details] of [
    [{ width: 1440, height: 900 }, 'en', 'The server refused the connection', 'Details'],
    [PHONE, 'de', 'Der Server hat die Verbindung abgelehnt', 'Details'],
  ] as const) {
    it(`says why in words, the raw error only under Details (${viewport.width} px, ${language})`, async () => {
      const page = await pageAt(viewport, language);
      await visit(page, '/');
      const row = page.getByTestId('todo-server').filter({ hasText: 'Refusing box' });
      await row.waitFor(POLL);
      expect(await row.getByTestId('server-problem').textContent()).toContain(sentence);
      const raw = row.getByTestId('server-problem-details').locator('code');
      expect(await raw.isVisible()).toBe(false);
      expect(await row.innerText()).not.toMatch(/ECONNREFUSED|Failed to connect/);
      await row.getByTestId('server-problem-details').getByText(details, { exact: true }).click();
      await raw.waitFor({ state: 'visible', ...POLL });
      expect(await raw.textContent()).toContain(`ECONNREFUSED 127.0.0.1:${refusedPort}`);
      expect(await pageScrollsSideways(page)).toBe(false);
      await page.context().close();
    });
  }
});
