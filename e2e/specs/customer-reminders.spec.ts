import { addDays, isoDate, toDisplayDate } from '@linedesk/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSession } from '../support/api-session.js';
import { waitUntil, type AppServer } from '../support/app-server.js';
import { axeViolations, POLL, setLanguage, signedInPage, waitForIdle } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

let scenario: ResellerScenario;
let server: AppServer;
let adminApi: ApiSession;
let reseller: Page;

const RESELLER = { email: 'reseller.reminders@example.com', password: 'reseller-password-1' };
const LINE = { username: 'kunde-e2e', password: 'Line-Pass-42', email: 'kunde.e2e@example.com' };
const PHONE = { width: 390, height: 844 };

const daysField = (page: Page) => page.getByTestId('portal-reminder-days');
const daysSave = (page: Page) => page.getByTestId('portal-reminder-days-save');

/** The settings page with the portal card drawn from the server's answer (the field starts at 0). */
async function openSettings(page: Page) {
  await page.goto(`${server.url}/settings/account`);
  await page.getByTestId('portal-settings-card').waitFor(POLL);
  await waitForIdle(page);
}

/** The reseller's days as the server has them. */
async function savedDays(): Promise<number> {
  const reader = scenario.reseller.context().request;
  const res = await reader.get(`${server.url}/api/portal/settings`);
  return ((await res.json()) as { customer_reminder_days: number }).customer_reminder_days;
}

/** The line form's customer language: the visible choice and the value the form holds. */
async function customerLanguage(page: Page) {
  const select = page.getByRole('combobox', { name: /Customer language/ });
  return {
    shown: (await select.textContent())?.trim(),
    value: await page.getByTestId('field-language').inputValue(),
  };
}

async function chooseCustomerLanguage(page: Page, name: string) {
  await page.getByRole('combobox', { name: /Customer language/ }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Reminders agent',
    reseller: { ...RESELLER, name: 'Reminders Reseller' },
    credits: 10,
  });
  ({ server, adminApi, reseller } = scenario);
});
afterAll(() => scenario?.stop());

describe("customers' reminders in a real browser", () => {
  it('a reseller sets "remind my customers N days before" on the settings page; 31 is refused', async () => {
    await openSettings(reseller);
    await expect.poll(() => daysField(reseller).inputValue(), POLL).toBe('0');
    expect(await daysSave(reseller).isDisabled()).toBe(true);

    await daysField(reseller).fill('5');
    await daysSave(reseller).click();
    await reseller.getByTestId('snackbar').filter({ hasText: 'Portal settings saved' }).waitFor(POLL);
    expect(await savedDays()).toBe(5);

    await reseller.reload();
    await reseller.getByTestId('portal-settings-card').waitFor(POLL);
    await expect.poll(() => daysField(reseller).inputValue(), POLL).toBe('5');
    expect(await daysSave(reseller).isDisabled()).toBe(true);

    // More than 30: the card says why in the reader's language, and nothing can be saved.
    await daysField(reseller).fill('31');
    const card = reseller.getByTestId('portal-settings-card');
    await card.getByText('Enter 1 to 30 days, or 0 for no reminders').waitFor(POLL);
    expect(await daysField(reseller).getAttribute('aria-invalid')).toBe('true');
    expect(await daysSave(reseller).isDisabled()).toBe(true);
    expect(await axeViolations(reseller)).toEqual([]);
    await reseller.reload();
    await reseller.getByTestId('portal-settings-card').waitFor(POLL);
    await expect.poll(() => daysField(reseller).inputValue(), POLL).toBe('5');
    expect(await savedDays()).toBe(5);
  });

  it("a line made with customer language German keeps it through edits and reloads, and its customer's reminder mail is German", async () => {
    await reseller.goto(`${server.url}/users/add`);
    await reseller.getByTestId('line-form-submit').waitFor(POLL);
    // By default the customer gets the reseller's own language.
    expect(await customerLanguage(reseller)).toEqual({ shown: 'Same as mine', value: '' });
    await reseller.getByTestId('field-username').fill(LINE.username);
    await reseller.getByTestId('field-password').fill(LINE.password);
    await reseller.getByTestId('field-email').fill(LINE.email);
    await chooseCustomerLanguage(reseller, 'Deutsch');
    expect(await customerLanguage(reseller)).toEqual({ shown: 'Deutsch', value: 'de' });
    await reseller.getByTestId('duration-option-1').click();
    await reseller.getByTestId('line-form-submit').click();
    await reseller.getByTestId('connection-line').waitFor(POLL);
    await reseller.getByTestId('connection-done').click();
    await reseller.waitForURL(/\/users\/all$/);

    await reseller
      .getByTestId('line-row')
      .filter({ has: reseller.getByTestId('line-username').getByText(LINE.username, { exact: true }) })
      .getByTestId('line-username')
      .click();
    await reseller.waitForURL(/\/users\/edit\/\d+$/);
    const lineId = Number(reseller.url().split('/').at(-1));
    await reseller.getByTestId('line-edit-form').waitFor(POLL);
    await expect.poll(() => customerLanguage(reseller), POLL).toEqual({ shown: 'Deutsch', value: 'de' });

    // Changed and saved, then back: each choice is what the page shows after a reload.
    for (const [name, value] of [
      ['Polski', 'pl'],
      ['Deutsch', 'de'],
    ] as const) {
      await chooseCustomerLanguage(reseller, name);
      await reseller.getByTestId('line-edit-submit').click();
      await reseller.getByTestId('snackbar').filter({ hasText: 'Changes saved' }).waitFor(POLL);
      await reseller.reload();
      await reseller.getByTestId('line-edit-form').waitFor(POLL);
      await expect.poll(() => customerLanguage(reseller), POLL).toEqual({ shown: name, value });
    }

    // Two days before expiry, inside the reseller's five: the round mails the customer, in German
    // though the reseller reads the panel in English. Without SMTP the server logs each mail it sends.
    const expiry = addDays(isoDate(new Date()), 2);
    await adminApi.request('PATCH', `/api/lines/${lineId}`, { expiry_date: expiry });
    const run = await adminApi.request<{ customers: number }>('POST', '/api/reminders/run');
    expect(run.customers).toBe(1);
    const subject = `Dein Zugang ${LINE.username} läuft am ${toDisplayDate(expiry)} ab`;
    await waitUntil(
      () => (server.output().includes(`Mail to ${LINE.email}: ${subject}`) ? true : undefined),
      "the customer's German reminder mail",
      60_000,
    );
  });

  it('on a phone in German the days field fits the screen and refuses 31 in German', async () => {
    const phone = await signedInPage(scenario.browser, server.url, RESELLER, PHONE);
    await setLanguage(phone, server.url, 'de');
    await openSettings(phone);
    await expect.poll(() => daysField(phone).inputValue(), POLL).toBe('5');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await daysField(phone).fill('31');
    await phone
      .getByTestId('portal-settings-card')
      .getByText('Geben Sie 1 bis 30 Tage ein, oder 0 für keine Erinnerungen')
      .waitFor(POLL);
    expect(await daysSave(phone).isDisabled()).toBe(true);

    await daysField(phone).fill('12');
    await daysSave(phone).click();
    await phone.getByTestId('snackbar').filter({ hasText: 'Portal-Einstellungen gespeichert' }).waitFor(POLL);
    await phone.reload();
    await phone.getByTestId('portal-settings-card').waitFor(POLL);
    await expect.poll(() => daysField(phone).inputValue(), POLL).toBe('12');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
  });
});
