import { addDays, isoDate, toDisplayDate } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, readPastNow } from './support/event-stream.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, grantCredits } from './support/line-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let smtp: TestSmtpServer;
let server: TestServer;
let agent: TestAgent;
let admin: TestClient;
let german: TestClient;
let english: TestClient;
const today = isoDate(new Date());
const PASSWORD = 'user-password-1';

/** An account an admin creates with a password (confirmed at once: the mails here go to SMTP). */
async function account(email: string): Promise<TestClient> {
  const created = await admin.post('/api/accounts', { email, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await grantCredits(server, created.body.account.id, 20);
  const client = server.client();
  const signedIn = await client.post('/api/auth/sign-in', { email, password: PASSWORD });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return client;
}

async function lineExpiringIn(who: TestClient, username: string, days: number) {
  const created = await who.post('/api/lines', { username, password: 'pass-1234', subscription_months: 1 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const patched = await admin.patch(`/api/lines/${created.body.line.id}`, {
    expiry_date: addDays(today, days),
  });
  expect(patched.status).toBe(200);
}

async function messages(who: TestClient) {
  const res = await who.get('/api/messages?page_size=100');
  expect(res.status).toBe(200);
  return res.body.items as { id: number; title: string; content: string }[];
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, agent] = await Promise.all([startTestServer({ SMTP_URL: smtp.url }), startLineAgent()]);
  admin = await server.admin();
  await addAgentServer(admin, agent);
  german = await account('deutsch@example.com');
  english = await account('english@example.com');
});
afterAll(async () => {
  await server?.close();
  await agent?.stop();
  await smtp?.stop();
});

describe("server-made texts in the recipient's language", () => {
  it('an account chooses one of the four languages for itself', async () => {
    const unknown = await german.put('/api/me/language', { language: 'fr' });
    expect(unknown.status).toBe(422);
    const chosen = await german.put('/api/me/language', { language: 'de' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ language: 'de' });
    expect((await server.client().put('/api/me/language', { language: 'de' })).status).toBe(401);
  });

  it('the expiry reminder reaches a German account in German and an English one in English, in the panel and by mail', async () => {
    await lineExpiringIn(german, 'de-remind', 2);
    await lineExpiringIn(english, 'en-remind', 1);
    const run = await admin.post('/api/reminders/run');
    expect(run.body).toMatchObject({ owners: 2, lines: 2, days: 3 });

    const [inGerman] = await messages(german);
    expect(inGerman!.title).toBe('1 Zugang läuft bald ab');
    expect(inGerman!.content).toContain('Diese Zugänge laufen innerhalb von 3 Tagen ab.');
    expect(inGerman!.content).toContain(`de-remind: ${toDisplayDate(addDays(today, 2))}`);
    const [inEnglish] = await messages(english);
    expect(inEnglish!.title).toBe('1 line expires soon');
    expect(inEnglish!.content).toContain('These lines expire within 3 days.');

    const germanMail = await smtp.mailTo('deutsch@example.com');
    expect(germanMail.subject).toBe('1 Zugang läuft bald ab');
    expect(germanMail.text).toContain('Verlängern Sie sie, damit Ihre Kunden verbunden bleiben.');
    const englishMail = await smtp.mailTo('english@example.com');
    expect(englishMail.subject).toBe('1 line expires soon');
    expect(englishMail.text).toContain('Renew them to keep your customers connected.');
  });

  it("an invite is written in its sender's language, and the new account keeps it", async () => {
    const invited = await german.post('/api/accounts', { email: 'eingeladen@example.com' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.invited).toBe(true);
    const mail = await smtp.mailTo('eingeladen@example.com');
    expect(mail.subject).toBe('Sie wurden zu Linedesk eingeladen');
    expect(mail.text).toContain('deutsch@example.com hat ein Linedesk-Konto für Sie angelegt.');

    // A second invite (the admin's resend) still speaks the invited account's language.
    const resent = await admin.post(`/api/accounts/${invited.body.account.id}/resend-confirmation`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const again = await smtp.mailTo(
      'eingeladen@example.com',
      (m) => m !== mail && m.text.includes('admin@example.com hat'),
    );
    expect(again.subject).toBe('Sie wurden zu Linedesk eingeladen');
  });

  it('top-up decisions tell a German requester in German', async () => {
    const pack = await admin.post('/api/credit-packages', {
      name: 'Starter',
      credits: 50,
      price_cents: 2500,
    });
    expect(pack.status, JSON.stringify(pack.body)).toBe(201);
    const ask = () => german.post('/api/topups', { package_id: pack.body.id, payment_reference: 'SEPA-7' });
    const approved = await ask();
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect((await admin.post(`/api/topups/${approved.body.id}/approve`)).status).toBe(200);
    const [approval] = await messages(german);
    expect(approval!.title).toBe('Aufladung angenommen');
    expect(approval!.content).toContain('50 Credits wurden gutgeschrieben.');

    const rejected = await ask();
    expect(rejected.status).toBe(201);
    const reject = await admin.post(`/api/topups/${rejected.body.id}/reject`, { reason: 'nicht bezahlt' });
    expect(reject.status).toBe(200);
    const [refusal] = await messages(german);
    expect(refusal!.title).toBe('Aufladung abgelehnt');
    expect(refusal!.content).toContain('Grund: nicht bezahlt');
  });

  it('a sign-up is confirmed in the language its page was read in, and a reset mail in the stored one', async () => {
    const signUp = await server.client().post('/api/auth/sign-up', {
      email: 'polski@example.com',
      password: PASSWORD,
      language: 'pl',
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    const confirm = await smtp.mailTo('polski@example.com');
    expect(confirm.subject).toBe('Potwierdź swoje konto Linedesk');
    expect(confirm.text).toContain('Otwórz ten link, aby potwierdzić adres e-mail');

    expect(
      (await server.client().post('/api/auth/forgot-password', { email: 'deutsch@example.com' })).status,
    ).toBe(200);
    const reset = await smtp.mailTo('deutsch@example.com', (m) => m.subject.includes('Passwort'));
    expect(reset.subject).toBe('Setzen Sie Ihr Linedesk-Passwort zurück');
  });

  it('an account that never chose a language has none: its texts take what its browser shows, until it chooses', async () => {
    const fresh = await account('nie-gewaehlt@example.com');
    // Created by an admin, signed in nowhere yet: no choice, so a new browser keeps its own language.
    expect((await fresh.get('/api/me')).body.language).toBeNull();
    // A German browser without a choice says what it shows: not a choice, but the texts follow it.
    const detected = await fresh.put('/api/me/language', { language: 'de', chosen: false });
    expect(detected.status, JSON.stringify(detected.body)).toBe(200);
    // Its texts were in the panel's default language until now: they change, so its tabs read again.
    expect(detected.body).toEqual({ language: 'de', changed: true });
    const again = await fresh.put('/api/me/language', { language: 'de', chosen: false });
    expect(again.body).toEqual({ language: 'de', changed: false });
    expect((await fresh.get('/api/me')).body.language).toBeNull();
    await lineExpiringIn(fresh, 'fresh-remind', 1);
    expect((await admin.post('/api/reminders/run')).body).toMatchObject({ owners: 1, lines: 1 });
    expect((await messages(fresh))[0]!.title).toBe('1 Zugang läuft bald ab');

    // A choice (the switcher) is what every browser without one then shows; a browser's language
    // sent afterwards changes neither the choice nor the texts.
    expect((await fresh.put('/api/me/language', { language: 'pl' })).status).toBe(200);
    expect((await fresh.put('/api/me/language', { language: 'de', chosen: false })).status).toBe(200);
    expect((await fresh.get('/api/me')).body.language).toBe('pl');
    await lineExpiringIn(fresh, 'fresh-remind-2', 2);
    expect((await admin.post('/api/reminders/run')).body).toMatchObject({ owners: 1, lines: 1 });
    expect((await messages(fresh))[0]!.title).toBe('1 linia wkrótce wygasa');
  });

  it("tells the account's open tabs of a choice, and not of a browser's language, which no page shows", async () => {
    const watched = await account('watched-tabs@example.com');
    const me = (await watched.get('/api/me')).body as { id: string };
    const stream = await openEventStream(server, watched);
    try {
      expect((await watched.put('/api/me/language', { language: 'de', chosen: false })).status).toBe(200);
      expect((await watched.put('/api/me/language', { language: 'pt' })).status).toBe(200);
      // Events reach a stream in the order they were published: the choice's is the first.
      expect(await stream.next('auth_users', (event) => event.data.id === me.id)).not.toBeNull();
      // The stream has read past both changes' events before they are counted.
      await readPastNow(admin, stream, { recipient_id: me.id });
      expect(stream.about('auth_users', me.id)).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('a sign-up without a choice is written in its page language but keeps no choice', async () => {
    const signUp = await server.client().post('/api/auth/sign-up', {
      email: 'portugues@example.com',
      password: PASSWORD,
      language: 'pt',
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    const confirm = await smtp.mailTo('portugues@example.com');
    expect(confirm.subject).toBe('Confirme a sua conta Linedesk');
    const token = new URL(confirm.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    expect((await server.client().post('/api/auth/verify-email', { token })).status).toBe(200);
    const client = server.client();
    const signedIn = await client.post('/api/auth/sign-in', {
      email: 'portugues@example.com',
      password: PASSWORD,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await client.get('/api/me')).body.language).toBeNull();
  });

  it('a notice sent while the account read English reads in German after a switch, in the list and the bell', async () => {
    const switcher = await account('switcher@example.com');
    expect((await switcher.put('/api/me/language', { language: 'en' })).status).toBe(200);
    await lineExpiringIn(switcher, 'switch-remind', 1);
    expect((await admin.post('/api/reminders/run')).body).toMatchObject({ owners: 1, lines: 1 });
    const [sent] = await messages(switcher);
    expect(sent!.title).toBe('1 line expires soon');
    expect(sent!.content).toContain('These lines expire within 3 days.');

    expect((await switcher.put('/api/me/language', { language: 'de' })).status).toBe(200);
    const [read] = await messages(switcher);
    expect(read!.title).toBe('1 Zugang läuft bald ab');
    expect(read!.content).toContain('Diese Zugänge laufen innerhalb von 3 Tagen ab.');
    expect(read!.content).toContain('switch-remind');
    const bell = await switcher.get('/api/messages/unread?limit=5');
    expect(bell.status).toBe(200);
    expect(bell.body.items[0].title).toBe('1 Zugang läuft bald ab');
    const one = await switcher.get(`/api/messages/${sent!.id}`);
    expect(one.body.title).toBe('1 Zugang läuft bald ab');

    // An admin reading someone else's notice reads it in the admin's own language.
    const asAdmin = await admin.get(`/api/messages/${sent!.id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.title).toBe('1 line expires soon');
  });

  it('a message a person wrote stays as written in every language', async () => {
    const reader = await account('written@example.com');
    const me = (await reader.get('/api/me')).body as { id: string };
    const sent = await admin.post('/api/messages', {
      title: 'Wartung am Freitag',
      content: 'Der Server ist ab 22 Uhr kurz nicht erreichbar.',
      is_global: false,
      recipient_id: me.id,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await reader.put('/api/me/language', { language: 'pl' })).status).toBe(200);
    const [read] = await messages(reader);
    expect(read).toMatchObject({ title: 'Wartung am Freitag' });
  });

  it('switching back to English makes the next texts English again', async () => {
    expect((await german.put('/api/me/language', { language: 'en' })).status).toBe(200);
    await lineExpiringIn(german, 'de-remind-2', 1);
    expect((await admin.post('/api/reminders/run')).body).toMatchObject({ owners: 1, lines: 1 });
    const [latest] = await messages(german);
    expect(latest!.title).toBe('1 line expires soon');
  });
});
