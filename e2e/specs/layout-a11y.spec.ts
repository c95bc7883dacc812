import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { PAGES_OF_EVERY_ROLE } from '../support/main-pages.js';
import {
  accountId,
  axeViolations,
  POLL,
  settled,
  setLanguage as setPageLanguage,
  signInContext,
  signUpConfirmed,
  visit,
} from '../support/page-helpers.js';

/**
 * Every main page, for each role, in each language, on a phone: nothing wider than the screen, no
 * page title under a button, no control cut off; and axe-core finds no serious accessibility fault.
 * One browser, one server, one signed-in context per role; pages change inside the app (no reload).
 */

type Role = 'admin' | 'reseller' | 'user';
type Language = 'en' | 'de' | 'pl' | 'pt';

const LANGUAGES: Language[] = ['en', 'de', 'pl', 'pt'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const RESELLER = {
  email: 'maria.reseller@example.com',
  password: 'reseller-password-1',
  name: 'Maria Costa',
};
const USER = { email: 'karl.user@example.com', password: 'user-password-1', name: 'Karl Nowak' };
const LINE = { username: 'kiosk-tv', password: 'Kiosk-Pass-42' };
const TICKET_TITLE = 'Receiver shows no picture';
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

const shared = [...PAGES_OF_EVERY_ROLE];
/** Pages that show a reseller and a user nothing the admin's version lacks (axe runs them once). */
const sameForEveryone = new Set([
  '/blog',
  '/redeem-code',
  '/tickets/new',
  '/support/knowledge-base',
  '/support/contact-us',
  '/settings/account',
]);
const routes: Record<Role, string[]> = {
  user: shared,
  reseller: [...shared, '/users/all', '/users/add', '/users/activation-codes', '/audit-log', '/reports'],
  admin: [
    ...shared,
    '/users/all',
    '/users/add',
    '/users/import',
    '/users/activation-codes',
    '/manage-groups',
    '/resellers',
    '/settings/panel',
    '/cccam-servers/manage',
    '/cccam-servers/add',
    '/cccam-servers/check',
    '/cccam-servers/test-api',
    '/system-status',
    '/audit-log',
    '/reports',
    '/tickets/setup',
    '/messages/create',
  ],
};

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let adminApi: ApiSession;
let ticketId = 0;
const contexts = new Map<Role, BrowserContext>();
const pages = new Map<Role, Page>();
const credentials: Record<Role, { email: string; password: string }> = {
  admin: ADMIN,
  reseller: RESELLER,
  user: USER,
};

function page(role: Role): Page {
  const found = pages.get(role);
  if (!found) throw new Error(`No page for ${role}`);
  return found;
}

async function signUp(account: { email: string; password: string; name: string }): Promise<string> {
  await signUpConfirmed(server, account);
  return accountId(adminApi, account.email);
}

const setLanguage = (target: Page, language: Language) => setPageLanguage(target, server.url, language);

type LayoutFault = string;

/** What a phone user would see broken on the current page. */
function layoutFaults(target: Page): Promise<LayoutFault[]> {
  return target.evaluate(() => {
    const faults: string[] = [];
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) faults.push(`the page is ${scrollWidth}px wide`);

    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const overlaps = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const controls = [
      ...document.querySelectorAll('main button, main a.MuiButton-root, main [role="button"]'),
    ]
      .filter(visible)
      .filter((control) => !control.closest('[aria-hidden="true"]'));

    for (const heading of document.querySelectorAll('main h1')) {
      if (!visible(heading)) continue;
      // The text's own box, not the block's: a block heading spans the row even beside a button.
      const range = document.createRange();
      range.selectNodeContents(heading);
      const text = [...range.getClientRects()];
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        if (text.some((line) => overlaps(line, box))) {
          faults.push(
            `"${control.textContent?.trim() || control.getAttribute('aria-label')}" covers the title`,
          );
        }
      }
      const block = heading.parentElement?.getBoundingClientRect();
      if (block && block.width < width / 2) faults.push(`the title block is squeezed to ${block.width}px`);
    }

    // A control must be on screen, or in a table, grid or tab row the user scrolls sideways (a pager
    // or a toolbar that scrolls hides its last buttons: nobody looks for a scrollbar there).
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const onScreen = box.left >= -1 && box.right <= width + 1;
      const table = control.closest(
        '.MuiTableContainer-root, .MuiDataGrid-virtualScroller, .MuiTabs-scrollableX',
      );
      if (!onScreen && !table) {
        const name = control.textContent?.trim() || control.getAttribute('aria-label');
        faults.push(`"${name}" is cut off (${Math.round(box.left)}–${Math.round(box.right)}px)`);
      }
    }
    return faults;
  });
}

/** Walks every role's pages side by side in one language; returns each page's faults, named. */
async function eachPage(
  language: Language,
  check: (target: Page, role: Role, route: string) => Promise<string[]>,
  only: (role: Role, route: string) => boolean = () => true,
): Promise<string[]> {
  const faults: string[] = [];
  await Promise.all(
    (['admin', 'reseller', 'user'] as const).map(async (role) => {
      const target = page(role);
      await setLanguage(target, language);
      // The ticket is the user's: the reseller would only meet "not found" there.
      const own = role === 'reseller' ? [] : [`/tickets/${ticketId}`];
      for (const route of [...routes[role], ...own].filter((route) => only(role, route))) {
        try {
          await visit(target, route);
        } catch (error) {
          faults.push(`${role} ${route}: never finished drawing (${String(error).split('\n')[0]})`);
          continue;
        }
        for (const fault of await check(target, role, route)) faults.push(`${role} ${route}: ${fault}`);
      }
    }),
  );
  return faults;
}

async function shot(target: Page, name: string) {
  if (screenshotDir)
    await target.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);

  await addAgentServer(adminApi, agent, 'Kiosk agent');

  const [resellerId] = await Promise.all([signUp(RESELLER), signUp(USER)]);
  await adminApi.request('POST', `/api/accounts/${resellerId}/credits`, { amount: 10 });

  const resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  await resellerApi.request('POST', '/api/lines', { ...LINE, subscription_months: 1 });

  // A thread with both sides in it, and enough messages for a second page.
  const userApi = apiSession(server.url);
  await userApi.signIn(USER.email, USER.password);
  const ticket = await userApi.request<{ id: number }>('POST', '/api/tickets', {
    title: TICKET_TITLE,
    description: 'Since the update the receiver stays black.',
  });
  ticketId = ticket.id;
  await adminApi.request('POST', `/api/tickets/${ticketId}/replies`, { content: 'Please restart it.' });
  await userApi.request('POST', `/api/tickets/${ticketId}/replies`, { content: 'Done, still black.' });
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      adminApi.request('POST', '/api/messages', {
        title: `Maintenance notice ${i + 1}`,
        content: 'The panel restarts tonight.',
        is_global: true,
      }),
    ),
  );

  await Promise.all(
    (['admin', 'reseller', 'user'] as const).map(async (role) => {
      const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
      await signInContext(context, server.url, credentials[role]);
      contexts.set(role, context);
      pages.set(role, await context.newPage());
    }),
  );
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') {
    for (const [role, target] of pages) await shot(target, `failed-${task.name.slice(0, 30)}-${role}`);
  }
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('phone layout and accessibility of every main page', () => {
  it('a brand-new account is welcomed, not welcomed back', async () => {
    const user = page('user');
    await user.goto(`${server.url}/`);
    await settled(user);
    const greeting = await user.getByTestId('welcome-name').textContent();
    expect(greeting).toBe(`Welcome, ${USER.name}`);
  });

  it("an admin's own credit history holds only their movements; every account's is on /user, by account", async () => {
    const admin = page('admin');
    await setLanguage(admin, 'en');
    await visit(admin, '/profile/edit');
    await admin.getByTestId('profile-ledger').getByText('No credit movements yet').waitFor(POLL);

    await visit(admin, '/user');
    const all = admin.getByTestId('all-ledger');
    await all.getByTestId('ledger-row').first().waitFor(POLL);
    expect(await all.getByTestId('ledger-account').allTextContents()).toContain(RESELLER.email);
  });

  it("a thread shows one's own initial; the tickets page has no System status button", async () => {
    const user = page('user');
    await setLanguage(user, 'de');
    await visit(user, `/tickets/${ticketId}`);
    const description = user.getByTestId('ticket-description');
    expect(await description.getByTestId('ticket-message-author').textContent()).toBe('Sie');
    expect(await description.getByTestId('ticket-message-avatar').textContent()).toBe('K');
    // German times are 24-hour, as German readers write them.
    expect(await description.textContent()).toMatch(/\d{4} \d{2}:\d{2}/);
    expect(await description.textContent()).not.toMatch(/\b(am|pm)\b/);

    const admin = page('admin');
    await setLanguage(admin, 'en');
    await visit(admin, '/tickets');
    expect(await admin.locator('main').getByText('System status').count()).toBe(0);
  });

  it("the built-in groups read in the reader's language", async () => {
    const admin = page('admin');
    await setLanguage(admin, 'de');
    await visit(admin, '/manage-groups');
    expect(await admin.getByTestId('group-name').allTextContents()).toEqual(
      expect.arrayContaining(['Administratoren', 'Reseller', 'Benutzer']),
    );
  });

  it('on a phone the lines list shows name, status and expiry, and its actions, without scrolling', async () => {
    const reseller = page('reseller');
    await setLanguage(reseller, 'en');
    await visit(reseller, '/users/all');
    const row = reseller.getByTestId('line-row').first();
    for (const part of ['line-username', 'line-status', 'line-expiry', 'line-actions-menu-button']) {
      const box = await row.getByTestId(part).boundingBox();
      expect(box, part).not.toBeNull();
      expect(box!.x + box!.width, part).toBeLessThanOrEqual(PHONE.width);
    }
    await row.getByTestId('line-actions-menu-button').click();
    await reseller.getByTestId('line-renew-menu-item').waitFor();
    await reseller.keyboard.press('Escape');
  });

  for (const language of LANGUAGES) {
    it(`every page fits a 390px phone in ${language}, for every role`, async () => {
      const faults = await eachPage(language, async (target, role, route) => {
        await shot(target, `phone-${language}-${role}${route.replaceAll('/', '_')}`);
        return layoutFaults(target);
      });
      expect(faults).toEqual([]);
    });
  }

  it('axe-core finds no critical or serious fault on any main page, for any role', async () => {
    for (const target of pages.values()) await target.setViewportSize(DESKTOP);
    try {
      // The admin sees every page with the most on it; the others the pages that differ for them.
      const faults = await eachPage(
        'en',
        (target) => axeViolations(target),
        (role, route) => role === 'admin' || !sameForEveryone.has(route),
      );
      expect(faults).toEqual([]);
    } finally {
      for (const target of pages.values()) await target.setViewportSize(PHONE);
    }
  });
});
