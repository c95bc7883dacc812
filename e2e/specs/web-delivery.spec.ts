import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Watched = { page: Page; violations: string[]; scripts: string[] };

/** A page that records every Content-Security-Policy refusal and every script file it fetches. */
async function watchedPage(): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const violations: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    // Any type: a modulepreload and a dynamic import of the same chunk are one download either way.
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return { page, violations, scripts };
}

/** Emotion's styles reached the page: MUI's contained button is not the browser's grey default. */
async function primaryButtonColour(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((element) => getComputedStyle(element).backgroundColor);
}

describe('the web app under its Content-Security-Policy', () => {
  it('renders the sign-in page and the dashboard styled, with no policy violation', async () => {
    const { page, violations, scripts } = await watchedPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByTestId('sign-in-submit').waitFor();
    // Only the shown language's texts, and none of the signed-in pages' heavy libraries.
    expect(scripts.filter((script) => /\/locale-\w+-/.test(script))).toEqual([
      expect.stringMatching(/\/assets\/locale-en-/),
    ]);
    expect(scripts.filter((script) => /DataGrid|dashboard-charts/.test(script))).toEqual([]);
    // Nor the other pages' texts, or the signed-in shell's chunk with the route table and the query
    // cache (vite.config.ts): the sign-in page does without them.
    expect(scripts.filter((script) => /\/(locale-rest-|shell-)/.test(script))).toEqual([]);
    // Its code comes in one file besides the bundler's runtime and its texts, not in dozens of small
    // shared chunks (each a round trip on a phone's network).
    expect(scripts.filter((script) => !/\/(rolldown-runtime|locale-en)-/.test(script))).toHaveLength(1);
    const unstyled = ['rgba(0, 0, 0, 0)', 'rgb(239, 239, 239)', 'rgb(240, 240, 240)'];
    expect(unstyled).not.toContain(await primaryButtonColour(page, 'sign-in-submit'));
    const styleTags = await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((style) => Boolean(style.nonce)),
    );
    expect(styleTags.length).toBeGreaterThan(0);
    expect(styleTags.every(Boolean)).toBe(true);

    await page.getByTestId('field-email').fill(ADMIN.email);
    await page.getByTestId('field-password').fill(ADMIN.password);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('welcome-card').waitFor();
    await page.getByTestId('credits-value').waitFor();

    // Another language is downloaded when the user picks it, not before.
    expect(scripts.some((script) => /\/locale-de-/.test(script))).toBe(false);
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-option-de').click();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(scripts.filter((script) => /\/locale-de-/.test(script))).toHaveLength(1);
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
