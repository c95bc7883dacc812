import { readFileSync } from 'node:fs';
import { addMonths, isoDate } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startStandInOscam,
  WEBIF_LOGIN,
  type StandInOscam,
  watchingClient,
} from '../../agent/test/stand-in-servers.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

type Me = {
  username: string;
  password: string;
  status: string;
  expiry_date: string;
  days_left: number;
  connection_lines: string[];
  receiver_settings: { kind: string; text: string }[];
  online: boolean;
  connections: { ip: string; connected_since: string | null }[];
  reseller: { name: string; contact: string };
};

/**
 * Who `GET /api/portal/me` says is signed in to the portal from this client: the line's username,
 * or null when no one is (it answers 200 either way: the portal pages ask it first).
 */
async function signedInCustomer(client: TestClient): Promise<string | null> {
  const answer = await client.get('/api/portal/me');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as Me | null)?.username ?? null;
}

describe('customer portal', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let oscam: StandInOscam;
  let reseller: Account;
  let other: Account;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_CONNECTIONS_POLL_SECONDS: '1',
    });
    agent = await startLineAgent({
      envFor: async (configFile) => {
        oscam = await startStandInOscam(configFile);
        return {
          AGENT_BACKEND: 'oscam',
          AGENT_OSCAM_WEBIF_URL: oscam.url,
          AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
          AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
        };
      },
    });
    admin = await server.admin();
    await addAgentServer(admin, agent, 'Portal server');
    reseller = await signUpAccount(server, 'portal-reseller@example.com', 500);
    other = await signUpAccount(server, 'portal-other@example.com', 100);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    await oscam?.close();
  });

  const codesOf = async (who: Account, count: number): Promise<string[]> => {
    const res = await who.client.post('/api/activation-codes', { count, subscription_months: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.items as { code: string }[]).map((c) => c.code);
  };
  /** A customer who activated a code signed out: a new line, and signed in to it. */
  const newCustomer = async (who: Account = reseller) => {
    const [code] = await codesOf(who, 1);
    const customer = server.client();
    const res = await customer.post('/api/portal/activate', { code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.action).toBe('created');
    return { customer, me: res.body.me as Me };
  };
  const lineIdOf = async (username: string) => {
    const res = await admin.get(`/api/lines?search=${username}`);
    return (res.body.items as { id: number; username: string }[]).find((l) => l.username === username)!.id;
  };

  it('activates a code signed out: a new line on its server, and the customer is signed in to it', async () => {
    const { customer, me } = await newCustomer();
    const today = isoDate(new Date());
    expect(me).toMatchObject({
      status: 'active',
      expiry_date: addMonths(today, 1),
      reseller: { contact: 'portal-reseller@example.com' },
    });
    expect(me.days_left).toBeGreaterThanOrEqual(28);
    expect(me.connection_lines).toEqual([`C: 127.0.0.1 12000 ${me.username} ${me.password}`]);
    expect(me.receiver_settings.map((s) => s.kind)).toEqual(['cccam_line', 'oscam_cccam']);
    const reader = me.receiver_settings[1]!.text;
    expect(reader).toContain('protocol = cccam');
    expect(reader).toContain('device = 127.0.0.1,12000');
    expect(reader).toContain(`password = ${me.password}`);
    expect((await agentUsers(agent)).map((u) => u.username)).toContain(me.username);

    const again = await customer.get('/api/portal/me');
    expect(again.status).toBe(200);
    expect(again.body.username).toBe(me.username);
    // The portal cookie is the portal's alone: it is sent only to the portal API.
    const cookie = (
      await server.client().post('/api/portal/sign-in', { username: me.username, password: me.password })
    ).headers.get('set-cookie');
    expect(cookie).toMatch(/Path=\/api\/portal/);
    expect(cookie).toMatch(/HttpOnly/);

    // The reseller who sold the code is told it was used, for which line.
    const told = (
      (await reseller.client.get('/api/messages?page_size=100')).body.items as {
        title: string;
        content: string;
      }[]
    ).filter((m) => m.title.startsWith('Activation code used') && m.content.includes(me.username));
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('a new line');
  });

  it("signs in with the line's username and password; a wrong one is refused alike", async () => {
    const { me } = await newCustomer();
    const customer = server.client();
    expect(await signedInCustomer(customer)).toBeNull();
    const wrong = await customer.post('/api/portal/sign-in', { username: me.username, password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('PORTAL_INVALID_CREDENTIALS');
    const unknown = await customer.post('/api/portal/sign-in', { username: 'nobody-here', password: 'x' });
    expect(unknown.body.error.code).toBe('PORTAL_INVALID_CREDENTIALS');
    const ok = await customer.post('/api/portal/sign-in', { username: me.username, password: me.password });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.username).toBe(me.username);
    expect((await customer.get('/api/portal/me')).body.username).toBe(me.username);

    // A panel session is no portal sign-in, and a portal cookie no panel session.
    expect(await signedInCustomer(admin)).toBeNull();
    expect((await customer.get('/api/me')).status).toBe(401);

    // A write with the portal cookie from a foreign page is refused.
    const foreign = await customer.post('/api/portal/sign-out', {}, { origin: 'https://evil.example' });
    expect(foreign.body.error.code).toBe('CSRF_REJECTED');
    // A copy of the cookie taken before the sign-out (another device, a stolen one).
    const copy = server.client();
    for (const [name, value] of customer.cookies) copy.cookies.set(name, value);
    expect((await copy.get('/api/portal/me')).body.username).toBe(me.username);
    const out = await customer.post('/api/portal/sign-out');
    expect(out.status).toBe(200);
    expect(await signedInCustomer(customer)).toBeNull();
    // The sign-out ended the sign-in on the server: the copy no longer gets in.
    expect(await signedInCustomer(copy)).toBeNull();
    // Signing in again works as before.
    const back = await customer.post('/api/portal/sign-in', { username: me.username, password: me.password });
    expect(back.status).toBe(200);
    expect((await customer.get('/api/portal/me')).body.username).toBe(me.username);
  });

  it('shows whether the line is online now and from where', async () => {
    const { customer, me } = await newCustomer();
    oscam.setClients([watchingClient(me.username, '203.0.113.44', `id_${me.username}`)]);
    const online = await waitFor(
      async () => (await customer.get('/api/portal/me')).body as Me,
      (body) => body.online,
    );
    expect(online.connections).toEqual([{ ip: '203.0.113.44', connected_since: '2026-11-22T06:15:00.000Z' }]);
    oscam.setClients([]);
  });

  it("renews the signed-in customer's own line with a code, never another one's", async () => {
    const { customer, me } = await newCustomer();
    const { me: neighbour } = await newCustomer();
    const [code] = await codesOf(reseller, 1);
    // A line id in the body is not the portal's to choose: the code renews the caller's line.
    const res = await customer.post('/api/portal/activate', {
      code,
      line_id: await lineIdOf(neighbour.username),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.action).toBe('renewed');
    expect(res.body.me.username).toBe(me.username);
    expect(res.body.me.expiry_date).toBe(addMonths(me.expiry_date, 1));
    const neighbourNow = await admin.get(`/api/lines/${await lineIdOf(neighbour.username)}`);
    expect(neighbourNow.body.expiry_date).toBe(neighbour.expiry_date);
    // Nothing of another line is in the customer's answers.
    expect(JSON.stringify(res.body)).not.toContain(neighbour.username);
    expect(JSON.stringify((await customer.get('/api/portal/me')).body)).not.toContain(neighbour.username);

    // Another reseller's code cannot renew this reseller's line, and stays unused.
    const [foreign] = await codesOf(other, 1);
    const refused = await customer.post('/api/portal/activate', { code: foreign });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('ACTIVATION_CODE_NOT_FOUND');
    const listed = await other.client.get('/api/activation-codes?state=unused');
    expect(listed.body.items.map((c: { code: string }) => c.code)).toContain(foreign);

    const used = await customer.post('/api/portal/activate', { code });
    expect(used.body.error.code).toBe('ACTIVATION_CODE_USED');
  });

  it("changes the line's password on its server and ends the other portal sign-ins", async () => {
    const { customer, me } = await newCustomer();
    const elsewhere = server.client();
    expect(
      (await elsewhere.post('/api/portal/sign-in', { username: me.username, password: me.password })).status,
    ).toBe(200);
    const wrong = await customer.post('/api/portal/password', {
      current_password: 'not-it',
      new_password: 'brandNew77',
    });
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    const changed = await customer.post('/api/portal/password', {
      current_password: me.password,
      new_password: 'brandNew77',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.connection_lines).toEqual([`C: 127.0.0.1 12000 ${me.username} brandNew77`]);
    await waitFor(
      () => readFileSync(agent.configFile, 'utf8'),
      (file) => file.includes(`user = ${me.username}\npwd = brandNew77`),
    );
    expect(await signedInCustomer(customer)).toBe(me.username);
    expect(await signedInCustomer(elsewhere)).toBeNull();
    const old = await server
      .client()
      .post('/api/portal/sign-in', { username: me.username, password: me.password });
    expect(old.body.error.code).toBe('PORTAL_INVALID_CREDENTIALS');
    const renewed = await server
      .client()
      .post('/api/portal/sign-in', { username: me.username, password: 'brandNew77' });
    expect(renewed.status).toBe(200);
  });

  it('tells a suspended line and an expired one apart, each only to the right password', async () => {
    const { me } = await newCustomer();
    const id = await lineIdOf(me.username);
    expect((await reseller.client.patch(`/api/lines/${id}`, { enabled: false })).status).toBe(200);
    const suspended = await server
      .client()
      .post('/api/portal/sign-in', { username: me.username, password: me.password });
    expect(suspended.status).toBe(403);
    expect(suspended.body.error.code).toBe('PORTAL_LINE_SUSPENDED');
    const guessed = await server
      .client()
      .post('/api/portal/sign-in', { username: me.username, password: 'x' });
    expect(guessed.body.error.code).toBe('PORTAL_INVALID_CREDENTIALS');

    // Expired: the customer still gets in, to see it and renew it with a code.
    await reseller.client.patch(`/api/lines/${id}`, { enabled: true });
    const past = isoDate(new Date(Date.now() - 3 * 86_400_000));
    expect((await admin.patch(`/api/lines/${id}`, { expiry_date: past })).status).toBe(200);
    const expired = await server
      .client()
      .post('/api/portal/sign-in', { username: me.username, password: me.password });
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ status: 'expired', days_left: -3 });
  });

  it('limits failures per address and per line from one address, while another address still signs in', async () => {
    const { me } = await newCustomer();
    const attacker = server.client();
    for (let i = 0; i < 5; i += 1) {
      const res = await attacker.post('/api/portal/sign-in', {
        username: me.username,
        password: `guess-${i}`,
      });
      expect(res.status).toBe(401);
    }
    const limited = await attacker.post('/api/portal/sign-in', {
      username: me.username,
      password: me.password,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The customer, elsewhere, is not locked out.
    const owner = server.client();
    expect(
      (await owner.post('/api/portal/sign-in', { username: me.username, password: me.password })).status,
    ).toBe(200);

    // Per address, whatever the lines: the 11th failure from one address is refused.
    const sprayer = server.client();
    for (let i = 0; i < 10; i += 1) {
      const res = await sprayer.post('/api/portal/sign-in', { username: `spray-${i}`, password: 'x' });
      expect(res.status).toBe(401);
    }
    const sprayed = await sprayer.post('/api/portal/sign-in', {
      username: me.username,
      password: me.password,
    });
    expect(sprayed.status).toBe(429);
    expect(
      (await server.client().post('/api/portal/sign-in', { username: me.username, password: me.password }))
        .status,
    ).toBe(200);
  });

  it('refuses sign-in, the line page and activation when the reseller turned the portal off', async () => {
    const { customer, me } = await newCustomer();
    const [code] = await codesOf(reseller, 1);
    expect((await reseller.client.get('/api/portal/settings')).body).toEqual({
      enabled: true,
      contact: '',
      customer_reminder_days: 0,
      // Where the reseller's printed codes send the customers.
      address: `${server.url}/my`,
    });
    const off = await reseller.client.put('/api/portal/settings', {
      enabled: false,
      contact: 'Telegram @portalseller',
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      enabled: false,
      contact: 'Telegram @portalseller',
      customer_reminder_days: 0,
      address: `${server.url}/my`,
    });
    try {
      const signIn = await server
        .client()
        .post('/api/portal/sign-in', { username: me.username, password: me.password });
      expect(signIn.status).toBe(403);
      expect(signIn.body.error.code).toBe('PORTAL_DISABLED');
      expect((await customer.get('/api/portal/me')).body.error.code).toBe('PORTAL_DISABLED');
      const activation = await server.client().post('/api/portal/activate', { code });
      expect(activation.body.error.code).toBe('PORTAL_DISABLED');
      // Another reseller's customers are not affected.
      expect((await newCustomer(other)).me.status).toBe('active');
    } finally {
      await reseller.client.put('/api/portal/settings', { enabled: true, contact: 'Telegram @portalseller' });
    }
    const back = await customer.get('/api/portal/me');
    expect(back.status).toBe(200);
    expect(back.body.reseller.contact).toBe('Telegram @portalseller');
  });
});
