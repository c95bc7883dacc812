// Two app instances on one PostgreSQL: one of them reads the bot's updates at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAccount } from './support/line-fixtures.js';
import { startTelegramStandIn, type TelegramStandIn } from './support/telegram-stand-in.js';
import { testPostgresUrl } from './support/test-database.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const pgUrl = testPostgresUrl();

let first: TestServer;
let second: TestServer | undefined;
let bot: TelegramStandIn;

describe.skipIf(!pgUrl)('the Telegram bot with two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    bot = await startTelegramStandIn();
    first = await startTestServer();
    const config = first.built.ctx.config;
    if (config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // The same database and data folder (its secret unseals the bot token), as instances behind nginx.
    second = await startTestServer({ DATABASE_URL: config.database.url }, { dataDir: config.dataDir });
    const admin = await first.admin();
    const saved = await admin.patch('/api/telegram/settings', {
      api_root: bot.url,
      token: bot.token,
      enabled: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await bot?.close();
  });

  it('answers every message once, never polls from both, and goes on when the poller stops', async () => {
    const reseller = await signUpAccount(first, 'tg-scale@example.com', 12);
    const code = await reseller.client.post('/api/telegram/link-code');
    const chatId = 9100;
    bot.send(chatId, code.body.command);
    await waitFor(
      () => bot.sentTo(chatId).length,
      (n) => n >= 1,
    );

    for (let i = 0; i < 10; i += 1) bot.send(chatId, '/balance');
    // A last question after them: once it is answered, every one before it has been (in order).
    bot.send(chatId, '/line nobody-here');
    const answers = await waitFor(
      () => bot.sentTo(chatId).map((c) => String(c.params.text)),
      (texts) => texts.some((t) => t.includes('No such line')),
    );
    expect(answers.filter((t) => t === 'Your balance: 12 credits.')).toHaveLength(10);
    expect(answers).toHaveLength(12);
    expect(bot.conflicts).toBe(0);

    // Whichever instance held the lease, stopping one leaves the other to answer.
    await second!.close();
    second = undefined;
    bot.send(chatId, '/balance');
    const after = await waitFor(
      () => bot.sentTo(chatId).length,
      (n) => n >= 13,
    );
    expect(after).toBe(13);
  });
});
