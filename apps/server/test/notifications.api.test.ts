import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from './support/line-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';
import { signatureValid, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

let smtp: TestSmtpServer;
let receiver: WebhookReceiver;
let server: TestServer;
/** The same panel without WEBHOOK_ALLOW_PRIVATE_TARGETS, as in production. */
let strict: TestServer;
let admin: TestClient;
const PASSWORD = 'user-password-1';

async function account(
  on: TestServer,
  by: TestClient,
  email: string,
): Promise<{ client: TestClient; id: string }> {
  const created = await by.post('/api/accounts', { email, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const client = on.client();
  expect((await client.post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(200);
  return { client, id: created.body.account.id };
}

async function messages(who: TestClient) {
  const res = await who.get('/api/messages?page_size=100');
  expect(res.status).toBe(200);
  return res.body.items as { title: string; content: string }[];
}

const hooksFor = (title: string) => receiver.received.filter((hook) => hook.body.text.title === title);

beforeAll(async () => {
  [smtp, receiver] = await Promise.all([startSmtpServer(), startWebhookReceiver()]);
  [server, strict] = await Promise.all([
    startTestServer({
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      NOTIFICATION_POLL_MS: '100',
      NOTIFICATION_RETRY_BASE_MS: '100',
      NOTIFICATION_RETRY_MAX_MS: '400',
      NOTIFICATION_MAX_ATTEMPTS: '3',
    }),
    startTestServer(),
  ]);
  admin = await server.admin();
});
afterAll(async () => {
  await Promise.all([server?.close(), strict?.close()]);
  await Promise.all([smtp?.stop(), receiver?.stop()]);
});

describe('notifications', () => {
  it('a test notice arrives once in the panel, by mail and at the webhook, signed with the secret shown once', async () => {
    const { client: shop } = await account(server, admin, 'shop@example.com');
    const set = await shop.put('/api/notifications/webhook', { url: receiver.url });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.url).toBe(receiver.url);
    const secret = set.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    // The secret is not shown again, not by a second save nor by the preferences.
    const again = await shop.put('/api/notifications/webhook', { url: receiver.url });
    expect(again.body.secret).toBeNull();
    const prefs = await shop.get('/api/notifications/preferences');
    expect(prefs.body.webhook_url).toBe(receiver.url);
    expect(prefs.body.ready).toEqual({ in_app: true, email: true, webhook: true, telegram: false });
    expect(JSON.stringify(prefs.body)).not.toContain(secret);

    const sent = await shop.post('/api/notifications/test');
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.channels).toEqual(['in_app', 'email', 'webhook']);

    const inPanel = (await messages(shop)).filter((m) => m.title === 'Test notice from Linedesk');
    expect(inPanel).toHaveLength(1);
    const mail = await smtp.mailTo('shop@example.com', (m) => m.subject === 'Test notice from Linedesk');
    expect(mail.text).toContain('This is a test notice.');
    const [hook] = await waitFor(
      () => hooksFor('Test notice from Linedesk'),
      (hooks) => hooks.length > 0,
    );
    expect(signatureValid(secret, hook!)).toBe(true);
    expect(signatureValid('whsec_someone-else', hook!)).toBe(false);
    expect(hook!.body).toMatchObject({ kind: 'test', data: {} });
    expect(hook!.delivery).toBe(String(hook!.body.id));
    // The mail carries the same outbox row's id (another row: one per channel) for deduplication.
    expect(mail.deliveryId).toMatch(/^\d+$/);
    expect(Math.abs(Date.now() / 1000 - Number(hook!.timestamp))).toBeLessThan(300);

    // A rotated secret signs what is sent from then on; the old one no longer verifies.
    const rotated = await shop.post('/api/notifications/webhook/secret');
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    const tested = await shop.post('/api/notifications/webhook/test');
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    const direct = receiver.received.at(-1)!;
    expect(direct.body.id).toBe(0);
    expect(signatureValid(rotated.body.secret, direct)).toBe(true);
    expect(signatureValid(secret, direct)).toBe(false);
  });

  it('a German account gets its notices in German on every channel', async () => {
    const { client: german } = await account(server, admin, 'haendler@example.com');
    expect((await german.put('/api/me/language', { language: 'de' })).status).toBe(200);
    expect((await german.put('/api/notifications/webhook', { url: receiver.url })).status).toBe(200);
    expect((await german.post('/api/notifications/test')).status).toBe(202);
    const title = 'Testbenachrichtigung von Linedesk';
    expect((await messages(german)).map((m) => m.title)).toContain(title);
    const mail = await smtp.mailTo('haendler@example.com', (m) => m.subject === title);
    expect(mail.text).toContain('Dies ist eine Testbenachrichtigung.');
    const [hook] = await waitFor(
      () => hooksFor(title),
      (hooks) => hooks.length > 0,
    );
    expect(hook!.body.text.content).toContain('funktioniert dieser Kanal');
  });

  it('a kind switched off on a channel sends nothing there, and the others still go', async () => {
    const { client: buyer } = await account(server, admin, 'buyer@example.com');
    expect((await buyer.put('/api/notifications/webhook', { url: receiver.url })).status).toBe(200);
    const off = await buyer.put('/api/notifications/preferences', {
      switches: [
        { kind: 'topup_credited', channel: 'email', enabled: false },
        { kind: 'topup_credited', channel: 'webhook', enabled: false },
      ],
      balance_threshold: 25,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.balance_threshold).toBe(25);
    const credited = off.body.kinds.find((k: { kind: string }) => k.kind === 'topup_credited');
    expect(credited.channels).toEqual({ in_app: true, email: false, webhook: false, telegram: true });
    // A switch is the account's own: the admin's stay as they were.
    const adminPrefs = await admin.get('/api/notifications/preferences');
    expect(
      adminPrefs.body.kinds.find((k: { kind: string }) => k.kind === 'topup_credited').channels.email,
    ).toBe(true);

    const pack = await admin.post('/api/credit-packages', { name: 'Quiet', credits: 30, price_cents: 900 });
    expect(pack.status, JSON.stringify(pack.body)).toBe(201);
    const request = await buyer.post('/api/topups', {
      package_id: pack.body.id,
      payment_reference: 'SEPA-Q',
    });
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    expect((await admin.post(`/api/topups/${request.body.id}/approve`)).status).toBe(200);
    expect((await messages(buyer)).map((m) => m.title)).toContain('Top-up approved');

    // A test notice afterwards goes out on every channel; once it has arrived, the top-up's would have too.
    const testHooks = hooksFor('Test notice from Linedesk').length;
    expect((await buyer.post('/api/notifications/test')).status).toBe(202);
    await smtp.mailTo('buyer@example.com', (m) => m.subject === 'Test notice from Linedesk');
    await waitFor(
      () => hooksFor('Test notice from Linedesk').length,
      (n) => n > testHooks,
    );
    expect(
      smtp.mails.filter((m) => m.to.includes('buyer@example.com') && m.subject === 'Top-up approved'),
    ).toEqual([]);
    expect(
      receiver.received.filter(
        (hook) =>
          hook.body.kind === 'topup_credited' &&
          (hook.body.data as { request_id: number }).request_id === request.body.id,
      ),
    ).toEqual([]);
  });

  it('a dead webhook endpoint: retried with backoff, shown as failed with its error, delivered on retry', async () => {
    const { client: shop } = await account(server, admin, 'flaky@example.com');
    expect((await shop.put('/api/notifications/webhook', { url: receiver.url })).status).toBe(200);
    receiver.answerWith(503);
    try {
      const tested = await shop.post('/api/notifications/webhook/test');
      expect(tested.status).toBe(502);
      expect(tested.body.error.code).toBe('WEBHOOK_DELIVERY_FAILED');
      expect(tested.body.error.message).toContain('HTTP 503');

      expect((await shop.post('/api/notifications/test')).status).toBe(202);
      const dead = await waitFor(
        async () => (await shop.get('/api/notifications/deliveries')).body.items,
        (items: { id: number; status: string }[]) => items.some((item) => item.status === 'dead'),
      );
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({
        channel: 'webhook',
        kind: 'test',
        status: 'dead',
        attempts: 3,
        last_error: 'WEBHOOK_DELIVERY_FAILED: HTTP 503',
        next_attempt_at: null,
      });
      // Nobody else sees or retries someone's deliveries.
      expect((await admin.get('/api/notifications/deliveries')).body.items).toEqual([]);
      expect((await admin.post(`/api/notifications/deliveries/${dead[0]!.id}/retry`)).status).toBe(404);

      receiver.answerWith(200);
      const before = receiver.received.length;
      expect((await shop.post(`/api/notifications/deliveries/${dead[0]!.id}/retry`)).status).toBe(204);
      const delivered = await waitFor(
        () => receiver.received.slice(before).filter((hook) => hook.body.id === dead[0]!.id),
        (hooks) => hooks.length > 0,
      );
      expect(delivered).toHaveLength(1);
      await waitFor(
        async () => (await shop.get('/api/notifications/deliveries')).body.items,
        (items: unknown[]) => items.length === 0,
      );
    } finally {
      receiver.answerWith(200);
    }
  });

  it('refuses webhook addresses that lead into private networks, and plain http, where that is not allowed', async () => {
    const strictAdmin = await strict.admin();
    const cases: [string, string][] = [
      ['https://127.0.0.1/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://127.1.2.3:8443/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://localhost/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://10.0.0.8/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://172.20.1.1/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://192.168.1.10/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://169.254.169.254/latest/meta-data', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://100.64.0.1/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://0.0.0.0/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://224.0.0.251/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[::1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[::ffff:127.0.0.1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[::ffff:a9fe:a9fe]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[fe80::1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[fd00::1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[ff02::1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://2130706433/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      // IPv6 forms that carry an IPv4 address inside them: mapped without the dotted form, 6to4,
      // Teredo, the NAT64 prefixes; and the 6to4 relay anycast range.
      ['https://[::ffff:0:7f00:1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[2002:7f00:1::1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[2002:c0a8:101::1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[64:ff9b::7f00:1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[64:ff9b:1::a00:1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://192.88.99.1/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['https://[100::1]/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS'],
      ['http://shop.example.com/hook', 'WEBHOOK_URL_NOT_HTTPS'],
      ['ftp://shop.example.com/hook', 'WEBHOOK_URL_NOT_HTTPS'],
      ['https://user:pw@shop.example.com/hook', 'WEBHOOK_URL_INVALID'],
      ['not a url', 'WEBHOOK_URL_INVALID'],
      ['https://no-such-host.invalid/hook', 'WEBHOOK_URL_UNRESOLVABLE'],
    ];
    const refused: [string, string][] = [];
    for (const [url] of cases) {
      const res = await strictAdmin.put('/api/notifications/webhook', { url });
      refused.push([url, res.status === 200 ? 'saved' : res.body.error.code]);
    }
    expect(refused).toEqual(cases);
    // Nothing was saved, so there is nothing to send to.
    expect((await strictAdmin.get('/api/notifications/preferences')).body.webhook_url).toBeNull();
    expect((await strictAdmin.post('/api/notifications/webhook/test')).body.error.code).toBe(
      'WEBHOOK_NOT_CONFIGURED',
    );
  });

  it('one notice and channel switched twice in one change is refused with a code, and nothing changes', async () => {
    const { client: twice } = await account(server, admin, 'twice@example.com');
    const res = await twice.put('/api/notifications/preferences', {
      switches: [
        { kind: 'server_down', channel: 'email', enabled: false },
        { kind: 'server_down', channel: 'email', enabled: true },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('NOTIFICATION_SWITCH_REPEATED');
    const prefs = await twice.get('/api/notifications/preferences');
    expect(prefs.body.kinds.find((k: { kind: string }) => k.kind === 'server_down').channels.email).toBe(
      true,
    );
  });

  it('a balance that falls below the threshold the reseller set is told once per fall', async () => {
    const { client: reseller, id } = await account(server, admin, 'thrifty@example.com');
    await grantCredits(server, id, 30);
    const sub = await reseller.post('/api/accounts', {
      email: 'thrifty-sub@example.com',
      password: PASSWORD,
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const saved = await reseller.put('/api/notifications/preferences', { balance_threshold: 25 });
    expect(saved.body.balance_threshold).toBe(25);
    const lowNotices = async () =>
      (await messages(reseller)).filter((m) => m.title === 'Balance below 25 credits');
    // Each check runs before the same round's deliveries: once a later test mail has arrived, a
    // notice the balance called for would have been written.
    const afterNextRound = async (marker: string) => {
      expect((await reseller.post('/api/notifications/test')).status).toBe(202);
      await smtp.mailTo(
        'thrifty@example.com',
        (m) => m.subject === 'Test notice from Linedesk' && !seen.has(m),
      );
      for (const mail of smtp.mails) seen.add(mail);
      return marker;
    };
    const seen = new Set<object>();
    await afterNextRound('above the threshold');
    expect(await lowNotices()).toEqual([]);

    const transfer = await reseller.post(`/api/accounts/${sub.body.account.id}/transfer`, { amount: 10 });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    const [notice] = await waitFor(lowNotices, (found) => found.length > 0);
    expect(notice!.content).toContain('Your balance is now 20 credits');
    await smtp.mailTo('thrifty@example.com', (m) => m.subject === 'Balance below 25 credits');

    // Still below after another debit: no second notice for the same fall.
    expect((await reseller.post(`/api/accounts/${sub.body.account.id}/transfer`, { amount: 1 })).status).toBe(
      200,
    );
    await afterNextRound('still below');
    expect(await lowNotices()).toHaveLength(1);
  });

  it('a removed webhook takes its queued notices with it and is no longer a channel', async () => {
    const { client: shop } = await account(server, admin, 'gone@example.com');
    expect((await shop.put('/api/notifications/webhook', { url: receiver.url })).status).toBe(200);
    expect((await shop.delete('/api/notifications/webhook')).status).toBe(204);
    const prefs = await shop.get('/api/notifications/preferences');
    expect(prefs.body.webhook_url).toBeNull();
    expect(prefs.body.ready.webhook).toBe(false);
    expect((await shop.post('/api/notifications/test')).body.channels).toEqual(['in_app', 'email']);
    expect((await shop.post('/api/notifications/webhook/secret')).body.error.code).toBe(
      'WEBHOOK_NOT_CONFIGURED',
    );
  });
});
