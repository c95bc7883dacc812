import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatDateTime } from '@linedesk/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { axeViolations, POLL, signedInPage } from '../support/page-helpers.js';

let server: AppServer;
let browser: Browser;
let api: ApiSession;
/** A shop's webhook on loopback: answers with `status`, counts what it accepted. */
let receiver: http.Server;
let receiverUrl = '';
let status = 200;
let accepted = 0;

type Preferences = {
  kinds: { kind: string; channels: Record<string, boolean> }[];
  webhook_url: string | null;
};

async function openFromAccountMenu(page: Page) {
  await page.getByTestId('account-button').click();
  await page.getByTestId('account-notifications-link').click();
  await page.waitForURL(/\/notifications$/);
  await page.getByTestId('notification-switches').waitFor(POLL);
}

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (status < 300) accepted += 1;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  [server, browser] = await Promise.all([
    // The receiver is on loopback, which only this setting lets a webhook reach; a failed delivery
    // waits long for its next attempt, so it stays on the page as "Retrying".
    startAppServer({
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      NOTIFICATION_POLL_MS: '200',
      NOTIFICATION_RETRY_BASE_MS: '3600000',
    }),
    launchBrowser(),
  ]);
  api = apiSession(server.url);
  await api.signIn(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('the Notifications page in a real browser', () => {
  it('on a desktop: a grid of switches, a webhook set up with its secret shown once, a test that arrives', async () => {
    const page = await signedInPage(browser, server.url, ADMIN, { width: 1280, height: 800 });
    await openFromAccountMenu(page);
    expect(await page.getByRole('columnheader', { name: /Webhook/ }).count()).toBe(1);

    const creditedByMail = page.getByRole('switch', { name: 'Top-up credited: Email' });
    expect(await creditedByMail.isChecked()).toBe(true);
    await creditedByMail.click();
    await expect
      .poll(async () => {
        const prefs = await api.request<Preferences>('GET', '/api/notifications/preferences');
        return prefs.kinds.find((k) => k.kind === 'topup_credited')!.channels.email;
      }, POLL)
      .toBe(false);

    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-save').click();
    const secret = page.getByTestId('webhook-secret-value');
    await secret.waitFor(POLL);
    expect(await secret.inputValue()).toMatch(/^whsec_/);
    await page.getByTestId('webhook-secret-done').click();
    await page.getByTestId('webhook-test').click();
    await page.getByText('The webhook answered 200').waitFor(POLL);
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('on a phone (390 px): one channel at a time, nothing wider than the screen, and a failed delivery shown', async () => {
    // The webhook the failure will be on, whatever the desktop test left.
    await api.request('PUT', '/api/notifications/webhook', { url: receiverUrl });
    const page = await signedInPage(browser, server.url, ADMIN, { width: 390, height: 844 });
    await openFromAccountMenu(page);
    await page.getByTestId('kind-row-lines_expiring').waitFor(POLL);
    expect(await page.getByRole('columnheader').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    status = 503;
    await page.getByTestId('send-test-notice').click();
    const failure = page.getByTestId('delivery-failure').first();
    await failure.waitFor({ timeout: 40_000 });
    await expect.poll(() => failure.textContent(), POLL).toContain('Retrying');
    expect(await failure.textContent()).toContain('WEBHOOK_DELIVERY_FAILED: HTTP 503');
    // Its time is written by the panel's one date rule, as on every other page.
    const failures = await api.request<{ items: { created_at: string }[] }>(
      'GET',
      '/api/notifications/deliveries',
    );
    expect(await failure.textContent()).toContain(
      `Created: ${formatDateTime(failures.items[0]!.created_at, 'en')}`,
    );

    status = 200;
    await failure.getByTestId('delivery-retry').click();
    await page.getByText('Every notice was delivered.').waitFor({ timeout: 40_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
