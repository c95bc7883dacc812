import { addDays, isoDate } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startStandInOscam,
  WEBIF_LOGIN,
  type StandInOscam,
  watchingClient,
} from '../../agent/test/stand-in-servers.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { type Account, addAgentServer, adminMadeAccount } from './support/line-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { jobRoundsPass, waitFor } from './support/wait-for.js';

// The churn radar (docs/ecm-stats.md): lines expiring soon that their server answered no ECM for
// days, and trials never used, in the to-do list and the lines list; and the one-click win-back mail.
// The stand-in OSCam reports the ECM counts the test sets. "Days" pass by moving the statistics and
// the lines' creation back in time, as the statistics' own rows would look a day and more later.

const today = isoDate(new Date());
const HOURS_BACK = 30;

type Line = { id: number; username: string; expiry_date: string; email: string | null };

let smtp: TestSmtpServer;
let server: TestServer;
let oscam: StandInOscam;
let ecmAgent: TestAgent;
let plainAgent: TestAgent;
let admin: TestClient;
let reseller: Account;
let other: Account;
let ecmServerId: number;
let plainServerId: number;
const lines: Record<string, Line> = {};
let made = 0;

/** An account an admin makes (the mails here go to SMTP). */
const account = (email: string) => adminMadeAccount(server, admin, email);

const roundsPass = (n: number) => jobRoundsPass(server, 'ecm-stats', n);
/** Two more rounds of the mail outbox: one began after this call, so whatever was queued is sent. */
const outboxSent = () => jobRoundsPass(server, 'notifications', 2);

async function newLine(
  key: string,
  body: { server_id: number; email?: string; language?: string; is_trial?: boolean; expiresIn?: number },
): Promise<Line> {
  const { expiresIn, ...rest } = body;
  const created = await reseller.client.post('/api/lines', {
    // CCcam keeps at most 20 characters.
    username: `ch${key.slice(0, 6)}${(++made).toString(36)}${Date.now().toString(36).slice(-5)}`,
    password: 'pass-1234',
    ...(rest.is_trial ? {} : { subscription_months: 1 }),
    ...rest,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let line = created.body.line as Line;
  if (expiresIn !== undefined) {
    const patched = await admin.patch(`/api/lines/${line.id}`, { expiry_date: addDays(today, expiresIn) });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    line = patched.body.line as Line;
  }
  lines[key] = line;
  return line;
}

const names = (items: { username: string }[]) => items.map((line) => line.username).sort();
const expected = (...keys: string[]) => keys.map((key) => lines[key]!.username).sort();

async function todoChurn(who: TestClient) {
  const res = await who.get('/api/dashboard/todo');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.churn_risk as { items: Line[]; total: number };
}

async function listChurn(who: TestClient) {
  const res = await who.get('/api/lines?churn_risk=true&page_size=100');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Line[]; total: number };
}

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    NOTIFICATION_POLL_MS: '200',
    ECM_STATS_POLL_SECONDS: '1',
    LINE_CONNECTIONS_POLL_SECONDS: '0',
  });
  admin = await server.admin();
  [ecmAgent, plainAgent] = await Promise.all([
    startLineAgent({
      envFor: async (configFile) => {
        oscam = await startStandInOscam(configFile);
        return {
          AGENT_BACKEND: 'oscam',
          AGENT_OSCAM_WEBIF_URL: oscam.url,
          AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
          AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
        };
      },
    }),
    startLineAgent(),
  ]);
  ecmServerId = (await addAgentServer(admin, ecmAgent, 'OSCam churn')).id;
  plainServerId = (await addAgentServer(admin, plainAgent, 'No statistics')).id;
  // A day of quiet fits in the minutes' retention, so the moved minutes stay where the radar reads them.
  const settings = await admin.put('/api/ecm-settings', {
    minute_retention_hours: 168,
    churn_idle_days: 1,
    churn_horizon_days: 14,
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  reseller = await account(`churn-reseller-${Date.now()}@example.com`);
  other = await account(`churn-other-${Date.now()}@example.com`);
  // The server is counted before any line is made: the lines' whole life is under statistics.
  await roundsPass(2);

  await newLine('watched', { server_id: ecmServerId, expiresIn: 5, email: 'watched@example.com' });
  await newLine('quiet', {
    server_id: ecmServerId,
    expiresIn: 5,
    email: 'quiet@example.com',
    language: 'de',
  });
  await newLine('quiet2', { server_id: ecmServerId, expiresIn: 6, email: 'quiet2@example.com' });
  await newLine('far', { server_id: ecmServerId, expiresIn: 60, email: 'far@example.com' });
  await newLine('trial', { server_id: ecmServerId, is_trial: true });
  await newLine('uncounted', { server_id: plainServerId, expiresIn: 5, email: 'uncounted@example.com' });

  // The watched line is answered ECMs from its first minute on (the first reading is the baseline).
  oscam.setClients([watchingClient(lines.watched!.username, '203.0.113.9', 'id_w')]);
  oscam.setCounters(lines.watched!.username, 10, 0, { lastMs: 200 });
  await roundsPass(2);
  oscam.setCounters(lines.watched!.username, 50, 1, { lastMs: 200 });
  await waitFor(
    async () =>
      (await admin.get(`/api/lines/${lines.watched!.id}/ecm-stats?range=1h`)).body.totals.ok as number,
    (ok) => ok > 0,
  );

  // A day and more passes: what the statistics hold and when the lines were made move back together.
  const db = server.built.ctx.db;
  await db.transaction(async (tx) => {
    for (const table of ['ecm_minute', 'ecm_hour', 'ecm_day']) {
      await tx.execute(
        sql`update ${sql.identifier(table)} set bucket = bucket - ${`${HOURS_BACK} hours`}::interval`,
      );
    }
    await tx.execute(
      sql`update users set created_at = created_at - ${`${HOURS_BACK} hours`}::interval where owner_id = ${reseller.id}`,
    );
  });
  // And the watched line is still watching today.
  oscam.setCounters(lines.watched!.username, 90, 1, { lastMs: 200 });
  await waitFor(
    async () =>
      (await admin.get(`/api/lines/${lines.watched!.id}/ecm-stats?range=1h`)).body.totals.ok as number,
    (ok) => ok > 0,
  );
}, 400_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([ecmAgent?.cleanup(), plainAgent?.cleanup()]);
  await oscam?.close();
  await smtp?.stop();
});

describe('the churn radar', () => {
  it('names the lines expiring soon without a picture for a day, and the unused trial, to their owner', async () => {
    const todo = await todoChurn(reseller.client);
    expect(names(todo.items)).toEqual(expected('quiet', 'quiet2', 'trial'));
    expect(todo.total).toBe(3);
    // The lines list behind the to-do's "see all" selects the same lines.
    const listed = await listChurn(reseller.client);
    expect(names(listed.items)).toEqual(expected('quiet', 'quiet2', 'trial'));
    expect(listed.total).toBe(3);
  });

  it("shows an admin every reseller's lines and another reseller none of them", async () => {
    expect(names((await listChurn(admin)).items)).toEqual(expect.arrayContaining(expected('quiet', 'trial')));
    expect((await listChurn(other.client)).total).toBe(0);
    expect((await todoChurn(other.client)).total).toBe(0);
  });

  it("follows the admin's days, and refuses days out of range", async () => {
    // Two days of quiet asked: the lines made 30 hours ago are not quiet long enough; the trial still is.
    expect((await admin.put('/api/ecm-settings', { churn_idle_days: 2 })).status).toBe(200);
    expect(names((await listChurn(reseller.client)).items)).toEqual(expected('trial'));
    // Off.
    expect((await admin.put('/api/ecm-settings', { churn_idle_days: 0 })).status).toBe(200);
    expect((await todoChurn(reseller.client)).total).toBe(0);
    for (const body of [{ churn_idle_days: 91 }, { churn_horizon_days: 0 }, { churn_idle_days: 1.5 }]) {
      const refused = await admin.put('/api/ecm-settings', body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error.code).toBe('ECM_CHURN_INVALID_SETTINGS');
    }
    expect((await reseller.client.put('/api/ecm-settings', { churn_idle_days: 3 })).status).toBe(403);
    const back = await admin.put('/api/ecm-settings', { churn_idle_days: 1 });
    expect(back.body).toMatchObject({
      churn_idle_days: 1,
      churn_horizon_days: 14,
      minute_retention_hours: 168,
    });
    expect((await todoChurn(reseller.client)).total).toBe(3);
  });
});

describe('the win-back message', () => {
  it("mails the customer in their language, once a week, and the line's history says so", async () => {
    const quiet = lines.quiet!;
    const sent = await reseller.client.post(`/api/lines/${quiet.id}/win-back`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sent_to).toBe('quiet@example.com');

    const [mail] = await waitFor(
      () => mailsTo('quiet@example.com'),
      (mails) => mails.length > 0,
    );
    // German, addressed as "du", as the portal speaks to customers.
    expect(mail!.subject).toBe(`Funktioniert alles mit deinem Zugang ${quiet.username}?`);
    expect(mail!.text).toContain(quiet.username);

    const history = await reseller.client.get(`/api/lines/${quiet.id}/events`);
    expect(history.status).toBe(200);
    const entry = (history.body.items ?? history.body).find(
      (event: { action: string }) => event.action === 'win_back_sent',
    );
    expect(entry?.details).toEqual({ email: 'quiet@example.com' });

    const again = await reseller.client.post(`/api/lines/${quiet.id}/win-back`);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.error.code).toBe('LINE_WIN_BACK_TOO_SOON');
    expect(again.body.error.details.params).toMatchObject({ days: 7 });
    await outboxSent();
    expect(mailsTo('quiet@example.com')).toHaveLength(1);
  });

  it('sends one mail when two clicks come at once', async () => {
    const line = lines.quiet2!;
    const answers = await Promise.all([
      reseller.client.post(`/api/lines/${line.id}/win-back`),
      admin.post(`/api/lines/${line.id}/win-back`),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    await waitFor(
      () => mailsTo('quiet2@example.com'),
      (mails) => mails.length > 0,
    );
    const history = await admin.get(`/api/lines/${line.id}/events`);
    const sentEntries = (history.body.items ?? history.body).filter(
      (event: { action: string }) => event.action === 'win_back_sent',
    );
    expect(sentEntries).toHaveLength(1);
  });

  it('refuses a line without a customer email, and a line of someone else', async () => {
    const noEmail = await reseller.client.post(`/api/lines/${lines.trial!.id}/win-back`);
    expect(noEmail.status, JSON.stringify(noEmail.body)).toBe(409);
    expect(noEmail.body.error.code).toBe('LINE_NO_CUSTOMER_EMAIL');

    const stranger = await other.client.post(`/api/lines/${lines.far!.id}/win-back`);
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(404);
    expect(stranger.body.error.code).toBe('LINE_NOT_FOUND');
    await outboxSent();
    expect(mailsTo('far@example.com')).toHaveLength(0);
  });
});

describe('a line that stops matching', () => {
  it('leaves the radar at once when its expiry moves past the horizon, though the radar was read moments ago', async () => {
    const before = await todoChurn(reseller.client);
    expect(names(before.items)).toContain(lines.quiet2!.username);
    // Renewed by hand: two months to go now, far past the 14 days the radar looks ahead.
    const moved = await admin.patch(`/api/lines/${lines.quiet2!.id}`, { expiry_date: addDays(today, 60) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await todoChurn(reseller.client);
    expect(names(after.items)).toEqual(expected('quiet', 'trial'));
    expect(after.total).toBe(before.total - 1);
    expect(names((await listChurn(reseller.client)).items)).toEqual(expected('quiet', 'trial'));
  });
});
