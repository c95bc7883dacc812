import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTelegramStandIn,
  type TelegramStandIn,
} from '../../apps/server/test/support/telegram-stand-in.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, signedInPage, signUpConfirmed, visit } from '../support/page-helpers.js';

const PHONE = { width: 390, height: 844 };
const RESELLER = { email: 'e2e.telegram@example.com', password: 'telegram-password-1' };

let bot: TelegramStandIn;
let server: AppServer;
let browser: Browser;
let reseller: Page;

beforeAll(async () => {
  bot = await startTelegramStandIn();
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  const saved = await adminApi.request<{ bot_username: string }>('PATCH', '/api/telegram/settings', {
    api_root: bot.url,
    token: bot.token,
    enabled: true,
  });
  expect(saved.bot_username).toBe(bot.username);
  await signUpConfirmed(server, RESELLER);
  reseller = await signedInPage(browser, server.url, RESELLER, PHONE);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await bot?.close();
});

describe('linking Telegram from the Notifications page (#36)', () => {
  it('on a phone: the code and the t.me link are shown, and the card turns linked when the bot gets the code', async () => {
    await visit(reseller, '/notifications');
    const card = reseller.getByTestId('telegram-link-card');
    await card.getByTestId('telegram-get-code').click();
    const command = reseller.getByTestId('telegram-link-command');
    await command.waitFor(POLL);
    const text = (await command.textContent())!;
    expect(text).toMatch(/^\/start [\w-]{16}$/);
    const code = text.split(' ')[1]!;
    expect(await card.getByTestId('telegram-deep-link').getAttribute('href')).toBe(
      `https://t.me/${bot.username}?start=${code}`,
    );
    expect(await reseller.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );

    // The user sends the code to the bot; the page, never reloaded, follows the live event.
    bot.send(4242, text);
    await card.getByTestId('telegram-linked').waitFor(POLL);
    expect(await command.count()).toBe(0);
    // The owner can tell which chat it is (the stand-in's chat is named "User <id>").
    expect(await card.getByTestId('telegram-linked-chat').textContent()).toContain('User 4242');
  });
});
