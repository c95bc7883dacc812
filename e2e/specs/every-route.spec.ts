import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { PAGES_OF_EVERY_ROLE } from '../support/main-pages.js';
import {
  axeViolations,
  POLL,
  signedInPage,
  signUpConfirmed,
  visit,
  waitForIdle,
} from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

/**
 * Every address the app has, for each role, at desktop size (1440×900) and on a phone (390×844),
 * and the pages one opens signed out (sign-in, sign-up, password reset, the customer portal): the
 * console stays quiet (the Content-Security-Policy refusing none of the app's own styles, no failed
 * request, no thrown error), axe-core finds nothing serious or critical, and the headings go down one
 * level at a time. Addresses with an id are opened on rows made for them.
 */

const RESELLER = {
  email: 'routes.reseller@example.com',
  password: 'reseller-password-1',
  name: 'Rita Sousa',
};
const USER = { email: 'routes.user@example.com', password: 'user-password-1', name: 'Uwe Brandt' };
const LINE = { username: 'routes-tv', password: 'Routes-Pass-42' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

type Role = 'admin' | 'reseller' | 'user';

let scenario: ResellerScenario;
let resellerApi: ApiSession;
let userPage: Page;
const ids = { line: 0, server: 0, resellerTicket: 0, userTicket: 0, article: 0, topUp: 0 };

/** What each page's console said (errors only, a refused style included), since the last visit. */
const consoleErrors = new Map<Page, string[]>();

function watchConsole(page: Page) {
  const seen: string[] = [];
  consoleErrors.set(page, seen);
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(String(error)));
}

const routes = (role: Role): string[] => {
  const everyone = [...PAGES_OF_EVERY_ROLE, '/contact', '/404', `/support/knowledge-base/${ids.article}`];
  if (role === 'user') return [...everyone, `/tickets/${ids.userTicket}`];
  const seller = [
    ...everyone,
    '/users/all',
    '/users/add',
    '/users/activation-codes',
    `/users/edit/${ids.line}`,
    '/audit-log',
    '/reports',
  ];
  if (role === 'reseller') {
    return [
      ...seller,
      `/tickets/${ids.resellerTicket}`,
      `/payments/receipts/${ids.topUp}`,
      `/payments/return/${ids.topUp}`,
    ];
  }
  return [
    ...seller,
    '/users/import',
    '/users/plans',
    '/manage-groups',
    '/resellers',
    '/settings/panel',
    '/cccam-servers/manage',
    '/cccam-servers/add',
    '/cccam-servers/check',
    '/cccam-servers/test-api',
    `/cccam-servers/${ids.server}/adopt`,
    // Two addresses of one page never follow each other: `visit` knows a page has drawn by its new
    // title, and the same page keeps its title element.
    '/system-status',
    `/tickets/${ids.resellerTicket}`,
    '/supabase-test',
    '/tickets/setup',
    `/tickets/${ids.userTicket}`,
    '/messages/create',
    `/payments/receipts/${ids.topUp}`,
  ];
};

/** The console's errors, axe-core's serious and critical findings and the heading order, now. */
async function faultsOf(page: Page): Promise<string[]> {
  return [
    ...consoleErrors.get(page)!.map((text) => `console: ${text.slice(0, 200)}`),
    ...(await axeViolations(page)),
    // "moderate" in axe's words, but a screen reader's outline of the page depends on it.
    ...(await axeViolations(page, { rules: ['heading-order'], anyImpact: true })),
  ];
}

async function walk(page: Page, list: string[]): Promise<string[]> {
  const faults: string[] = [];
  for (const route of list) {
    consoleErrors.get(page)!.length = 0;
    try {
      await visit(page, route);
    } catch (error) {
      faults.push(`${route}: never finished drawing (${String(error).split('\n')[0]})`);
      continue;
    }
    for (const fault of await faultsOf(page)) faults.push(`${route}: ${fault}`);
  }
  return faults;
}

const pageOf = (role: Role) =>
  role === 'admin' ? scenario.admin : role === 'reseller' ? scenario.reseller : userPage;

beforeAll(async () => {
  scenario = await startResellerScenario({ serverName: 'Routes agent', reseller: RESELLER, credits: 50 });
  const { adminApi, server } = scenario;
  await signUpConfirmed(server, USER);
  userPage = await signedInPage(scenario.browser, server.url, USER, DESKTOP);
  for (const page of [scenario.admin, scenario.reseller, userPage]) watchConsole(page);

  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  const userApi = apiSession(server.url);
  await userApi.signIn(USER.email, USER.password);

  const servers = await adminApi.request<{ items: { id: number; server_name: string }[] }>(
    'GET',
    '/api/servers',
  );
  ids.server = servers.items.find((item) => item.server_name === 'Routes agent')!.id;
  const created = await resellerApi.request<{ line: { id: number } }>('POST', '/api/lines', {
    ...LINE,
    subscription_months: 1,
  });
  ids.line = created.line.id;
  await resellerApi.request('PUT', '/api/portal/settings', { enabled: true, contact: 'Telegram @routes' });

  const resellerTicket = await resellerApi.request<{ id: number }>('POST', '/api/tickets', {
    title: 'Lines do not reach the server',
    description: 'New lines stay pending.',
  });
  ids.resellerTicket = resellerTicket.id;
  await adminApi.request('POST', `/api/tickets/${ids.resellerTicket}/replies`, { content: 'Looking at it.' });
  const userTicket = await userApi.request<{ id: number }>('POST', '/api/tickets', {
    title: 'Receiver shows no picture',
    description: 'Since the update the receiver stays black.',
  });
  ids.userTicket = userTicket.id;
  // One ticket closed, for the page a closed ticket shows (Reopen instead of the reply box).
  await adminApi.request('POST', `/api/tickets/${ids.userTicket}/replies`, { content: 'Fixed, closing.' });
  await adminApi.request('PATCH', `/api/tickets/${ids.userTicket}`, { status: 'closed' });

  const category = await adminApi.request<{ id: number }>('POST', '/api/kb/categories', {
    name: 'Receivers',
  });
  const article = await adminApi.request<{ id: number }>('POST', '/api/kb/articles', {
    title: 'Setting up a CCcam line',
    body: 'Enter the C: line in the receiver menu.',
    category_id: category.id,
    published: true,
  });
  ids.article = article.id;

  const pack = await adminApi.request<{ id: number }>('POST', '/api/credit-packages', {
    name: 'Routes Starter',
    credits: 20,
    price_cents: 999,
  });
  const topUp = await resellerApi.request<{ id: number }>('POST', '/api/topups', {
    package_id: pack.id,
    payment_reference: 'TX-ROUTES-1',
  });
  ids.topUp = topUp.id;
  await adminApi.request('POST', `/api/topups/${ids.topUp}/approve`, {});
});

afterAll(async () => {
  await scenario?.stop();
});

describe('every address of the app', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const role of ['admin', 'reseller', 'user'] as const) {
      it(`${role}, ${size}: a quiet console, no serious accessibility fault, headings in order`, async () => {
        const page = pageOf(role);
        await page.setViewportSize(viewport);
        const faults = await walk(page, routes(role));
        expect(faults).toEqual([]);
      }, 600_000);
    }
  }

  it('signing out leaves the console quiet too (the sign-in page does not ask who is signed in)', async () => {
    consoleErrors.get(userPage)!.length = 0;
    await visit(userPage, '/');
    await userPage.getByTestId('account-button').click();
    await userPage.getByTestId('sign-out-button').click();
    await userPage.waitForURL(/\/sign-in(\?|$)/);
    await userPage.getByTestId('sign-in-submit').waitFor(POLL);
    await waitForIdle(userPage);
    expect(consoleErrors.get(userPage)).toEqual([]);
  });

  it('signed out: the sign-in, sign-up, password and portal pages', async () => {
    const context = await scenario.browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    watchConsole(page);
    const faults: string[] = [];
    const open = async (route: string) => {
      consoleErrors.get(page)!.length = 0;
      await page.goto(`${scenario.server.url}${route}`);
      await page.locator('h1').first().waitFor(POLL);
      await waitForIdle(page);
      for (const fault of await faultsOf(page)) faults.push(`${route}: ${fault}`);
    };
    try {
      for (const route of [
        '/sign-in',
        '/sign-up',
        '/forgot-password',
        '/reset-password?token=not-a-real-token',
        '/set-password?token=not-a-real-token',
        '/404',
        '/my/sign-in',
        '/my/activate',
      ]) {
        await open(route);
      }
      // The customer, signed in to the portal with the line's own name and password.
      await page.goto(`${scenario.server.url}/my/sign-in`);
      await page.getByLabel('Username').fill(LINE.username);
      await page.getByLabel('Password', { exact: true }).fill(LINE.password);
      await page.getByTestId('portal-sign-in-submit').click();
      await page.getByTestId('portal-line-page').waitFor(POLL);
      await open('/my');
    } finally {
      await context.close();
    }
    expect(faults).toEqual([]);
  });
});
