import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { submitSignIn, typeDate } from '../support/page-helpers.js';

let server: AppServer;
let browser: Browser;
let resellerContext: BrowserContext;
let admin: Page;
let reseller: Page;

const RESELLER = { email: 'e2e.reseller@example.com', password: 'reseller-password-1' };
const CODE_CREDITS = 25;
const PACKAGE = { name: 'E2E Starter', credits: 50, price: '19.99' };
/** The codes the admin created, read from the dialog that shows them once. */
let codes: string[] = [];

/** Set to a directory to keep a screenshot of each page (for looking at the layout). */
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

async function newPage(): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  return [context, await context.newPage()];
}

/** The credits chip in the header, as a number. */
async function chipCredits(page: Page): Promise<number> {
  return Number((await page.getByTestId('credits-chip').getAttribute('data-credits')) ?? 'NaN');
}

async function waitForChip(page: Page, credits: number) {
  await page.locator(`[data-testid="credits-chip"][data-credits="${credits}"]`).waitFor();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  [, admin] = await newPage();
  await submitSignIn(admin, server.url, ADMIN);
  await admin.getByTestId('welcome-card').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the credits economy in a real browser', () => {
  it('an admin creates a batch of redeem codes, sees them once and finds them listed unused', async () => {
    await admin.getByTestId('nav-redeemCode').first().click();
    await admin.waitForURL(/\/redeem-code$/);
    await admin.getByTestId('redeem-tab-manage').click();
    await admin.getByTestId('codes-create-button').click();

    // What the API would refuse is caught in the form, with the spec's text.
    await admin.getByTestId('field-credits').fill('0');
    await admin.getByTestId('create-codes-submit').click();
    await admin.getByText('Credits must be greater than 0').waitFor();

    await admin.getByTestId('field-credits').fill(String(CODE_CREDITS));
    await admin.getByTestId('field-count').fill('3');
    expect(await admin.getByTestId('field-max_uses').inputValue()).toBe('1');
    await typeDate(admin, 'field-expires_on', '2099-12-31');
    await admin.getByTestId('field-description').fill('E2E batch');
    await admin.getByTestId('create-codes-submit').click();

    await admin.getByTestId('created-codes-warning').waitFor();
    codes = (await admin.getByTestId('created-code').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(new Set(codes).size).toBe(3);
    await shot(admin, 'credits-codes-created');

    // CSV download of exactly these codes.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('codes-download-csv').click(),
    ]);
    const csvPath = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(csvPath, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('code,credits,max_uses,expires_at,description');
    for (const code of codes) expect(csv).toContain(`${code},${CODE_CREDITS},1,`);

    await admin.getByTestId('created-codes-done').click();
    const rows = admin.getByTestId('code-row');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    // The list never shows a full code again, only its last group.
    const hints = await admin.getByTestId('code-hint').allTextContents();
    for (const code of codes) expect(hints).toContain(`••••-••••-••••-${code.slice(-4)}`);
    expect(await admin.getByTestId('code-uses').allTextContents()).toEqual(['0 / 1', '0 / 1', '0 / 1']);
    await shot(admin, 'credits-codes-list');
  });

  it('an admin sets up a highlighted credit package on the pricing page', async () => {
    await admin.getByTestId('nav-pricing').first().click();
    await admin.waitForURL(/\/payments\/pricing$/);
    await admin.getByTestId('pricing-empty').waitFor();
    await admin.getByTestId('pricing-tab-packages').click();
    await admin.getByTestId('package-create-button').click();
    await admin.getByTestId('field-name').fill(PACKAGE.name);
    await admin.getByTestId('field-credits').fill(String(PACKAGE.credits));
    await admin.getByTestId('field-price').fill(PACKAGE.price);
    await admin.getByTestId('field-highlight').check();
    await admin.getByTestId('package-form-submit').click();
    await admin.getByTestId('package-row').filter({ hasText: PACKAGE.name }).waitFor();
    await shot(admin, 'credits-packages-editor');

    await admin.getByTestId('pricing-tab-pricing').click();
    const card = admin.getByTestId('pricing-card').filter({ hasText: PACKAGE.name });
    await card.waitFor();
    expect(await card.getAttribute('data-highlight')).toBe('true');
    expect(await card.getByTestId('pricing-price').textContent()).toBe('€19.99');

    // /products lists the standard line prices (2 credits for a month up to 15 for two years) and the
    // same package.
    await admin.getByTestId('nav-products').first().click();
    await admin.waitForURL(/\/products$/);
    const prices = admin.getByTestId('line-price-credits');
    await prices.nth(4).waitFor();
    expect(await prices.allTextContents()).toEqual([
      '2 credits',
      '4 credits',
      '6 credits',
      '10 credits',
      '15 credits',
    ]);
    await admin.getByTestId('pricing-card').filter({ hasText: PACKAGE.name }).waitFor();
    await shot(admin, 'credits-products');
  });

  it('a new user redeems a code, sees the credits chip rise and becomes a reseller, without reloading', async () => {
    [resellerContext, reseller] = await newPage();
    const signUp = await resellerContext.request.post(`${server.url}/api/auth/sign-up`, {
      data: { email: RESELLER.email, password: RESELLER.password },
    });
    expect(signUp.status()).toBe(201);
    await reseller.goto(await server.confirmationLink(RESELLER.email));
    await reseller.getByTestId('welcome-card').waitFor();
    expect(await chipCredits(reseller)).toBe(0);
    // The profile shows the group (Users) and an empty ledger.
    await reseller.getByTestId('account-button').click();
    await reseller.getByTestId('account-settings-link').click();
    await reseller.waitForURL(/\/settings\/account$/);
    expect(await reseller.getByLabel('Group').inputValue()).toBe('Users');
    await reseller.getByTestId('profile-ledger').getByText('No credit movements yet').waitFor();
    // The password form says what a change does to the other devices.
    expect(await reseller.getByTestId('change-password-other-sessions').textContent()).toBe(
      'Changing your password signs you out on all your other devices.',
    );

    // Through the credits chip's menu, as the header offers it.
    await reseller.getByTestId('credits-chip').click();
    await reseller.getByTestId('credits-redeem-code').click();
    await reseller.waitForURL(/\/redeem-code$/);
    // The page downloads after the address changes: absence counts once its form shows.
    await reseller.getByTestId('field-code').waitFor();
    expect(await reseller.getByTestId('redeem-tab-manage').count()).toBe(0);

    await reseller.getByTestId('field-code').fill('NOPE-NOPE-NOPE-NOPE');
    await reseller.getByTestId('redeem-submit').click();
    const result = reseller.getByTestId('redeem-result');
    await result.waitFor();
    expect(await result.getAttribute('data-success')).toBe('false');
    expect(await result.textContent()).toBe('Invalid or expired code');

    // Lower case and without dashes is fine too.
    await reseller.getByTestId('field-code').fill(codes[0]!.replaceAll('-', '').toLowerCase());
    await reseller.getByTestId('redeem-submit').click();
    await reseller.locator('[data-testid="redeem-result"][data-success="true"]').waitFor();
    expect(await result.textContent()).toBe(
      `Code redeemed. Credits added: ${CODE_CREDITS}. Your balance is now ${CODE_CREDITS}.`,
    );
    await waitForChip(reseller, CODE_CREDITS);
    expect(await reseller.getByTestId('credits-value').textContent()).toBe(String(CODE_CREDITS));

    // The history lists the success and the failed attempt.
    await reseller.locator('[data-testid="history-status"][data-status="success"]').waitFor();
    expect(await reseller.locator('[data-testid="history-status"][data-status="error"]').count()).toBe(1);
    await shot(reseller, 'credits-redeemed');

    // The same single-use code a second time is refused.
    await reseller.getByTestId('field-code').fill(codes[0]!);
    await reseller.getByTestId('redeem-submit').click();
    await reseller.locator('[data-testid="redeem-result"][data-success="false"]').waitFor();
    expect(['Code already redeemed by this user', 'Invalid or expired code']).toContain(
      await result.textContent(),
    );
    expect(await chipCredits(reseller)).toBe(CODE_CREDITS);

    // The group moved to Resellers: the profile shows it and the ledger row, all client-side.
    await reseller.getByTestId('account-button').click();
    await reseller.getByTestId('account-settings-link').click();
    await reseller.waitForURL(/\/settings\/account$/);
    await reseller.getByTestId('profile-ledger').getByTestId('ledger-row').first().waitFor();
    expect(
      await reseller.getByTestId('profile-ledger').getByTestId('ledger-reason').first().textContent(),
    ).toBe('Code redeemed');
    expect(await reseller.getByTestId('ledger-delta').first().textContent()).toBe(`+${CODE_CREDITS}`);
    expect(await reseller.getByTestId('ledger-balance').first().textContent()).toBe(String(CODE_CREDITS));
    expect(await reseller.getByLabel('Group').inputValue()).toBe('Resellers');
    await shot(reseller, 'credits-profile-ledger');
  });

  it('the reseller requests a top-up, the admin approves it and the new balance arrives live', async () => {
    await reseller.getByTestId('credits-chip').click();
    await reseller.getByTestId('credits-top-up').click();
    await reseller.waitForURL(/\/payments\/pricing$/);
    const card = reseller.getByTestId('pricing-card').filter({ hasText: PACKAGE.name });
    await card.getByTestId('pricing-select').click();
    await reseller.getByTestId('field-payment_reference').fill('BANK-TX-4711');
    await reseller.getByTestId('topup-submit').click();
    const mine = reseller.getByTestId('topup-mine-grid').getByTestId('topup-row');
    await mine.first().waitFor();
    expect(await mine.first().getByTestId('topup-status').getAttribute('data-status')).toBe('pending');
    await shot(reseller, 'credits-topup-requested');

    // The admin's nav badge counts it, live.
    await admin.getByTestId('nav-payments-badge').filter({ hasText: '1' }).first().waitFor();
    await admin.getByTestId('nav-payments').first().click();
    await admin.waitForURL(/\/payments$/);
    const request = admin.getByTestId('topup-admin-grid').getByTestId('topup-row').filter({
      hasText: RESELLER.email,
    });
    await request.waitFor();
    expect(await request.getByTestId('topup-reference').textContent()).toBe('Ref. BANK-TX-4711');
    await shot(admin, 'credits-topup-pending');
    await request.getByTestId('topup-approve').click();
    await admin.getByTestId('topup-approve-confirm').click();
    await admin
      .getByTestId('snackbar')
      .filter({ hasText: `50 credits added to ${RESELLER.email}` })
      .waitFor();
    await admin.getByTestId('nav-payments-badge').waitFor({ state: 'detached' });

    // The reseller's page never reloaded: the chip and the request update from the live event.
    await waitForChip(reseller, CODE_CREDITS + PACKAGE.credits);
    await reseller
      .getByTestId('topup-mine-grid')
      .locator('[data-testid="topup-status"][data-status="approved"]')
      .waitFor();
    await shot(reseller, 'credits-topup-approved');
  });

  it('an admin manages the reseller on /resellers: adds credits, reads the ledger', async () => {
    await admin.getByTestId('nav-manageResellers').first().click();
    await admin.waitForURL(/\/resellers$/);
    const row = admin.getByTestId('account-row').filter({ hasText: RESELLER.email });
    await row.waitFor();
    expect(await row.getByTestId('account-group').textContent()).toBe('Resellers');
    expect(await row.getByTestId('account-credits').textContent()).toBe('75');
    await shot(admin, 'credits-resellers');

    await row.getByTestId('account-actions-button').click();
    await admin.getByTestId('account-action-add').click();
    await admin.getByTestId('field-amount').fill('-3');
    await admin.getByTestId('credits-dialog-submit').click();
    await admin.getByText('Credits must be greater than 0').waitFor();
    await admin.getByTestId('field-amount').fill('5');
    await admin.getByTestId('field-note').fill('Welcome bonus');
    await admin.getByTestId('credits-dialog-submit').click();
    await row.locator('[data-testid="account-credits"][data-credits="80"]').waitFor();
    await waitForChip(reseller, 80);

    await row.getByTestId('account-actions-button').click();
    await admin.getByTestId('account-action-ledger').click();
    const ledger = admin.getByTestId('ledger-dialog');
    await ledger.getByTestId('ledger-row').nth(2).waitFor();
    expect(await ledger.getByTestId('ledger-reason').allTextContents()).toEqual([
      'Credits added',
      'Top-up',
      'Code redeemed',
    ]);
    expect(await ledger.getByTestId('ledger-balance').allTextContents()).toEqual(['80', '75', '25']);
    expect(await ledger.textContent()).toContain('Welcome bonus');
    await shot(admin, 'credits-resellers-ledger');
  });

  it('the reseller creates a sub-account on /user and transfers part of the balance to it', async () => {
    await reseller.getByTestId('nav-accountsOverview').first().click();
    await reseller.waitForURL(/\/user$/);
    await reseller.getByTestId('account-create-button').click();
    await reseller.getByTestId('field-email').fill('e2e.sub@example.com');
    await reseller.getByTestId('field-password').fill('sub-password-1');
    await reseller.getByTestId('create-account-submit').click();
    const row = reseller.getByTestId('account-row').filter({ hasText: 'e2e.sub@example.com' });
    await row.waitFor();

    await row.getByTestId('account-actions-button').click();
    await reseller.getByTestId('account-action-transfer').click();
    // Never more than the reseller holds.
    await reseller.getByTestId('field-amount').fill('81');
    await reseller.getByTestId('credits-dialog-submit').click();
    await reseller.getByText('You can transfer at most this many credits: 80').waitFor();
    await reseller.getByTestId('field-amount').fill('30');
    await reseller.getByTestId('credits-dialog-submit').click();
    await row.locator('[data-testid="account-credits"][data-credits="30"]').waitFor();
    await waitForChip(reseller, 50);
    await shot(reseller, 'credits-user-page');
  });
});
