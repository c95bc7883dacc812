import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../apps/web/src/i18n/locales/de.json' with { type: 'json' };
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { submitSignIn } from '../support/page-helpers.js';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  return context.newPage();
}

/** The bodies of the language calls a page sends to the server. */
function languageCalls(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/me/language') && request.method() === 'PUT')
      sent.push(request.postData() ?? '');
  });
  return sent;
}

const signIn = (page: Page, email: string, password: string) =>
  submitSignIn(page, server.url, { email, password });

describe('foundation in a real browser', () => {
  it('the first admin signs in and sees the dashboard with the admin navigation', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.waitForURL(/\/sign-in(\?|$)/);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('welcome-card').waitFor();
    expect(await page.getByTestId('credits-value').textContent()).toMatch(/^1[,.]?000$/);
    await page.getByTestId('nav-manageGroups').first().waitFor();
    await page.goto(`${server.url}/groups`);
    await page.waitForURL(/\/manage-groups$/);
    await page.getByTestId('group-row').nth(2).waitFor();
    expect(await page.getByText('Resellers').count()).toBeGreaterThanOrEqual(1);
    await page.context().close();
  });

  it('a new user signs up, confirms by the mailed link, signs in, reads German, meets the admin guard and signs out', async () => {
    const page = await newPage();
    const email = 'e2e.user@example.com';
    const password = 'e2e-password-1';
    await page.goto(`${server.url}/sign-up`);
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('field-password').fill('short');
    await page.getByTestId('sign-up-submit').click();
    await page.getByText('Password must be at least 8 characters').first().waitFor();
    await page.getByTestId('field-password').fill(password);
    await page.getByTestId('sign-up-submit').click();
    await page.getByTestId('sign-up-success').waitFor();

    // The link from the server log confirms the address and signs the user in.
    await page.goto(await server.confirmationLink(email));
    await page.getByTestId('welcome-card').waitFor();
    expect(await page.getByTestId('credits-value').textContent()).toContain('0');
    expect(await page.getByTestId('nav-manageGroups').count()).toBe(0);

    // Sign out and back in with the password, through the form.
    await page.getByTestId('account-button').click();
    await page.getByTestId('sign-out-button').click();
    await page.waitForURL(/\/sign-in(\?|$)/);
    await signIn(page, email, password);
    await page.getByTestId('welcome-card').waitFor();

    // The account never chose a language: a German browser (nothing chosen there either) keeps its
    // German rather than taking the English of the browsers before it, and tells the server only what
    // it shows, for the account's texts, not as the account's choice.
    const german = await newPage('de-DE');
    const germanCalls = languageCalls(german);
    await signIn(german, email, password);
    await german.getByText(de.nav.myProfile).first().waitFor();
    await expect.poll(() => germanCalls, { timeout: 20_000 }).toContain('{"language":"de","chosen":false}');
    expect(await german.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await german.evaluate(() => localStorage.getItem('app-language'))).toBeNull();
    await german.context().close();

    // The switcher also tells the server, which writes this account's messages and mails in German.
    const storedOnServer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/me/language') &&
        response.request().method() === 'PUT' &&
        response.request().postData()?.includes('"de"') === true,
    );
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-option-de').click();
    const stored = await storedOnServer;
    expect(stored.status()).toBe(200);
    expect(await stored.json()).toMatchObject({ language: 'de' });
    await page.getByText(de.nav.myProfile).first().waitFor();
    await page.getByText(de.credits.label).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('app-language'))).toBe('de');

    // A new browser (English, nothing chosen there) reads the account's language back from the server
    // and shows it, rather than sending its own English over it.
    const newBrowser = await newPage();
    const sent = languageCalls(newBrowser);
    await signIn(newBrowser, email, password);
    await newBrowser.getByText(de.nav.myProfile).first().waitFor();
    expect(await newBrowser.evaluate(() => localStorage.getItem('app-language'))).toBe('de');
    expect(sent.filter((body) => body.includes('"en"'))).toEqual([]);
    await newBrowser.context().close();

    await page.goto(`${server.url}/manage-groups`);
    const guard = page.getByTestId('admin-guard');
    await guard.waitFor();
    expect(await guard.textContent()).toContain(de.errors.ADMIN_ONLY);

    await page.getByTestId('account-button').click();
    await page.getByTestId('sign-out-button').click();
    await page.waitForURL(/\/sign-in(\?|$)/);
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/sign-in(\?|$)/);
    await page.context().close();
  });

  it('sends unknown paths to /404', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await page.context().close();
  });

  it('shows the admin guard in English with the spec text', async () => {
    const page = await newPage();
    const context = page.context();
    const api = context.request;
    const signUp = await api.post(`${server.url}/api/auth/sign-up`, {
      data: { email: 'guarded@example.com', password: 'e2e-password-2' },
    });
    expect(signUp.status()).toBe(201);
    await page.goto(await server.confirmationLink('guarded@example.com'));
    await page.getByTestId('welcome-card').waitFor();
    await page.goto(`${server.url}/manage-groups`);
    await page
      .getByText(
        'You do not have permission to access this page. This page is only accessible to administrators.',
      )
      .waitFor();
    await context.close();
  });
});
