import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { axeViolations, signUpConfirmed, submitSignIn } from '../support/page-helpers.js';
import { totpCode } from '../../apps/server/test/support/totp.js';

const PHONE = { width: 390, height: 844 };

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  return context.newPage();
}

/** The newest password reset link the server mailed (to its log, as without SMTP). */
function resetLink(email: string): Promise<string> {
  return waitUntil(() => {
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.includes(`Mail to ${email}: Reset your Linedesk password`));
    return lines.at(-1)?.match(/https?:\/\/\S+\/reset-password\?token=[^\s"]+/)?.[0];
  }, `a reset mail to ${email}`);
}

/** Serious or critical axe-core findings, and whether the page scrolls sideways at this width. */
async function pageFaults(page: Page): Promise<string[]> {
  const faults = await axeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) faults.push(`scrolls sideways by ${overflow}px`);
  return faults;
}

const signUpAccount = (email: string, password: string) => signUpConfirmed(server, { email, password });
const signInWithForm = (page: Page, email: string, password: string) =>
  submitSignIn(page, server.url, { email, password });

describe('account security in a real browser (390 px phone)', () => {
  it('a forgotten password is reset through the mailed link, and the new one signs in', async () => {
    const email = 'forgetful.e2e@example.com';
    await signUpAccount(email, 'old-password-1');
    const page = await phonePage();

    await page.goto(`${server.url}/sign-in`);
    // The link's text comes with the sign-in page's own texts, not with a later page's.
    expect((await page.getByTestId('forgot-password-link').textContent())?.trim()).toBe('Forgot password?');
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByTestId('forgot-password-form').waitFor();
    expect(await pageFaults(page)).toEqual([]);
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('forgot-password-submit').click();
    await page.getByTestId('forgot-password-sent').waitFor();

    await page.goto(await resetLink(email));
    await page.getByTestId('reset-password-form').waitFor();
    expect(await pageFaults(page)).toEqual([]);
    await page.getByTestId('field-new_password').fill('short');
    await page.getByTestId('field-confirm_password').fill('short');
    await page.getByTestId('reset-password-submit').click();
    await page.getByText('Password must be at least 8 characters').first().waitFor();
    await page.getByTestId('field-new_password').fill('new-password-2');
    await page.getByTestId('field-confirm_password').fill('new-password-2');
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-password-done').waitFor();

    await signInWithForm(page, email, 'old-password-1');
    await page.getByTestId('form-error').waitFor();
    await signInWithForm(page, email, 'new-password-2');
    await page.getByTestId('welcome-card').waitFor();
    await page.context().close();
  });

  it('turns on two-factor sign-in with a QR code and one code; signing in then asks for a code', async () => {
    const email = 'totp.e2e@example.com';
    const password = 'totp-password-1';
    await signUpAccount(email, password);
    const page = await phonePage();
    await signInWithForm(page, email, password);
    await page.getByTestId('welcome-card').waitFor();

    await page.goto(`${server.url}/profile/edit`);
    await page.getByTestId('two-factor-enable').click();
    await page.getByTestId('field-two-factor-password').fill(password);
    await page.getByTestId('two-factor-continue').click();
    await page.getByTestId('two-factor-qr').waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    expect(await page.getByTestId('two-factor-backup-codes').locator('li').count()).toBe(10);
    expect(await pageFaults(page)).toEqual([]);
    await page.getByTestId('field-two-factor-code').fill(totpCode(secret));
    await page.getByTestId('two-factor-confirm').click();
    await waitUntil(
      async () => ((await page.getByTestId('two-factor-status').textContent()) === 'On' ? true : undefined),
      'two-factor sign-in to show as on',
    );
    // The backup codes were shown once; they are gone now.
    expect(await page.getByTestId('two-factor-backup-codes').count()).toBe(0);
    // The toast that says so shows below the header, so on a phone the account menu stays in reach.
    const toast = await page.getByTestId('snackbar').boundingBox();
    const accountButton = await page.getByTestId('account-button').boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(accountButton!.y + accountButton!.height);

    await page.getByTestId('account-button').click();
    await page.getByTestId('sign-out-button').click();
    await page.waitForURL(/\/sign-in(\?|$)/);
    await signInWithForm(page, email, password);
    await page.waitForURL(/\/sign-in\/two-factor$/);
    await page.getByTestId('two-factor-form').waitFor();
    expect(await pageFaults(page)).toEqual([]);
    await page.getByTestId('field-code').fill('000000');
    await page.getByTestId('two-factor-submit').click();
    await page.getByText('Invalid code. Check your authenticator app and try again.').waitFor();
    // The code that turned it on is not taken twice; the app's next one is.
    await page.getByTestId('field-code').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByTestId('two-factor-submit').click();
    await page.getByTestId('welcome-card').waitFor();
    await page.context().close();
  });

  it('says which API keys a password change ends, and ends them when two-factor sign-in is turned on with the box ticked', async () => {
    const email = 'keys.e2e@example.com';
    const password = 'keys-password-1';
    await signUpAccount(email, password);
    const page = await phonePage();
    await signInWithForm(page, email, password);
    await page.getByTestId('welcome-card').waitFor();
    const api = page.context().request;
    for (const name of ['Shop sync', 'Stock bot']) {
      const made = await api.post(`${server.url}/api/api-keys`, {
        data: { name },
        headers: { origin: server.url },
      });
      expect(made.status()).toBe(201);
    }

    await page.goto(`${server.url}/profile/edit`);
    const passwordKeys = page.getByTestId('change-password-api-keys-list').getByTestId('api-key-ending');
    await passwordKeys.first().waitFor();
    expect((await passwordKeys.allTextContents()).sort()).toEqual([
      'Shop sync · Last used: Not used yet',
      'Stock bot · Last used: Not used yet',
    ]);
    expect(await page.getByTestId('change-password-api-keys').textContent()).toContain(
      'Changing your password also ends your API keys',
    );

    await page.getByTestId('two-factor-enable').click();
    await page.getByTestId('field-two-factor-password').fill(password);
    await page.getByTestId('two-factor-continue').click();
    await page.getByTestId('two-factor-qr').waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    expect(await page.getByTestId('two-factor-api-keys-list').getByTestId('api-key-ending').count()).toBe(2);
    expect(await pageFaults(page)).toEqual([]);
    await page.getByLabel('Also end my API keys').check();
    await page.getByTestId('field-two-factor-code').fill(totpCode(secret));
    await page.getByTestId('two-factor-confirm').click();
    await waitUntil(
      async () => ((await page.getByTestId('two-factor-status').textContent()) === 'On' ? true : undefined),
      'two-factor sign-in to show as on',
    );
    // The keys are gone on the server, and the password form no longer lists any.
    expect(await (await api.get(`${server.url}/api/api-keys`)).json()).toEqual([]);
    await waitUntil(
      async () => ((await page.getByTestId('change-password-api-keys').count()) === 0 ? true : undefined),
      'the password form to stop listing keys',
    );
    await page.context().close();
  });

  it('requiring it for admins sends the admin to set it up, and nothing else opens until it is on', async () => {
    const page = await phonePage();
    await signInWithForm(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('welcome-card').waitFor();
    await page.goto(`${server.url}/settings/panel`);
    await page.getByTestId('security-settings-card').waitFor();
    expect(await pageFaults(page)).toEqual([]);
    await page.getByTestId('require-two-factor-admins').click();
    // The panel's next request is refused, and the app shows only the setup.
    await page.goto(`${server.url}/users/all`);
    await page.getByTestId('two-factor-required').waitFor();
    expect(await pageFaults(page)).toEqual([]);
    await page.getByTestId('field-two-factor-password').fill(ADMIN.password);
    await page.getByTestId('two-factor-continue').click();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByTestId('field-two-factor-code').fill(totpCode(secret));
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('two-factor-required').waitFor({ state: 'detached' });
    await page.goto(`${server.url}/settings/panel`);
    await page.getByTestId('require-two-factor-admins').click();
    await waitUntil(
      async () => ((await page.getByTestId('require-two-factor-admins').isChecked()) ? undefined : true),
      'the admin requirement to be off',
    );
    await page.context().close();
  });
});
