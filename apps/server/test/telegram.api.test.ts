import { addDays, isoDate, toDisplayDate } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines } from '../src/db/schema.js';
import { sendTelegramMessage, TelegramNotLinkedError } from '../src/modules/telegram/telegram-send.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, balanceOf, signUpAccount, type Account } from './support/line-fixtures.js';
import { startTelegramStandIn, type BotCall, type TelegramStandIn } from './support/telegram-stand-in.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

let server: TestServer;
let agent: TestAgent;
let bot: TelegramStandIn;
let admin: TestClient;
let reseller: Account;
let other: Account;
let german: Account;
const today = isoDate(new Date());
let nextChat = 5000;

async function line(owner: TestClient, username: string, expiry: string): Promise<number> {
  const created = await owner.post('/api/lines', { username, password: 'pass-1234', subscription_months: 1 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.line.id as number;
  expect((await admin.patch(`/api/lines/${id}`, { expiry_date: expiry })).status).toBe(200);
  return id;
}

/** The user writes to the bot and waits for its answer (the n-th message the chat got). */
async function ask(chatId: number, text: string): Promise<BotCall> {
  const before = bot.sentTo(chatId).length;
  bot.send(chatId, text);
  const all = await waitFor(
    () => bot.sentTo(chatId),
    (found) => found.length > before,
  );
  return all[before]!;
}

/** Links a new chat to the account with a fresh code; the chat's id. */
async function linkChat(account: Account): Promise<number> {
  const chatId = nextChat++;
  const code = await account.client.post('/api/telegram/link-code');
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  const answer = await ask(chatId, code.body.command);
  expect(answer.params.text).toContain(account.email);
  return chatId;
}

/**
 * The bot as the setup tests leave it: token saved and turned on. Each group after them starts with
 * it, so any group runs alone (`-t`) or in any order with the same result. Saved only when it is not
 * so already: saving restarts the bot's polling, which would read the chats' last messages again.
 */
async function botReady(): Promise<void> {
  const current = await admin.get('/api/telegram/settings');
  if (current.body.enabled && current.body.token_set && current.body.api_root === bot.url) return;
  const saved = await admin.patch('/api/telegram/settings', {
    api_root: bot.url,
    token: bot.token,
    enabled: true,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  [server, agent, bot] = await Promise.all([startTestServer(), startLineAgent(), startTelegramStandIn()]);
  admin = await server.admin();
  await addAgentServer(admin, agent);
  [reseller, other, german] = await Promise.all([
    signUpAccount(server, 'tg-reseller@example.com', 50),
    signUpAccount(server, 'tg-other@example.com', 50),
    signUpAccount(server, 'tg-german@example.com', 50),
  ]);
  expect((await german.client.put('/api/me/language', { language: 'de' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await agent?.stop();
  await bot?.close();
});

describe('Telegram bot setup (admin)', () => {
  it('is off and without a token at first; resellers cannot see or change it', async () => {
    const settings = await admin.get('/api/telegram/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({
      enabled: false,
      token_set: false,
      api_root: 'https://api.telegram.org',
      bot_username: null,
    });
    expect((await reseller.client.get('/api/telegram/settings')).status).toBe(403);
    expect((await reseller.client.patch('/api/telegram/settings', { enabled: true })).status).toBe(403);
    const code = await reseller.client.post('/api/telegram/link-code');
    expect(code.status).toBe(409);
    expect(code.body.error.code).toBe('TELEGRAM_NOT_CONFIGURED');
  });

  it('refuses a malformed token and one Telegram does not know, and keeps neither', async () => {
    const malformed = await admin.patch('/api/telegram/settings', { token: 'not-a-token' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.code).toBe('TELEGRAM_TOKEN_INVALID');
    const unknown = await admin.patch('/api/telegram/settings', {
      api_root: bot.url,
      token: `123:${'y'.repeat(35)}`,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('TELEGRAM_TOKEN_REJECTED');
    expect((await admin.get('/api/telegram/settings')).body).toMatchObject({ token_set: false });
  });

  it('keeps a token Telegram knows, shows it only as set, and the test names the bot', async () => {
    const saved = await admin.patch('/api/telegram/settings', {
      api_root: bot.url,
      token: bot.token,
      enabled: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      enabled: true,
      token_set: true,
      api_root: bot.url,
      bot_username: bot.username,
    });
    const read = await admin.get('/api/telegram/settings');
    expect(JSON.stringify(read.body)).not.toContain(bot.token.split(':')[1]);
    const test = await admin.post('/api/telegram/settings/test');
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ bot_username: bot.username });
  });
});

describe('linking a chat', () => {
  // Each test links an account of its own, so none reads a chat or a code another test left behind.
  beforeAll(botReady);

  it('links the chat that sends the code, once; the panel shows it linked', async () => {
    const linker = await signUpAccount(server, 'tg-linker@example.com', 50);
    const code = await linker.client.post('/api/telegram/link-code');
    expect(code.status).toBe(201);
    expect(code.body.command).toBe(`/start ${code.body.code}`);
    expect(code.body.deep_link).toBe(`https://t.me/${bot.username}?start=${code.body.code}`);
    expect(Date.parse(code.body.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);

    const chatId = nextChat++;
    const linked = await ask(chatId, code.body.command);
    expect(linked.params.text).toContain('This chat is now linked to tg-linker@example.com');
    const state = await linker.client.get('/api/telegram/link');
    expect(state.body).toMatchObject({ available: true, linked: true, bot_username: bot.username });

    // The same code from another chat: already used, and that chat stays unlinked.
    const intruder = nextChat++;
    expect((await ask(intruder, code.body.command)).params.text).toBe(
      'This code was already used. Ask the panel for a new one.',
    );
    expect((await ask(intruder, '/balance')).params.text).toContain('Link your Linedesk account first');
    // The first chat is still the linked one.
    expect((await ask(chatId, '/balance')).params.text).toBe('Your balance: 50 credits.');
  });

  it('says why an expired or unknown code does not link', async () => {
    const late = await signUpAccount(server, 'tg-late@example.com', 10);
    const code = await late.client.post('/api/telegram/link-code');
    expect(code.status).toBe(201);
    // Only this account's code is aged: ten minutes are not waited for.
    await server.built.ctx.db.execute(
      sql`UPDATE telegram_link_codes SET expires_at = now() - interval '1 second'
          WHERE account_id = ${late.id} AND used_at IS NULL`,
    );
    const chatId = nextChat++;
    expect((await ask(chatId, code.body.command)).params.text).toBe(
      'This code has expired. Ask the panel for a new one.',
    );
    expect((await ask(chatId, '/start nosuchcode123')).params.text).toBe(
      'This code is not known. Check it, or ask the panel for a new one.',
    );
    expect((await late.client.get('/api/telegram/link')).body.linked).toBe(false);
  });

  it('a newer code makes the older one unusable', async () => {
    const twice = await signUpAccount(server, 'tg-twice@example.com', 10);
    const older = await twice.client.post('/api/telegram/link-code');
    expect((await twice.client.post('/api/telegram/link-code')).status).toBe(201);
    expect((await ask(nextChat++, older.body.command)).params.text).toContain('not known');
    expect((await twice.client.get('/api/telegram/link')).body.linked).toBe(false);
  });

  it('unlinks from the panel and with /stop', async () => {
    const leaver = await signUpAccount(server, 'tg-leaver@example.com', 10);
    const chatId = await linkChat(leaver);
    expect((await leaver.client.delete('/api/telegram/link')).status).toBe(204);
    expect((await ask(chatId, '/balance')).params.text).toContain('Link your Linedesk account first');
    const again = await leaver.client.delete('/api/telegram/link');
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('TELEGRAM_NOT_LINKED');

    const relinked = await linkChat(leaver);
    expect((await ask(relinked, '/stop')).params.text).toContain('no longer linked');
    expect((await leaver.client.get('/api/telegram/link')).body.linked).toBe(false);
  });
});

/** The reset link mailed to `email` (the log transport): the n-th one. */
async function resetToken(email: string, count: number): Promise<string> {
  const mails = await waitFor(
    () => server.logs.filter((l) => l.includes(`Mail to ${email}: Reset your Linedesk password`)),
    (found) => found.length >= count,
  );
  const link = mails.at(-1)!.match(/https?:\/\/\S+\/reset-password\?token=[^\s"]+/)![0];
  return new URL(link).searchParams.get('token')!;
}

describe('a linked chat is a credential', () => {
  beforeAll(botReady);

  it('an API key cannot link a chat: only a signed-in browser asks for a code', async () => {
    const keyed = await signUpAccount(server, 'tg-keyed@example.com', 20);
    const made = await keyed.client.post('/api/api-keys', { name: 'Shop' });
    expect(made.status).toBe(201);
    const key = server.client();
    const code = await key.post('/api/telegram/link-code', undefined, {
      authorization: `Bearer ${made.body.key}`,
    });
    expect(code.status, JSON.stringify(code.body)).toBe(403);
    expect(code.body.error.code).toBe('API_KEY_SESSION_REQUIRED');
    // The key still reads whether a chat is linked.
    const state = await key.get('/api/telegram/link', { authorization: `Bearer ${made.body.key}` });
    expect(state.status).toBe(200);
    expect(state.body.linked).toBe(false);
  });

  it('the owner sees which chat is linked, and a password change unlinks it: no more answers, no renewal', async () => {
    const owner = await signUpAccount(server, 'tg-changer@example.com', 50);
    await line(owner.client, 'tg-changer-line', addDays(today, 5));
    const chatId = await linkChat(owner);
    const state = await owner.client.get('/api/telegram/link');
    expect(state.body).toMatchObject({ linked: true, chat_name: `User ${chatId}` });
    expect((await ask(chatId, '/balance')).params.text).toContain('credits');
    // A renewal asked for before the change, confirmed after it.
    const asked = await ask(chatId, '/renew tg-changer-line 1');
    const button = (asked.params.reply_markup as { inline_keyboard: { callback_data: string }[][] })
      .inline_keyboard[0]![0]!;
    const balance = await balanceOf(server, owner.id);
    // An unused code on someone's screen goes too.
    const pending = await owner.client.post('/api/telegram/link-code');
    expect(pending.status).toBe(201);

    const changed = await owner.client.post('/api/auth/change-password', {
      current_password: 'user-password-1',
      new_password: 'brand-new-pass-1',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await owner.client.get('/api/telegram/link')).body).toMatchObject({
      linked: false,
      chat_name: null,
    });
    for (const command of ['/balance', '/line tg-changer-line', '/expiring', '/renew tg-changer-line 1']) {
      const answer = await ask(chatId, command);
      expect(answer.params.text, command).toContain('Link your Linedesk account first');
      expect(answer.params.reply_markup, command).toBeUndefined();
    }
    const answered = bot.calls.filter((c) => c.method === 'answerCallbackQuery').length;
    bot.tap(chatId, asked.messageId!, button.callback_data);
    const refusal = await waitFor(
      () => bot.calls.filter((c) => c.method === 'answerCallbackQuery'),
      (calls) => calls.length > answered,
    );
    expect(String(refusal.at(-1)!.params.text)).toContain('Link your Linedesk account first');
    expect(await balanceOf(server, owner.id)).toBe(balance);
    expect((await ask(nextChat++, pending.body.command)).params.text).toContain('not known');
  });

  it('a password reset unlinks the chat too', async () => {
    const email = 'tg-resetter@example.com';
    const owner = await signUpAccount(server, email, 10);
    const chatId = await linkChat(owner);
    await server.client().post('/api/auth/forgot-password', { email });
    const token = await resetToken(email, 1);
    const reset = await server
      .client()
      .post('/api/auth/reset-password', { token, new_password: 'brand-new-pass-2' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await ask(chatId, '/balance')).params.text).toContain('Link your Linedesk account first');
    const back = server.client();
    expect((await back.post('/api/auth/sign-in', { email, password: 'brand-new-pass-2' })).status).toBe(200);
    expect((await back.get('/api/telegram/link')).body.linked).toBe(false);
  });
});

describe('reseller commands', () => {
  let chatId: number;
  let otherChat: number;

  beforeAll(async () => {
    await botReady();
    chatId = await linkChat(reseller);
    otherChat = await linkChat(other);
    await line(reseller.client, 'tg-soon', addDays(today, 3));
    await line(reseller.client, 'tg-later', addDays(today, 40));
    await line(other.client, 'tg-others-soon', addDays(today, 2));
  });

  it("/expiring lists the caller's lines within the panel's \"expiring soon\" days, no one else's", async () => {
    const answer = String((await ask(chatId, '/expiring')).params.text);
    expect(answer).toContain(`1 line expires within the next 7 days:`);
    expect(answer).toContain(`- tg-soon: ${toDisplayDate(addDays(today, 3))} (3 days left)`);
    expect(answer).not.toContain('tg-later');
    expect(answer).not.toContain('tg-others-soon');
  });

  it("/line shows status, expiry, days left and online; another reseller's line is not found", async () => {
    expect((await ask(chatId, '/line tg-soon')).params.text).toBe(
      `Line tg-soon\nStatus: active\nExpires: ${toDisplayDate(addDays(today, 3))} (3 days left)\nOnline now: no`,
    );
    expect((await ask(chatId, '/line tg-others-soon')).params.text).toBe('No such line among your lines.');
    expect((await ask(chatId, '/line')).params.text).toContain('Send /line followed by');
    // Anything the bot does not understand is answered with what it does.
    expect((await ask(chatId, 'hello?')).params.text).toContain('/renew <username> <months>');
    // The other reseller sees their own.
    expect((await ask(otherChat, '/line tg-others-soon')).params.text).toContain('Status: active');
  });

  it('/renew asks with the price, and a double tap on Confirm charges once', async () => {
    const before = await balanceOf(server, reseller.id);
    const asked = await ask(chatId, '/renew tg-soon 1');
    expect(asked.params.text).toMatch(
      /^Renew tg-soon for 1 month, until \d\d-\d\d-\d{4}, for \d+ credits\?$/,
    );
    const price = Number(/for (\d+) credits/.exec(String(asked.params.text))![1]);
    expect(price).toBeGreaterThan(0);
    const keyboard = asked.params.reply_markup as {
      inline_keyboard: { text: string; callback_data: string }[][];
    };
    const button = keyboard.inline_keyboard[0]![0]!;
    expect(button.text).toBe('Confirm');
    // Nothing is charged by asking.
    expect(await balanceOf(server, reseller.id)).toBe(before);

    const answered = bot.calls.filter((c) => c.method === 'answerCallbackQuery').length;
    bot.tap(chatId, asked.messageId!, button.callback_data);
    bot.tap(chatId, asked.messageId!, button.callback_data);
    await waitFor(
      () => bot.calls.filter((c) => c.method === 'answerCallbackQuery').length,
      (n) => n >= answered + 2,
    );
    const edits = bot.sentTo(chatId).filter((c) => c.method === 'editMessageText');
    expect(edits).toHaveLength(1);
    expect(edits[0]!.params.message_id).toBe(asked.messageId);
    expect(edits[0]!.params.text).toContain('tg-soon is renewed until');
    expect(edits[0]!.params.text).toContain(`Charged: ${price} credits.`);
    expect(await balanceOf(server, reseller.id)).toBe(before - price);
    const ledger = await reseller.client.get('/api/credits/ledger?reason=line_renew');
    expect(ledger.body.items).toHaveLength(1);
  });

  it("/renew of another reseller's line or with bad months is refused without a button", async () => {
    const foreign = await ask(chatId, '/renew tg-others-soon 1');
    expect(foreign.params.text).toBe('No such line among your lines.');
    expect(foreign.params.reply_markup).toBeUndefined();
    expect((await ask(chatId, '/renew tg-soon many')).params.text).toContain('Send /renew followed by');
  });

  it('/renew that would take a line past the last date the server takes is refused without a button', async () => {
    await line(reseller.client, 'tg-last', '2099-12-15');
    const before = await balanceOf(server, reseller.id);
    const refused = await ask(chatId, '/renew tg-last 1');
    expect(refused.params.text).toBe(
      'Renewing would take the line to 15-01-2100, after 31-12-2099, the last date a line can have. Nothing was charged.',
    );
    expect(refused.params.reply_markup).toBeUndefined();
    expect(await balanceOf(server, reseller.id)).toBe(before);
  });

  it('answers a German account in German', async () => {
    const chat = nextChat++;
    const code = await german.client.post('/api/telegram/link-code');
    const linked = await ask(chat, code.body.command);
    expect(linked.params.text).toContain('Dieser Chat ist jetzt mit tg-german@example.com verknüpft.');
    expect((await ask(chat, '/balance')).params.text).toBe('Ihr Guthaben: 50 Credits.');
    expect((await ask(chat, '/expiring')).params.text).toBe(
      'Kein Zugang läuft innerhalb der nächsten 7 Tage ab.',
    );
    // A used code is refused in the language of the account it belonged to.
    expect((await ask(nextChat++, code.body.command)).params.text).toBe(
      'Dieser Code wurde bereits verwendet. Fordern Sie im Panel einen neuen an.',
    );
  });

  it('sendTelegramMessage writes to the linked chat and says when there is none', async () => {
    const sent = await sendTelegramMessage(server.built.ctx, reseller.id, 'A line expires tomorrow');
    expect(sent.messageId).toBeGreaterThan(0);
    expect(bot.sentTo(chatId).at(-1)!.params.text).toBe('A line expires tomorrow');
    const unlinked = await signUpAccount(server, 'tg-nobody@example.com');
    await expect(sendTelegramMessage(server.built.ctx, unlinked.id, 'hello')).rejects.toBeInstanceOf(
      TelegramNotLinkedError,
    );
  });
});

describe('notices in the chat', () => {
  beforeAll(botReady);

  it('an expiry digest of 1,201 lines arrives: the soonest listed, the rest counted, within 4,096 characters', async () => {
    const busy = await signUpAccount(server, 'tg-busy@example.com');
    const chat = await linkChat(busy);
    // Due lines of the account, written directly: creating 1,201 lines is another area's test.
    const count = 1_201;
    await server.built.ctx.db.insert(lines).values(
      Array.from({ length: count }, (_, i) => ({
        username: `tg-busy-${String(i).padStart(4, '0')}`,
        password: 'x',
        expiryDate: addDays(today, 1),
        ownerId: busy.id,
      })),
    );
    expect((await admin.post('/api/reminders/run')).status).toBe(200);
    const [digest] = await waitFor(
      // Counts are written as the reader's language writes them: "1,201" in English.
      () => bot.sentTo(chat).filter((c) => String(c.params.text).startsWith('1,201 lines expire soon')),
      (found) => found.length > 0,
    );
    const text = String(digest!.params.text);
    expect(text).toContain(`- tg-busy-0000: ${toDisplayDate(addDays(today, 1))}`);
    expect(text).toContain('... and 1,171 more in the panel.');
    expect(text).not.toContain('tg-busy-0030');
    // Telegram refuses a longer message; the stand-in refuses it the same way.
    expect([...text].length).toBeLessThanOrEqual(4096);
    expect(bot.calls.filter((c) => c.refused !== undefined)).toEqual([]);
  });
});
