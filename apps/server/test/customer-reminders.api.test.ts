import { addDays, isoDate, toDisplayDate } from '@linedesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, notificationOutbox } from '../src/db/schema.js';
import { CUSTOMER_REMINDER_KIND } from '../src/modules/reminders/customer-reminder-mail.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { type Account, addAgentServer, adminMadeAccount } from './support/line-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let smtp: TestSmtpServer;
let server: TestServer;
let agent: TestAgent;
let admin: TestClient;
let reseller: Account;
let other: Account;
const today = isoDate(new Date());
const LINE_PASSWORD = 'pass-1234';

type Line = { id: number; username: string; expiry_date: string; language: string | null };

async function newLine(
  who: Account,
  username: string,
  extra: { email?: string; language?: string } = {},
): Promise<Line> {
  const created = await who.client.post('/api/lines', {
    username,
    password: LINE_PASSWORD,
    subscription_months: 1,
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.line as Line;
}

async function expireIn(line: Line, days: number): Promise<void> {
  const patched = await admin.patch(`/api/lines/${line.id}`, { expiry_date: addDays(today, days) });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
}

async function runReminders(): Promise<{ customers: number }> {
  const run = await admin.post('/api/reminders/run');
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  return run.body as { customers: number };
}

async function messagesOf(who: Account) {
  const res = await who.client.get('/api/messages?page_size=100');
  expect(res.status).toBe(200);
  return res.body.items as { title: string; content: string }[];
}

/** An account an admin makes (the mails here go to SMTP). */
const account = (email: string) => adminMadeAccount(server, admin, email);

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, agent] = await Promise.all([
    startTestServer({ SMTP_URL: smtp.url, NOTIFICATION_POLL_MS: '200' }),
    startLineAgent(),
  ]);
  admin = await server.admin();
  await addAgentServer(admin, agent);
  reseller = await account('reminding-reseller@example.com');
  other = await account('other-reseller@example.com');
});
afterAll(async () => {
  await server?.close();
  await agent?.stop();
  await smtp?.stop();
});

describe("a customer's own expiry reminder", () => {
  it('the reseller chooses the days before expiry beside the portal switch: 0 to 30', async () => {
    expect((await reseller.client.get('/api/portal/settings')).body.customer_reminder_days).toBe(0);
    const tooMany = await reseller.client.put('/api/portal/settings', {
      enabled: true,
      contact: 'Telegram @reminding',
      customer_reminder_days: 31,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.code).toBe('PORTAL_REMINDER_DAYS_INVALID');
    const set = await reseller.client.put('/api/portal/settings', {
      enabled: true,
      contact: 'Telegram @reminding',
      customer_reminder_days: 5,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      enabled: true,
      contact: 'Telegram @reminding',
      customer_reminder_days: 5,
    });
    // Left out, the days stay as they are.
    const contactOnly = await reseller.client.put('/api/portal/settings', {
      enabled: true,
      contact: 'Telegram @reminding',
    });
    expect(contactOnly.body.customer_reminder_days).toBe(5);
    // The setting is the reseller's own.
    expect((await other.client.get('/api/portal/settings')).body.customer_reminder_days).toBe(0);
  });

  it('reaches the customer in German, once across two rounds, and again after a renewal', async () => {
    const line = await newLine(reseller, 'kunde-de', { email: 'kunde@example.com', language: 'de' });
    expect(line.language).toBe('de');
    await expireIn(line, 3);
    // Not due: no email, or expiring after the reseller's five days.
    await expireIn(await newLine(reseller, 'no-mail-line'), 3);
    await expireIn(await newLine(reseller, 'later-line', { email: 'later@example.com' }), 12);

    expect((await runReminders()).customers).toBe(1);
    const expiry = toDisplayDate(addDays(today, 3));
    const mail = await smtp.mailTo('kunde@example.com');
    expect(mail.subject).toBe(`Dein Zugang kunde-de läuft am ${expiry} ab`);
    expect(mail.text).toContain(`Dein Zugang kunde-de läuft am ${expiry} ab.`);
    expect(mail.text).toContain(`${server.url}/my`);
    expect(mail.text).toContain('Dein Händler: Telegram @reminding');

    // A second round finds the customer already reminded of this expiry date.
    expect((await runReminders()).customers).toBe(0);

    // A renewal gives the line a new expiry date, which is reminded afresh.
    const renewed = await reseller.client.post(`/api/lines/${line.id}/renew`, { subscription_months: 1 });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    await expireIn(line, 4);
    expect((await runReminders()).customers).toBe(1);
    const newExpiry = toDisplayDate(addDays(today, 4));
    await smtp.mailTo('kunde@example.com', (m) => m.subject.includes(newExpiry));
    // Both reminders, and nothing from the round in between; nothing for the lines not due.
    expect(mailsTo('kunde@example.com').map((m) => m.subject)).toEqual([
      `Dein Zugang kunde-de läuft am ${expiry} ab`,
      `Dein Zugang kunde-de läuft am ${newExpiry} ab`,
    ]);
    expect(mailsTo('later@example.com')).toEqual([]);
  });

  it("is written in the reseller's language when the line has none, and without the portal link when the portal is off", async () => {
    try {
      expect((await reseller.client.put('/api/me/language', { language: 'pl' })).status).toBe(200);
      // The account's language is what a new browser shows it in (/api/me).
      expect((await reseller.client.get('/api/me')).body.language).toBe('pl');
      const off = await reseller.client.put('/api/portal/settings', { enabled: false, contact: '' });
      expect(off.status).toBe(200);
      const line = await newLine(reseller, 'klient-pl', { email: 'klient@example.com' });
      expect(line.language).toBeNull();
      await expireIn(line, 1);
      expect((await runReminders()).customers).toBe(1);
      const mail = await smtp.mailTo('klient@example.com');
      expect(mail.subject).toBe(`Twoja linia klient-pl wygasa ${toDisplayDate(addDays(today, 1))}`);
      expect(mail.text).not.toContain('/my');
      expect(mail.text).toContain('Twój sprzedawca: reminding-reseller@example.com');
    } finally {
      await reseller.client.put('/api/portal/settings', { enabled: true, contact: 'Telegram @reminding' });
      await reseller.client.put('/api/me/language', { language: 'en' });
    }
  });

  it('a reseller with more due customers than one batch claims: each mailed once, the rest not at all', async () => {
    const many = await account('many-customers@example.com');
    const set = await many.client.put('/api/portal/settings', {
      enabled: true,
      contact: '',
      customer_reminder_days: 2,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // More due lines than a round claims in one statement (500); the table is another area's, so the
    // rows go in directly rather than through 1,200 line creations.
    const count = 1_201;
    const inserted = await server.built.ctx.db
      .insert(lines)
      .values([
        ...Array.from({ length: count }, (_, i) => ({
          username: `due-customer-${String(i).padStart(4, '0')}`,
          password: 'x',
          expiryDate: addDays(today, i % 3),
          ownerId: many.id,
          email: `due-customer-${i}@example.com`,
        })),
        // Not due: after the reseller's two days, disabled, or without an email.
        {
          username: 'later-customer',
          password: 'x',
          expiryDate: addDays(today, 3),
          ownerId: many.id,
          email: 'l@example.com',
        },
        {
          username: 'off-customer',
          password: 'x',
          expiryDate: today,
          ownerId: many.id,
          email: 'o@example.com',
          enabled: false,
        },
        { username: 'mailless-customer', password: 'x', expiryDate: today, ownerId: many.id },
      ])
      .returning({ id: lines.id });
    const ids = new Set(inserted.map((row) => row.id));
    const remindedLines = async () =>
      (
        await server.built.ctx.db
          .select({ payload: notificationOutbox.payload })
          .from(notificationOutbox)
          .where(
            and(
              eq(notificationOutbox.recipientId, many.id),
              eq(notificationOutbox.kind, CUSTOMER_REMINDER_KIND),
            ),
          )
      )
        .map((row) => (row.payload as { data: { line_id: number } }).data.line_id)
        .filter((id) => ids.has(id));

    expect((await runReminders()).customers).toBe(count);
    const first = await remindedLines();
    expect(first).toHaveLength(count);
    expect(new Set(first).size).toBe(count);
    expect((await runReminders()).customers).toBe(0);
    expect(await remindedLines()).toHaveLength(count);
  });

  it("another reseller's line cannot be read nor given a language", async () => {
    const line = await newLine(reseller, 'not-yours', { email: 'mine@example.com' });
    expect((await other.client.get(`/api/lines/${line.id}`)).status).toBe(404);
    const patched = await other.client.patch(`/api/lines/${line.id}`, { language: 'pt' });
    expect(patched.status).toBe(404);
    const own = await reseller.client.patch(`/api/lines/${line.id}`, { language: 'pt' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await reseller.client.get(`/api/lines/${line.id}`)).body.language).toBe('pt');
    const unknown = await reseller.client.patch(`/api/lines/${line.id}`, { language: 'fr' });
    expect(unknown.status).toBe(422);
  });
});

describe('"Ask my reseller to renew" in the portal', () => {
  async function portalCustomer(username: string): Promise<TestClient> {
    await newLine(reseller, username);
    const customer = server.client();
    const signedIn = await customer.post('/api/portal/sign-in', { username, password: LINE_PASSWORD });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    return customer;
  }
  const askedAbout = async (who: Account, username: string) =>
    (await messagesOf(who)).filter((m) => m.title === `Renewal requested: ${username}`);

  it("reaches the reseller's messages once; a second ask the same day is refused with when to ask again", async () => {
    const customer = await portalCustomer('asks-renewal');
    const asked = await customer.post('/api/portal/renewal-request');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const requestedAt = Date.parse(asked.body.requested_at);
    expect(Date.parse(asked.body.next_request_at) - requestedAt).toBe(24 * 60 * 60_000);

    const told = await askedAbout(reseller, 'asks-renewal');
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('The customer of the line asks-renewal asks you to renew it');

    const again = await customer.post('/api/portal/renewal-request');
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('PORTAL_RENEWAL_ALREADY_REQUESTED');
    expect(again.body.error.details.params.retry_at).toBe(asked.body.next_request_at);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect(await askedAbout(reseller, 'asks-renewal')).toHaveLength(1);
    // Only the line's own reseller hears of it.
    expect(await askedAbout(other, 'asks-renewal')).toEqual([]);
  });

  it('needs a portal sign-in, and the reseller can switch the notice off', async () => {
    const signedOut = await server.client().post('/api/portal/renewal-request');
    expect(signedOut.status).toBe(401);
    const switched = await reseller.client.put('/api/notifications/preferences', {
      switches: [{ kind: 'renewal_requested', channel: 'in_app', enabled: false }],
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    try {
      const customer = await portalCustomer('asks-quietly');
      expect((await customer.post('/api/portal/renewal-request')).status).toBe(200);
      expect(await askedAbout(reseller, 'asks-quietly')).toEqual([]);
    } finally {
      await reseller.client.put('/api/notifications/preferences', {
        switches: [{ kind: 'renewal_requested', channel: 'in_app', enabled: true }],
      });
    }
  });
});
