import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { LANGUAGE_STORAGE_KEY } from '@linedesk/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSession, type ApiSession } from './api-session.js';
import type { AppServer } from './app-server.js';

/**
 * What several specs do to a page: wait until it has finished drawing, change pages inside the app,
 * switch the language, sign in, and ask axe-core what it finds.
 */

/**
 * How long a page may take to draw or change on a busy machine: at load 45 a sign-in (argon2 and the
 * dashboard's first requests) and a line page beside a server polling its agents every second took over
 * 20 s. A wait ends as soon as its condition holds, so a long limit costs only a failing test time.
 */
export const POLL = { timeout: 60_000 };

export type Credentials = { email: string; password: string };

/** Fades and slides done: a half-faded text or button has no contrast worth measuring. */
export async function animationsDone(target: Page, timeout = POLL.timeout): Promise<void> {
  await target.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout },
  );
}

/** Nothing is loading any more (no skeleton, spinner or progress bar) and nothing is moving. */
export async function waitForIdle(target: Page, timeout = POLL.timeout): Promise<void> {
  await target.waitForFunction(
    () =>
      document.querySelectorAll('.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root')
        .length === 0,
    undefined,
    { timeout },
  );
  await animationsDone(target, timeout);
}

/** The new page's title is drawn (not the one `visit` marked as left) and the page is idle. */
export async function settled(target: Page): Promise<void> {
  await target.locator('h1:not([data-left])').first().waitFor(POLL);
  await waitForIdle(target);
}

/** Changes the page inside the app, as a click on a link does, and waits until it has drawn. */
export async function visit(target: Page, route: string): Promise<void> {
  const moved = await target.evaluate((to) => {
    if (window.location.pathname + window.location.search === to) return false;
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-left', 'true');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, route);
  if (moved) await settled(target);
}

/** Stores the language as the language menu does and loads the dashboard in it. */
export async function setLanguage(target: Page, baseUrl: string, language: string): Promise<void> {
  if (!target.url().startsWith(baseUrl)) await target.goto(`${baseUrl}/sign-in`);
  await target.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    LANGUAGE_STORAGE_KEY,
    language,
  ] as const);
  await target.goto(`${baseUrl}/`);
  await target.waitForFunction((lang) => document.documentElement.lang === lang, language, POLL);
  await settled(target);
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
};

/**
 * Critical and serious axe-core findings on what the page shows now, one text each (rule, help and
 * the first elements). `rules` limits the run to those rule ids; `anyImpact` keeps the minor and
 * moderate findings of those rules too (heading-order is "moderate").
 */
export async function axeViolations(
  target: Page,
  options: { rules?: string[]; anyImpact?: boolean } = {},
): Promise<string[]> {
  await animationsDone(target, 30_000);
  const source = await axeSource;
  // Evaluated through the browser's debugging protocol rather than added as a <script>: the page's
  // Content-Security-Policy refuses inline scripts, as it should.
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(source);
  const violations = await target.evaluate(async (rules) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
    });
    return result.violations;
  }, options.rules);
  return violations
    .filter(
      (violation) => options.anyImpact || violation.impact === 'critical' || violation.impact === 'serious',
    )
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
          .join(', ')}`,
    );
}

/** Fills in and sends the sign-in form; the caller waits for whatever it expects next. */
export async function submitSignIn(page: Page, baseUrl: string, account: Credentials): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByTestId('field-email').fill(account.email);
  await page.getByTestId('field-password').fill(account.password);
  await page.getByTestId('sign-in-submit').click();
}

/** A new browser context signed in through the form, on the dashboard. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  account: Credentials,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  await submitSignIn(page, baseUrl, account);
  await page.getByTestId('welcome-card').waitFor(POLL);
  return page;
}

/** Signs a browser context in over the API (its cookie jar keeps the session), without a page. */
export async function signInContext(context: BrowserContext, baseUrl: string, account: Credentials) {
  const response = await context.request.post(`${baseUrl}/api/auth/sign-in`, {
    data: account,
    headers: { Origin: baseUrl },
  });
  if (response.status() !== 200) {
    throw new Error(`sign-in of ${account.email} answered ${response.status()}: ${await response.text()}`);
  }
}

/** Signs an account up over the API and confirms it through the mailed link, as its owner would. */
export async function signUpConfirmed(
  server: AppServer,
  account: Credentials & { name?: string; username?: string },
): Promise<void> {
  const api = apiSession(server.url);
  await api.request('POST', '/api/auth/sign-up', {
    email: account.email,
    password: account.password,
    ...(account.name ? { full_name: account.name } : {}),
    ...(account.username ? { username: account.username } : {}),
  });
  const token = new URL(await server.confirmationLink(account.email)).searchParams.get('token');
  await api.request('POST', '/api/auth/verify-email', { token });
}

/** The id of the account with this email, as an admin finds it. */
export async function accountId(adminApi: ApiSession, email: string): Promise<string> {
  const found = await adminApi.request<{ items: { id: string; email: string }[] }>(
    'GET',
    `/api/accounts?search=${encodeURIComponent(email)}`,
  );
  const id = found.items.find((item) => item.email === email)?.id;
  if (!id) throw new Error(`${email} was not created`);
  return id;
}

/**
 * Types a YYYY-MM-DD date into one of the panel's date fields (`data-testid` on the field), as a
 * person does: DD-MM-YYYY into its day, month and year sections, whatever the language.
 */
export async function typeDate(target: Page, testId: string, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  await target.getByTestId(testId).locator('[role="spinbutton"]').first().click();
  await target.keyboard.type(`${day}${month}${year}`);
}

/** What a date field shows, as the reader sees it (its sections joined, "26-11-2026"). */
export async function shownDate(target: Page, testId: string): Promise<string> {
  return (await target.getByTestId(testId).locator('input').first().inputValue()).trim();
}
