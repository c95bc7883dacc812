import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../support/app-server.js';
import { apiSession } from '../support/api-session.js';
import {
  accountId,
  animationsDone,
  POLL,
  signedInPage,
  signUpConfirmed,
  submitSignIn,
} from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

const RESELLER = { email: 'reseller.terms@example.com', password: 'reseller-password-1' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LINE = { username: 'e2e-terms-customer', password: 'Terms-Pass-42' };

let scenario: ResellerScenario;
let server: AppServer;
let admin: Page;
let phone: Page;

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Terms agent',
    reseller: { ...RESELLER, name: 'Terms Reseller' },
    credits: 20,
  });
  ({ server, admin } = scenario);
  phone = await signedInPage(scenario.browser, server.url, RESELLER, PHONE);
});
afterAll(() => scenario?.stop());

describe("a reseller's own prices and limits", () => {
  it('an admin sets the price and the line limit of one reseller on the account page', async () => {
    await admin.goto(`${server.url}/resellers`);
    const row = admin.getByRole('row', { name: new RegExp(RESELLER.email) });
    await row.getByTestId('account-actions-button').click();
    await admin.getByTestId('account-action-terms').click();
    const dialog = admin.getByTestId('terms-dialog');
    await dialog.waitFor();
    // The default plan's 1 month: 5 fixed credits instead of the plan's 2.
    await dialog.getByTestId('terms-mode-1:1').click();
    await admin.getByRole('option', { name: 'Fixed credits' }).click();
    await dialog.getByTestId('terms-value-1:1').fill('5');
    await dialog.getByTestId('terms-save-prices').click();
    await admin.getByText('Prices saved').waitFor();
    await dialog.getByTestId('terms-limit-max_lines').fill('1');
    await dialog.getByTestId('terms-save-limits').click();
    await admin.getByText('Limits saved').waitFor();

    const id = (
      await scenario.adminApi.request<{ items: { id: string; email: string }[] }>(
        'GET',
        `/api/accounts?search=${encodeURIComponent(RESELLER.email)}`,
      )
    ).items[0]!.id;
    const terms = await scenario.adminApi.request<{ prices: unknown[]; limits: { max_lines: number } }>(
      'GET',
      `/api/accounts/${id}/terms`,
    );
    expect(terms.prices).toEqual([{ plan_id: 1, months: 1, mode: 'fixed', value: 5 }]);
    expect(terms.limits.max_lines).toBe(1);
  });

  it('the reseller sees and pays that price creating a line on a phone, and the limit then refuses', async () => {
    await phone.goto(`${server.url}/users/add`);
    await phone.getByTestId('duration-option-1').click();
    await phone
      .getByTestId('price-value')
      .filter({ hasText: /^5 credits$/ })
      .waitFor();
    expect(await phone.getByTestId('price-balance-after').textContent()).toBe('15');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await phone.getByTestId('field-username').fill(LINE.username);
    await phone.getByTestId('field-password').fill(LINE.password);
    await phone.getByTestId('line-form-submit').click();
    await phone.getByTestId('connection-line').waitFor();

    // The limit of one line is reached: the next one is refused with the limit named.
    await phone.goto(`${server.url}/users/add`);
    await phone.getByTestId('field-username').fill(`${LINE.username}-2`);
    await phone.getByTestId('field-password').fill(LINE.password);
    await phone.getByTestId('duration-option-1').click();
    await phone.getByTestId('line-form-submit').click();
    await phone.getByText(`The limit of 1 lines of ${RESELLER.email} is reached`).waitFor();
  });
});

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The labels of the visible buttons among `buttons` that the shown toast lies over. */
async function buttonsUnder(toast: Locator, buttons: Locator): Promise<string[]> {
  const toastBox = await toast.boundingBox();
  expect(toastBox).not.toBeNull();
  const visible = await buttons.filter({ visible: true }).all();
  expect(visible.length).toBeGreaterThan(0);
  const covered: string[] = [];
  for (const button of visible) {
    const box = await button.boundingBox();
    if (box && overlap(toastBox!, box)) covered.push((await button.textContent()) ?? '');
  }
  return covered;
}

const SIZES = [
  { size: '1280×800', viewport: DESKTOP },
  { size: '390×844 (phone)', viewport: PHONE },
];

describe('toasts leave the buttons a user needs next in reach', () => {
  // A reseller of these tests' own with one line, so that a line limit of none is refused.
  const OWNER = {
    email: 'reseller.toasts@example.com',
    password: 'reseller-password-2',
    name: 'Toast Reseller',
  };
  beforeAll(async () => {
    await signUpConfirmed(server, OWNER);
    const id = await accountId(scenario.adminApi, OWNER.email);
    await scenario.adminApi.request('POST', `/api/accounts/${id}/credits`, { amount: 10 });
    const owner = apiSession(server.url);
    await owner.signIn(OWNER.email, OWNER.password);
    await owner.request('POST', '/api/lines', {
      username: 'e2e-toast-customer',
      password: LINE.password,
      subscription_months: 1,
    });
  });

  for (const { size, viewport } of SIZES) {
    it(`at ${size} the toast of a created account is clear of the header's and the list page's buttons`, async () => {
      const email = `toast.${viewport.width}@example.com`;
      await admin.setViewportSize(viewport);
      await admin.goto(`${server.url}/resellers`);
      await admin.getByTestId('account-create-button').click();
      await admin.getByTestId('field-email').fill(email);
      await admin.getByTestId('field-password').fill('toast-password-1');
      await admin.getByTestId('create-account-submit').click();
      const toast = admin.getByTestId('snackbar').filter({ hasText: `Account ${email} created` });
      await toast.waitFor();
      await admin.getByRole('dialog').waitFor({ state: 'detached' });
      await animationsDone(admin);
      const buttons = admin
        .getByTestId('app-header')
        .getByRole('button')
        .or(admin.getByTestId('page-heading').getByRole('button'));
      expect(await buttonsUnder(toast, buttons)).toEqual([]);
    });
  }

  for (const { size, viewport } of SIZES) {
    it(`at ${size} a refused save keeps the terms dialog open, its toast clear of the dialog's buttons`, async () => {
      await admin.setViewportSize(viewport);
      await admin.goto(`${server.url}/resellers`);
      await admin
        .getByTestId('account-row')
        .filter({ hasText: OWNER.email })
        .getByTestId('account-actions-button')
        .click();
      await admin.getByTestId('account-action-terms').click();
      const dialog = admin.getByRole('dialog');
      // On a phone the dialog fills the screen, its actions along the screen's foot.
      if (viewport === PHONE) expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });
      // The reseller has a line: a limit of none is refused, and the dialog stays open.
      await dialog.getByTestId('terms-limit-max_lines').fill('0');
      await dialog.getByTestId('terms-save-limits').click();
      const reason = 'A limit of 0 lines is below the 1 lines the account and its sub-accounts already have';
      const toast = admin.getByTestId('snackbar').filter({ hasText: reason });
      await toast.waitFor();
      // Read out over the dialog: an alert a screen reader reaches, not one inside the page the
      // open dialog hides from it (role queries leave out what is aria-hidden).
      expect(await admin.getByRole('alert').filter({ hasText: reason }).count()).toBe(1);
      await animationsDone(admin);
      expect(await dialog.isVisible()).toBe(true);
      // Its actions, and the save the user presses again once the limit is corrected.
      const next = dialog
        .locator('.MuiDialogActions-root button')
        .or(dialog.getByTestId('terms-save-limits'));
      expect(await buttonsUnder(toast, next)).toEqual([]);
    });
  }
});

describe('a toast goes by itself unless a mouse rests on it', () => {
  const OWNER = { email: 'reseller.toast-timer@example.com', password: 'reseller-password-3' };
  beforeAll(() => signUpConfirmed(server, { ...OWNER, name: 'Toast Timer' }));

  /** Saves the account's name on its settings page: the toast that says so. */
  async function savedToast(page: Page, name: string): Promise<Locator> {
    await page.goto(`${server.url}/settings/account`);
    await page.getByTestId('field-full_name').fill(name);
    await page.getByTestId('profile-save').click();
    const toast = page.getByTestId('snackbar').filter({ hasText: 'Profile updated' });
    await toast.waitFor(POLL);
    return toast;
  }

  it('tapped on a phone to read it, a toast still goes by itself', async () => {
    const context = await scenario.browser.newContext({
      viewport: PHONE,
      locale: 'en-US',
      hasTouch: true,
      isMobile: true,
    });
    try {
      const page = await context.newPage();
      await submitSignIn(page, server.url, OWNER);
      await page.getByTestId('welcome-card').waitFor(POLL);
      const toast = await savedToast(page, 'Tapped Toast');
      // On its text, not its close button. A phone sends the mouse's events for a tap too, and moves
      // the mouse away only at the next tap elsewhere: held on the mouse's hover, the toast stayed.
      await toast.locator('.MuiAlert-message').tap();
      await toast.waitFor({ state: 'hidden', timeout: 60_000 });
    } finally {
      await context.close();
    }
  });

  it('a mouse resting on a toast holds it; moved away, the toast goes', async () => {
    const page = await signedInPage(scenario.browser, server.url, OWNER, DESKTOP);
    try {
      const toast = await savedToast(page, 'Hovered Toast');
      await toast.locator('.MuiAlert-message').hover();
      // Past the 5 s a toast shows for: nothing to wait on here but the time itself.
      await page.waitForTimeout(6_500);
      expect(await toast.isVisible()).toBe(true);
      await page.mouse.move(5, 5);
      await toast.waitFor({ state: 'hidden', timeout: 60_000 });
    } finally {
      await page.context().close();
    }
  });
});
