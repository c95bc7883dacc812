import { addDays, isoDate, toDisplayDate } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiryReminderBatches, expiryReminders, lines } from '../src/db/schema.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { waitFor } from './support/wait-for.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';
import { addAgentServer, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let agent: TestAgent;
let admin: TestClient;
let owner: Account;
let optedOut: Account;
const today = isoDate(new Date());

async function line(who: TestClient, username: string, expiry: string): Promise<number> {
  const created = await who.post('/api/lines', { username, password: 'pass-1234', subscription_months: 1 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.line.id as number;
  expect((await admin.patch(`/api/lines/${id}`, { expiry_date: expiry })).status).toBe(200);
  return id;
}

async function reminders(who: TestClient) {
  const res = await who.get('/api/messages?page_size=100');
  expect(res.status).toBe(200);
  return (res.body.items as { title: string; content: string }[]).filter((m) => /expire/.test(m.title));
}

beforeAll(async () => {
  [server, agent] = await Promise.all([
    // A webhook on loopback (the receiver below), polled often: the delivery job sends the digest soon.
    startTestServer({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', NOTIFICATION_POLL_MS: '100' }),
    startLineAgent(),
  ]);
  admin = await server.admin();
  await addAgentServer(admin, agent);
  owner = await signUpAccount(server, 'remind-me@example.com', 20);
  optedOut = await signUpAccount(server, 'quiet@example.com', 20);
});
afterAll(async () => {
  await server?.close();
  await agent?.stop();
});

describe('expiry reminders', () => {
  it('the window is an admin setting, 3 days by default', async () => {
    expect((await owner.client.get('/api/reminders/settings')).body).toEqual({ days: 3 });
    expect((await owner.client.put('/api/reminders/settings', { days: 5 })).status).toBe(403);
    expect((await admin.put('/api/reminders/settings', { days: 0 })).status).toBe(422);
  });

  it('each owner gets one message listing their lines due in the window, once per expiry date', async () => {
    const soon = await line(owner.client, 'remind-soon', addDays(today, 2));
    await line(owner.client, 'remind-today', today);
    await line(owner.client, 'remind-later', addDays(today, 10));
    await line(owner.client, 'remind-past', addDays(today, -1));

    const run = await admin.post('/api/reminders/run');
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ owners: 1, lines: 2, days: 3 });
    const [message, ...more] = await reminders(owner.client);
    expect(more).toEqual([]);
    expect(message!.title).toBe('2 lines expire soon');
    expect(message!.content).toContain(`remind-soon: ${toDisplayDate(addDays(today, 2))}`);
    expect(message!.content).toContain(`remind-today: ${toDisplayDate(today)}`);
    expect(message!.content).not.toContain('remind-later');
    expect(message!.content).not.toContain('remind-past');

    // Running again (another instance, the hourly job) sends nothing new.
    expect((await admin.post('/api/reminders/run')).body).toMatchObject({ owners: 0, lines: 0 });
    expect(await reminders(owner.client)).toHaveLength(1);

    // A new expiry date inside the window is a new reminder for that line only.
    expect((await admin.patch(`/api/lines/${soon}`, { expiry_date: addDays(today, 1) })).status).toBe(200);
    expect((await admin.post('/api/reminders/run')).body).toMatchObject({ owners: 1, lines: 1 });
    const latest = (await reminders(owner.client))[0]!;
    expect(latest.title).toBe('1 line expires soon');
    expect(latest.content).toContain(`remind-soon: ${toDisplayDate(addDays(today, 1))}`);
  });

  it('an owner who switched reminders off gets none', async () => {
    expect((await optedOut.client.get('/api/reminders/preference')).body).toEqual({ enabled: true });
    const off = await optedOut.client.put('/api/reminders/preference', { enabled: false });
    expect(off.body).toEqual({ enabled: false });
    await line(optedOut.client, 'quiet-soon', addDays(today, 1));
    expect((await admin.post('/api/reminders/run')).body).toMatchObject({ owners: 0 });
    expect(await reminders(optedOut.client)).toEqual([]);
  });

  it('only admins run it by hand', async () => {
    expect((await owner.client.post('/api/reminders/run')).status).toBe(403);
  });
});

describe('expiry reminders in batches', () => {
  it('an owner with more due lines than a claim takes gets one digest: the soonest listed, every line at the webhook', async () => {
    const many = await signUpAccount(server, 'remind-many@example.com');
    const receiver = await startWebhookReceiver();
    try {
      expect((await many.client.put('/api/notifications/webhook', { url: receiver.url })).status).toBe(200);
      // More lines than a round claims in one statement (100), over several claims; the table is another
      // area's, so the rows go in directly rather than through 1,201 line creations.
      const count = 1_201;
      await server.built.ctx.db.insert(lines).values(
        Array.from({ length: count }, (_, i) => ({
          username: `many-${String(i).padStart(4, '0')}`,
          password: 'x',
          expiryDate: addDays(today, i % 3),
          ownerId: many.id,
        })),
      );
      expect((await admin.post('/api/reminders/run')).status).toBe(200);
      const [message, ...more] = await reminders(many.client);
      expect(more).toEqual([]);
      // Counts are written as the reader's language writes them: "1,201" in English.
      expect(message!.title).toBe('1,201 lines expire soon');
      // The soonest 30 (today's, by username), then the rest counted: a message a reseller can read, and
      // one Telegram takes (at most 4,096 characters).
      const listed = message!.content.split('\n').filter((row) => row.startsWith('- '));
      expect(listed).toHaveLength(30);
      expect(listed[0]).toBe(`- many-0000: ${toDisplayDate(today)}`);
      expect(listed[29]).toBe(`- many-0087: ${toDisplayDate(today)}`);
      expect(message!.content).toContain('... and 1,171 more in the panel.');
      expect(message!.content.length).toBeLessThan(4096);

      // The webhook gets every line, and the text with a link to all of them in the lines list.
      const [hook] = await waitFor(
        () => receiver.received.filter((h) => h.body.kind === 'lines_expiring'),
        (found) => found.length > 0,
      );
      const data = hook!.body.data as { days: number; lines: { username: string; expiry_date: string }[] };
      expect(data.lines).toHaveLength(count);
      expect(new Set(data.lines.map((l) => l.username)).size).toBe(count);
      expect(data.lines).toContainEqual({ username: 'many-0500', expiry_date: addDays(today, 2) });
      expect(hook!.body.text.link).toMatch(
        new RegExp(`/users/all\\?expiring_within_days=${data.days}&sort=expiry_date&order=asc$`),
      );

      await admin.post('/api/reminders/run');
      expect(await reminders(many.client)).toHaveLength(1);
    } finally {
      await receiver.stop();
    }
  });

  it('lines not due (disabled) between the due ones do not end the claims early', async () => {
    const mixed = await signUpAccount(server, 'remind-mixed@example.com');
    // 350 lines in the window, every other one disabled: a claim goes through 100 of them and claims 50,
    // so the round must go on past claims that claimed fewer lines than they went through.
    await server.built.ctx.db.insert(lines).values(
      Array.from({ length: 350 }, (_, i) => ({
        username: `mixed-${String(i).padStart(3, '0')}`,
        password: 'x',
        expiryDate: addDays(today, 1),
        ownerId: mixed.id,
        enabled: i % 2 === 1,
      })),
    );
    expect((await admin.post('/api/reminders/run')).status).toBe(200);
    const [message, ...more] = await reminders(mixed.client);
    expect(more).toEqual([]);
    expect(message!.title).toBe('175 lines expire soon');
    expect(message!.content).toContain(`- mixed-001: ${toDisplayDate(addDays(today, 1))}`);
    expect(message!.content).not.toContain('mixed-000');
  });

  it('lines a round claimed but stopped before telling are told by the next round, once', async () => {
    const stopped = await signUpAccount(server, 'remind-stopped@example.com');
    const [claimed] = await server.built.ctx.db
      .insert(lines)
      .values([
        { username: 'stopped-claimed', password: 'x', expiryDate: addDays(today, 1), ownerId: stopped.id },
        { username: 'stopped-due', password: 'x', expiryDate: addDays(today, 2), ownerId: stopped.id },
      ])
      .returning({ id: lines.id });
    // What a round leaves when it stops (a crash, a restart) after claiming a batch of the owner's
    // lines and before the transaction that writes the owner's digest.
    const [batch] = await server.built.ctx.db
      .insert(expiryReminderBatches)
      .values({ ownerId: stopped.id })
      .returning({ id: expiryReminderBatches.id });
    await server.built.ctx.db.insert(expiryReminders).values({
      lineId: claimed!.id,
      expiryDate: addDays(today, 1),
      ownerId: stopped.id,
      batchId: batch!.id,
    });

    expect((await admin.post('/api/reminders/run')).status).toBe(200);
    const [message, ...more] = await reminders(stopped.client);
    expect(more).toEqual([]);
    expect(message!.title).toBe('2 lines expire soon');
    expect(message!.content).toContain(`stopped-claimed: ${toDisplayDate(addDays(today, 1))}`);
    expect(message!.content).toContain(`stopped-due: ${toDisplayDate(addDays(today, 2))}`);

    await admin.post('/api/reminders/run');
    expect(await reminders(stopped.client)).toHaveLength(1);
  });
});
