import { addMonths, toDisplayDate } from '@linedesk/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import {
  accountId,
  axeViolations,
  signUpConfirmed,
  submitSignIn,
  waitForIdle,
} from '../support/page-helpers.js';

/**
 * From a code to a working line, as the people involved see it: the reseller copies, shares and
 * prints codes; the customer activates one in the portal and is told the line's login, renews it and
 * asks for a renewal; the reseller finds that ask in "To do now" and renews the line from there. On
 * a phone and a desktop, in English and German.
 */

const POLL = { timeout: 30_000 };
const RESELLER = { email: 'reseller.handout@example.com', password: 'reseller-password-1' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Run = { name: string; locale: string; language: 'en' | 'de'; viewport: typeof PHONE };
const runs: Run[] = [
  { name: 'phone, English', locale: 'en-US', language: 'en', viewport: PHONE },
  { name: 'desktop, German', locale: 'de-DE', language: 'de', viewport: DESKTOP },
];

const texts = {
  en: {
    created: 'Your line is ready. Note your username and password',
    renewed: 'Your line has been renewed. It now runs until',
    asked: 'Your reseller has been asked to renew your line.',
    copied: (code: string) => `Copied ${code}`,
    messageCopied: "Copied: a message with the code, the portal's address and the steps",
    step: 'Enter the code and tap Activate',
    todo: 'Customers asking to renew',
  },
  de: {
    created: 'Dein Zugang ist bereit. Notiere dir Benutzernamen und Passwort',
    renewed: 'Dein Zugang wurde verlängert. Er läuft jetzt bis',
    asked: 'Dein Händler wurde gebeten',
    copied: (code: string) => `${code} kopiert`,
    messageCopied: 'Kopiert: eine Nachricht mit dem Code, der Adresse des Portals und den Schritten',
    step: 'Geben Sie den Code ein und tippen Sie auf „Einlösen“',
    todo: 'Kunden bitten um Verlängerung',
  },
};

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let reseller: ApiSession;
/** The lines each run's customer made, by run name. */
const customers = new Map<string, { username: string; password: string }>();

async function buyCodes(count: number): Promise<string[]> {
  const generated = await reseller.request<{ items: { code: string }[] }>('POST', '/api/activation-codes', {
    count,
    subscription_months: 1,
  });
  return generated.items.map((c) => c.code);
}

async function newContext(run: Run): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: run.viewport, locale: run.locale });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return context;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether the element is within the browser's window now: what the person is looking at. */
async function inView(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Handout agent');
  await signUpConfirmed(server, { ...RESELLER, name: 'Handout Reseller' });
  await adminApi.request('POST', `/api/accounts/${await accountId(adminApi, RESELLER.email)}/credits`, {
    amount: 100,
  });
  reseller = apiSession(server.url);
  await reseller.signIn(RESELLER.email, RESELLER.password);
  await reseller.request('PUT', '/api/portal/settings', { enabled: true, contact: 'Telegram @handout' });
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe.each(runs)('the customer portal ($name)', (run) => {
  let context: BrowserContext;
  let page: Page;
  const said = texts[run.language];

  beforeAll(async () => {
    context = await newContext(run);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it("activates a code and is told the new line's username and password, with copy buttons", async () => {
    const [code] = await buyCodes(1);
    await page.goto(`${server.url}/my/activate?code=${code}`);
    await page.getByTestId('portal-activate-submit').click();
    await page.getByTestId('portal-line-page').waitFor(POLL);

    // First thing on the page: the line is ready, and its login.
    const activated = page.getByTestId('portal-activated');
    expect(await activated.textContent()).toContain(said.created);
    expect(await inView(page, 'portal-activated')).toBe(true);
    const username = (await page.getByTestId('portal-login-username').textContent())!;
    const password = (await page.getByTestId('portal-login-password').textContent())!;
    expect(username).toBe(await page.getByTestId('portal-username').textContent());
    expect(password.length).toBeGreaterThanOrEqual(6);
    const line = (await page.getByTestId('portal-connection-line-0').textContent())!;
    expect(line).toMatch(new RegExp(`^C: 127\\.0\\.0\\.1 \\d+ ${username} ${password}$`));
    customers.set(run.name, { username, password });

    await page.getByTestId('portal-copy-password').click();
    await page.locator('[data-testid="portal-copy-password"][data-copied="true"]').waitFor(POLL);
    expect(await clipboard(page)).toBe(password);
    await page.getByTestId('portal-copy-username').click();
    await expect.poll(() => clipboard(page), POLL).toBe(username);

    // The connection line breaks between its fields only: no field is split over two lines.
    const split = await page
      .getByTestId('portal-connection-line-0')
      .evaluate(
        (code) => [...code.querySelectorAll('span')].filter((s) => s.getClientRects().length > 1).length,
      );
    expect(split).toBe(0);
    await waitForIdle(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(run.viewport.width);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('finds the login again on the line page after signing in again', async () => {
    const { username, password } = customers.get(run.name)!;
    await page.getByTestId('portal-sign-out').click();
    await page.getByTestId('portal-sign-in-form').waitFor(POLL);
    await page.locator('input[autocomplete="username"]').fill(username);
    await page.locator('input[autocomplete="current-password"]').fill(password);
    await page.getByTestId('portal-sign-in-submit').click();
    await page.getByTestId('portal-line-page').waitFor(POLL);
    expect(await page.getByTestId('portal-activated').count()).toBe(0);
    expect(await page.getByTestId('portal-login-username').textContent()).toBe(username);
    expect(await page.getByTestId('portal-login-password').textContent()).toBe(password);
  });

  it('renews with another code and is told until when the line now runs', async () => {
    const [code] = await buyCodes(1);
    const before = (await page.getByTestId('portal-expiry').textContent())!;
    await page.getByTestId('portal-renew').click();
    await page.getByTestId('portal-code').fill(code!);
    await page.getByTestId('portal-activate-submit').click();
    const renewed = page.getByTestId('portal-renewed');
    await renewed.waitFor(POLL);
    const [d, m, y] = before.split('-');
    const until = toDisplayDate(addMonths(`${y}-${m}-${d}`, 1));
    expect(await renewed.textContent()).toContain(`${said.renewed} ${until}`);
    expect(await page.getByTestId('portal-expiry').textContent()).toBe(until);
    expect(await inView(page, 'portal-renewed')).toBe(true);
  });

  it('asks the reseller to renew and sees the confirmation where it is looking', async () => {
    await page.getByTestId('portal-ask-renewal').click();
    const sent = page.getByTestId('portal-ask-renewal-sent');
    await sent.waitFor(POLL);
    expect(await sent.textContent()).toContain(said.asked);
    await expect.poll(() => inView(page, 'portal-ask-renewal-sent'), POLL).toBe(true);
  });
});

describe.each([
  { ...runs[1]!, ask: runs[1]!, act: 'renew' as const },
  { ...runs[0]!, ask: runs[0]!, act: 'dismiss' as const },
])("the reseller's To do now ($name)", (run) => {
  let context: BrowserContext;
  let page: Page;
  const said = texts[run.language];

  beforeAll(async () => {
    context = await newContext(run);
    page = await context.newPage();
    await submitSignIn(page, server.url, RESELLER);
    await page.getByTestId('welcome-card').waitFor(POLL);
  });
  afterAll(() => context?.close());

  it(`lists the customer's ask to renew, and its ${run.act} takes it off the list`, async () => {
    const { username } = customers.get(run.ask.name)!;
    const requests = page.getByTestId('todo-requests');
    const row = requests.getByTestId('todo-request').filter({ hasText: username });
    await row.waitFor(POLL);
    expect(await requests.textContent()).toContain(said.todo);
    await waitForIdle(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(run.viewport.width);
    expect(await axeViolations(page)).toEqual([]);

    if (run.act === 'renew') {
      const line = await reseller.request<{ items: { id: number; expiry_date: string }[] }>(
        'GET',
        `/api/lines?search=${username}`,
      );
      const before = line.items[0]!;
      await row.getByTestId('todo-request-renew').click();
      await page.getByTestId('renew-dialog').waitFor(POLL);
      // The dialog is the line's own: its new expiry is this line's a month on.
      const [y, m, d] = addMonths(before.expiry_date, 1).split('-');
      await expect
        .poll(() => page.getByTestId('renew-new-expiry').textContent(), POLL)
        .toBe(`${d}-${m}-${y}`);
      await page.getByTestId('renew-confirm').click();
      await row.waitFor({ state: 'detached', ...POLL });
      const after = await reseller.request<{ expiry_date: string }>('GET', `/api/lines/${before.id}`);
      expect(after.expiry_date).toBe(addMonths(before.expiry_date, 1));
    } else {
      await row.getByTestId('todo-request-dismiss').click();
      await row.waitFor({ state: 'detached', ...POLL });
    }
    const todo = await reseller.request<{ renewal_requests: { items: { line: { username: string } }[] } }>(
      'GET',
      '/api/dashboard/todo',
    );
    expect(todo.renewal_requests.items.map((item) => item.line.username)).not.toContain(username);
  });
});

describe.each(runs)('activation codes: copy, share and print ($name)', (run) => {
  let context: BrowserContext;
  let page: Page;
  const said = texts[run.language];

  beforeAll(async () => {
    await buyCodes(2);
    context = await newContext(run);
    // The browser's print dialog would wait for a person: counted instead. The desktop run has no
    // share sheet (a message is copied instead); the phone run's share sheet records what it got.
    await context.addInitScript((phone: boolean) => {
      const w = window as unknown as { printed: number; shared: unknown[] };
      w.printed = 0;
      w.shared = [];
      window.print = () => {
        w.printed += 1;
      };
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: phone ? () => true : undefined,
      });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: phone
          ? (data: unknown) => {
              w.shared.push(data);
              return Promise.resolve();
            }
          : undefined,
      });
    }, run.viewport === PHONE);
    page = await context.newPage();
    await submitSignIn(page, server.url, RESELLER);
    await page.getByTestId('welcome-card').waitFor(POLL);
    await page.goto(`${server.url}/users/activation-codes`);
    await page.getByTestId('activation-code').first().waitFor(POLL);
  });
  afterAll(() => context?.close());

  const firstCard = () => page.getByTestId('activation-code').first();

  it('copies a code with its dashes in one tap and says so', async () => {
    const code = (await firstCard().getAttribute('data-code'))!;
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await firstCard().getByTestId('code-copy').click();
    await expect.poll(() => clipboard(page), POLL).toBe(code);
    await page.getByText(said.copied(code)).waitFor(POLL);
    await waitForIdle(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(run.viewport.width);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shares a ready message with the portal's address and the code", async () => {
    const code = (await firstCard().getAttribute('data-code'))!;
    const address = `${server.url}/my`;
    await firstCard().getByTestId('code-share').click();
    if (run.viewport === PHONE) {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length), POLL)
        .toBe(1);
      const shared = await page.evaluate(
        () => (window as unknown as { shared: { text: string; url: string }[] }).shared[0]!,
      );
      expect(shared.url).toBe(`${address}/activate?code=${code}`);
      expect(shared.text).toContain(code);
      expect(shared.text).toContain(said.step);
    } else {
      await page.getByText(said.messageCopied).waitFor(POLL);
      const message = await clipboard(page);
      expect(message).toContain(code);
      expect(message).toContain(`${address}/activate?code=${code}`);
      expect(message).toContain(said.step);
    }
  });

  it("prints one code as a card with the portal's address and the customer's steps", async () => {
    const code = (await firstCard().getAttribute('data-code'))!;
    await firstCard().getByTestId('code-print').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), POLL)
      .toBe(1);
    await page.emulateMedia({ media: 'print' });
    try {
      const cards = page.getByTestId('print-card');
      await cards.first().waitFor(POLL);
      expect(await cards.count()).toBe(1);
      expect(await cards.first().getByTestId('print-code').textContent()).toBe(code);
      expect(await cards.first().getByTestId('print-address').textContent()).toBe(`${server.url}/my`);
      expect(await cards.first().getByTestId('print-steps').textContent()).toContain(said.step);
      // Printing shows the card alone.
      expect(await page.locator('#root').isVisible()).toBe(false);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it("prints the page's codes as a sheet, each card with the address and steps", async () => {
    const shown = await page.getByTestId('activation-code').count();
    await page.getByTestId('codes-print').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), POLL)
      .toBe(2);
    await page.emulateMedia({ media: 'print' });
    try {
      const cards = page.getByTestId('print-card');
      await expect.poll(() => cards.count(), POLL).toBe(shown);
      for (const text of await cards.allTextContents()) {
        expect(text).toContain(`${server.url}/my`);
        expect(text).toContain(said.step);
      }
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it("prints the sheet and shares the message in the customer's language the seller picks", async () => {
    // The other language than the page's: Polish beside English, Portuguese beside German.
    const customer =
      run.language === 'en'
        ? { language: 'pl', step: 'Wpisz kod i naciśnij Aktywuj' }
        : { language: 'pt', step: 'Introduza o código e toque em Ativar' };
    const picker = page.getByTestId('codes-handout-language');
    expect(await picker.inputValue()).toBe(run.language);
    await picker.selectOption(customer.language);
    await expect.poll(() => picker.inputValue(), POLL).toBe(customer.language);
    const printedBefore = await page.evaluate(() => (window as unknown as { printed: number }).printed);
    await page.getByTestId('codes-print').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), POLL)
      .toBe(printedBefore + 1);
    await page.emulateMedia({ media: 'print' });
    try {
      const sheet = page.getByTestId('print-sheet');
      expect(await sheet.getAttribute('lang')).toBe(customer.language);
      for (const text of await page.getByTestId('print-steps').allTextContents()) {
        expect(text).toContain(customer.step);
        expect(text).not.toContain(said.step);
      }
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    // The page itself stays in the seller's language.
    expect(await page.getByTestId('codes-print').textContent()).toBe(
      run.language === 'en' ? 'Print sheet' : 'Bogen drucken',
    );
    await firstCard().getByTestId('code-share').click();
    if (run.viewport === PHONE) {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length), POLL)
        .toBe(2);
      const shared = await page.evaluate(
        () => (window as unknown as { shared: { text: string }[] }).shared[1]!,
      );
      expect(shared.text).toContain(customer.step);
    } else {
      await expect.poll(() => clipboard(page), POLL).toContain(customer.step);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(run.viewport.width);
    await picker.selectOption(run.language);
    await expect.poll(() => picker.inputValue(), POLL).toBe(run.language);
  });

  it('still voids a code, as a set-apart action behind its confirmation', async () => {
    const card = firstCard();
    const code = (await card.getAttribute('data-code'))!;
    await card.getByTestId('code-void').click();
    await page.getByTestId('code-void-confirm').waitFor(POLL);
    await page.getByTestId('code-void-confirm').click();
    await page.locator(`[data-testid="activation-code"][data-code="${code}"]`).waitFor({
      state: 'detached',
      ...POLL,
    });
  });
});
