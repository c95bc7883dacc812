// kill -9 while notices are being delivered: after a restart every notice has reached every channel —
// the in-app message exactly once, mail and webhook at least once with the same delivery id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase, type DatabaseCopy } from './support/database-copy.js';
import { freePort } from '../../agent/test/ports.js';
import { queryServerDatabase, signedIn } from './support/killed-server.js';
import { buildServerBundle, startServerProcess, type ServerProcess } from './support/server-process.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';
import { TestClient } from './support/test-client.js';
import { ADMIN } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const NOTICES = 40;
/** The process is killed once this many webhook deliveries have arrived, the rest still in flight. */
const KILL_AFTER_ARRIVED = 10;
const EMAIL = 'crash-shop@example.com';

let store: DatabaseCopy;
let server: ServerProcess;
let smtp: TestSmtpServer;
let receiver: WebhookReceiver;
let port: number;
let env: Record<string, string>;

const query = <T>(text: string) => queryServerDatabase<T>(store, text);

const countBy = (ids: string[]) => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
};

beforeAll(async () => {
  buildServerBundle();
  store = await copyTemplateDatabase('ld_notify_crash');
  [smtp, receiver] = await Promise.all([startSmtpServer(), startWebhookReceiver()]);
  port = await freePort();
  env = {
    LINEDESK_DATA_DIR: store.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LINEDESK_ADMIN_EMAIL: ADMIN.email,
    LINEDESK_ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    NOTIFICATION_POLL_MS: '100',
    NOTIFICATION_RETRY_BASE_MS: '200',
    NOTIFICATION_RETRY_MAX_MS: '1000',
    // A delivery leased at the kill is taken over when its lease (3 × this + 5 s) has run out.
    WEBHOOK_TIMEOUT_MS: '5000',
    ...store.env,
  };
  server = await startServerProcess(port, env);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.stop(), receiver?.stop()]);
  await store?.drop();
});

describe('a crash while notices are delivered', () => {
  it('delivers every notice on every channel after the restart, the in-app message exactly once', async () => {
    const admin = new TestClient(server.url, '127.0.0.1');
    expect((await admin.post('/api/auth/sign-in', ADMIN)).status).toBe(200);
    const created = await admin.post('/api/accounts', { email: EMAIL, password: 'shop-password-1' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let shop = new TestClient(server.url, '127.0.0.1');
    expect((await shop.post('/api/auth/sign-in', { email: EMAIL, password: 'shop-password-1' })).status).toBe(
      200,
    );
    expect((await shop.put('/api/notifications/webhook', { url: receiver.url })).status).toBe(200);

    // A slow shop: each delivery is held a second, so many are in flight when the process dies.
    receiver.delayAnswers(1000);
    for (let n = 0; n < NOTICES; n += 1) {
      const sent = await shop.post('/api/notifications/test');
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    }
    await waitFor(
      () => receiver.arrived(),
      (arrived) => arrived >= KILL_AFTER_ARRIVED,
    );
    await server.crash();
    const answeredAtKill = receiver.received.length;
    receiver.delayAnswers(0);

    server = await startServerProcess(port, env);
    shop = signedIn(server.url, shop);
    const hooks = await waitFor(
      () => new Set(receiver.received.map((hook) => hook.delivery)),
      (ids) => ids.size === NOTICES,
      120_000,
    );
    const mails = await waitFor(
      () => new Set(smtp.mails.filter((m) => m.to.includes(EMAIL)).map((m) => m.deliveryId)),
      (ids) => ids.size === NOTICES,
      120_000,
    );
    expect(hooks.size).toBe(NOTICES);
    expect(mails.size).toBe(NOTICES);
    const inPanel = await shop.get('/api/messages?page_size=100');
    expect(
      inPanel.body.items.filter((m: { title: string }) => m.title === 'Test notice from Linedesk'),
    ).toHaveLength(NOTICES);
    // At least once, never more than once per deliverer that held the row: a row is sent again only
    // when the process that leased it died before recording the delivery.
    const hookCounts = countBy(receiver.received.map((hook) => hook.delivery));
    const mailCounts = countBy(
      smtp.mails.filter((m) => m.to.includes(EMAIL)).map((m) => m.deliveryId ?? 'none'),
    );
    expect(Math.max(...hookCounts.values())).toBeLessThanOrEqual(2);
    expect(Math.max(...mailCounts.values())).toBeLessThanOrEqual(2);
    console.log(
      `notification crash test: ${receiver.arrived()} webhook requests for ${NOTICES} notices ` +
        `(${answeredAtKill} answered before kill -9), ${mailCounts.size} mails ids in ${[...mailCounts.values()].reduce((a, b) => a + b, 0)} mails`,
    );
    await server.stop();

    // Every notice has reached its receiver now, but a row the killed process had leased and sent
    // without recording it is sent again only once its lease has run out (20 s here): on a busy
    // machine that can come after the last new id. Start again until each such row went out again.
    const sentCounts = () =>
      countBy([
        ...receiver.received.map((hook) => hook.delivery),
        ...smtp.mails.filter((m) => m.to.includes(EMAIL)).map((m) => m.deliveryId ?? 'none'),
      ]);
    for (let round = 0; round < 3; round += 1) {
      const unrecorded = await query<{ id: string }>(
        `select id::text as id from notification_outbox where status <> 'delivered'`,
      );
      if (unrecorded.length === 0) break;
      const before = sentCounts();
      server = await startServerProcess(port, env);
      await waitFor(
        sentCounts,
        (counts) => unrecorded.every(({ id }) => (counts.get(id) ?? 0) > (before.get(id) ?? 0)),
        120_000,
      );
      await server.stop();
    }

    const outbox = await query<{ channel: string; status: string; n: number }>(
      `select channel, status, count(*)::int as n from notification_outbox group by channel, status order by channel, status`,
    );
    expect(outbox).toEqual([
      { channel: 'email', status: 'delivered', n: NOTICES },
      { channel: 'in_app', status: 'delivered', n: NOTICES },
      { channel: 'webhook', status: 'delivered', n: NOTICES },
    ]);
    const [messages] = await query<{ rows: number; notices: number }>(
      `select count(*)::int as rows, count(distinct notification_id)::int as notices from messages where notification_id is not null`,
    );
    expect(messages).toEqual({ rows: NOTICES, notices: NOTICES });
  }, 600_000);
});
