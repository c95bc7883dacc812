import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import { addDays, isoDate, linePrice } from '@linedesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, lines, lineSyncOutbox } from '../src/db/schema.js';
import { startStandInOscam, WEBIF_LOGIN, type StandInOscam } from '../../agent/test/stand-in-servers.js';
import { ledgerMismatches } from './support/db-fingerprint.js';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import {
  addActiveServer,
  agentUsers,
  balanceOf,
  signUpAccount,
  startScriptedAgent,
  type Account,
  type ScriptedAgent,
} from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

type Listed = { username: string; fingerprint: string; adoptable: boolean; expiry_date: string | null };
type ReportItem = {
  username: string;
  status: string;
  reason: string | null;
  line_id: number | null;
  charged: number;
};

/**
 * Stands between the panel and the real agent: forwards every call, except that POST /adopt answers
 * 503 while `blockAdopt` is on (an agent failing at the moment of the adoption).
 */
async function startAgentProxy(agentPort: number) {
  const state = { blockAdopt: false, adoptCalls: 0 };
  const proxy = http.createServer((req, res) => {
    if (req.url === '/adopt') state.adoptCalls += 1;
    if (req.url === '/adopt' && state.blockAdopt) {
      req.resume();
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Agent busy' }));
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: agentPort, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    state,
    close: () => {
      proxy.closeAllConnections();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

const HEADER = ['# CCcam.cfg kept by hand', 'SERVER LISTEN PORT : 12000', ''];

describe('adopting the accounts already on a server', () => {
  let server: TestServer;
  let agent: TestAgent;
  let other: ScriptedAgent;
  let oscamAgent: TestAgent;
  let oscam: StandInOscam;
  let proxy: Awaited<ReturnType<typeof startAgentProxy>>;
  let admin: TestClient;
  let reseller: Account;
  let serverId: number;
  const expiry = addDays(isoDate(new Date()), 60);
  const price = linePrice(1);

  const writeCfg = (entries: string[]) => writeFile(agent.configFile, [...HEADER, ...entries, ''].join('\n'));
  /** Hand-written lines are appended after whatever the agent manages now. */
  const appendCfg = async (entries: string[]) => {
    const text = await readFile(agent.configFile, 'utf8');
    await writeFile(agent.configFile, `${text}${entries.join('\n')}\n`);
  };
  const listed = async (): Promise<Map<string, Listed>> => {
    const res = await admin.get(`/api/servers/${serverId}/unmanaged-accounts`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new Map((res.body.items as Listed[]).map((item) => [item.username, item]));
  };
  const bodyFor = (accounts: Map<string, Listed>, names: string[], extra: Record<string, unknown> = {}) => ({
    accounts: names.map((username) => ({
      username,
      fingerprint: accounts.get(username)?.fingerprint ?? 'not-listed',
    })),
    owner_id: reseller.id,
    plan_id: 1,
    charge_months: 1,
    expiry_date: expiry,
    ...extra,
  });
  const adopt = async (body: unknown) => {
    const res = await admin.post(`/api/servers/${serverId}/adoption`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      items: ReportItem[];
      adopted: number;
      pending: number;
      refused: number;
      charged: number;
    };
  };
  const byName = (items: ReportItem[]) => new Map(items.map((item) => [item.username, item]));
  const panelLines = (names: string[]) =>
    server.built.ctx.db.select().from(lines).where(inArray(lines.username, names));
  const ledgerRows = (reason: 'line_create' | 'line_refused_refund') =>
    server.built.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, reseller.id), eq(creditLedger.reason, reason)));

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_CONNECTIONS_POLL_SECONDS: '0',
      // A refused delivery is retried soon, so the test sees the worker settle it.
      LINE_SYNC_RETRY_BASE_MS: '200',
      LINE_SYNC_RETRY_MAX_MS: '1000',
    });
    [agent, other, oscamAgent] = await Promise.all([
      startLineAgent(),
      startScriptedAgent(),
      // An OSCam that reloads oscam.user over its webif and tells whether a login would be let in.
      startLineAgent({
        oscam: true,
        envFor: async (configFile) => {
          await writeFile(
            configFile,
            '[account]\nuser = nina\npwd = nina-pw\ngroup = 1\nexpdate = 2099-01-31\n',
          );
          oscam = await startStandInOscam(configFile);
          return {
            AGENT_OSCAM_WEBIF_URL: oscam.url,
            AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
            AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
          };
        },
      }),
    ]);
    other.answer({ status: 200, body: { message: 'ok' } });
    proxy = await startAgentProxy(agent.port);
    admin = await server.admin();
    const created = await addActiveServer(admin, {
      apiPort: proxy.port,
      username: agent.username,
      password: agent.password,
      name: 'Hand-kept server',
    });
    serverId = created.id;
    const elsewhere = await addActiveServer(admin, { apiPort: other.port, name: 'Elsewhere' });
    reseller = await signUpAccount(server, 'adopt-reseller@example.com', 500);
    // A panel line on another server holds the name "taken".
    const line = await reseller.client.post('/api/lines', {
      username: 'taken',
      password: 'taken-pw',
      subscription_months: 1,
      server_id: elsewhere.id,
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await other?.close();
    await agent?.cleanup();
    await oscamAgent?.cleanup();
    await oscam?.close();
  });

  it('lists the hand-written accounts, and refuses anyone but an admin', async () => {
    await writeCfg([
      'F: alice alice-pw 1 0 0 { 0:0:2 }',
      'F: bob bob-pw 1 0 0 { 0:0:2 }',
      // No password: the one kind of F-line the agent cannot take over as it is.
      'F: emus',
      'F: abcdefghijklmnopqrstuvwxyz long-pw 1 0 0 { 0:0:2 }',
      'F: taken other-pw 1 0 0 { 0:0:2 }',
    ]);
    const accounts = await listed();
    expect([...accounts.keys()].sort()).toEqual([
      'abcdefghijklmnopqrstuvwxyz',
      'alice',
      'bob',
      'emus',
      'taken',
    ]);
    expect(accounts.get('alice')).toMatchObject({ adoptable: true, expiry_date: null, password_set: true });
    expect(accounts.get('emus')?.adoptable).toBe(false);

    expect((await reseller.client.get(`/api/servers/${serverId}/unmanaged-accounts`)).status).toBe(403);
    const body = bodyFor(accounts, ['alice']);
    expect((await reseller.client.post(`/api/servers/${serverId}/adoption/preview`, body)).status).toBe(403);
    expect((await reseller.client.post(`/api/servers/${serverId}/adoption`, body)).status).toBe(403);
    expect(await panelLines(['alice'])).toEqual([]);
  });

  it('previews per account what would happen and what it costs, writing nothing', async () => {
    const accounts = await listed();
    const names = ['alice', 'bob', 'emus', 'abcdefghijklmnopqrstuvwxyz', 'taken', 'ghost'];
    const before = await balanceOf(server, reseller.id);
    const res = await admin.post(`/api/servers/${serverId}/adoption/preview`, bodyFor(accounts, names));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = byName(res.body.items);
    expect(items.get('alice')).toMatchObject({ status: 'adoptable', expiry_date: expiry });
    expect(items.get('bob')?.status).toBe('adoptable');
    expect(items.get('emus')).toMatchObject({ status: 'refused', reason: 'NOT_ADOPTABLE' });
    expect(items.get('abcdefghijklmnopqrstuvwxyz')).toMatchObject({ reason: 'USERNAME_TOO_LONG' });
    expect(items.get('taken')).toMatchObject({ status: 'refused', reason: 'USERNAME_TAKEN' });
    expect(items.get('ghost')).toMatchObject({ status: 'refused', reason: 'NOT_FOUND' });
    expect(res.body).toMatchObject({
      adoptable: 2,
      refused: 4,
      total_credits: 2 * price,
      owner_balance: before,
    });

    // CCcam's F-lines carry no expiry: without a date from the admin none can be adopted.
    const undated = await admin.post(
      `/api/servers/${serverId}/adoption/preview`,
      bodyFor(accounts, ['alice'], { expiry_date: null }),
    );
    expect(byName(undated.body.items).get('alice')).toMatchObject({
      status: 'refused',
      reason: 'EXPIRY_REQUIRED',
    });
    expect(await panelLines(['alice', 'bob'])).toEqual([]);
    expect(await balanceOf(server, reseller.id)).toBe(before);
  });

  it('adopts with the login unchanged and charges the owner once per line, with its ledger row', async () => {
    const accounts = await listed();
    const before = await balanceOf(server, reseller.id);
    const report = await adopt(bodyFor(accounts, ['alice', 'bob', 'emus', 'taken']));
    const items = byName(report.items);
    expect(items.get('alice')).toMatchObject({ status: 'adopted', charged: price });
    expect(items.get('bob')).toMatchObject({ status: 'adopted', charged: price });
    expect(items.get('emus')).toMatchObject({ status: 'refused', reason: 'NOT_ADOPTABLE', charged: 0 });
    expect(items.get('taken')).toMatchObject({ status: 'refused', reason: 'USERNAME_TAKEN', charged: 0 });
    expect(report).toMatchObject({ adopted: 2, refused: 2, pending: 0, charged: 2 * price });
    expect(proxy.state.adoptCalls).toBe(1);

    const adopted = await panelLines(['alice', 'bob']);
    expect(
      adopted.map((line) => [line.username, line.password, line.expiryDate, line.ownerId, line.syncState]),
    ).toEqual(
      expect.arrayContaining([
        ['alice', 'alice-pw', expiry, reseller.id, 'synced'],
        ['bob', 'bob-pw', expiry, reseller.id, 'synced'],
      ]),
    );
    // The agent manages them now with the same login; the others stay hand-written.
    expect((await agentUsers(agent)).map((user) => user.username)).toEqual(['alice', 'bob']);
    const cfg = await readFile(agent.configFile, 'utf8');
    expect(cfg).toMatch(/F: alice alice-pw/);
    expect(cfg).toMatch(/^F: emus$/m);
    expect([...(await listed()).keys()].sort()).toEqual(['abcdefghijklmnopqrstuvwxyz', 'emus', 'taken']);

    expect(await balanceOf(server, reseller.id)).toBe(before - 2 * price);
    const charges = (await ledgerRows('line_create')).filter((row) =>
      ['alice', 'bob'].includes(row.note ?? ''),
    );
    expect(charges.map((row) => row.delta)).toEqual([-price, -price]);
    expect(await ledgerMismatches(server)).toEqual([]);

    const history = await admin.get(`/api/lines/${items.get('alice')!.line_id}/events`);
    expect(history.body.items.map((event: { action: string }) => event.action)).toEqual(
      expect.arrayContaining(['created', 'adopted']),
    );
  });

  it('is idempotent: adopting the same accounts again changes and charges nothing', async () => {
    const before = await balanceOf(server, reseller.id);
    const ledger = (await ledgerRows('line_create')).length;
    const again = await adopt({
      ...bodyFor(new Map(), ['alice', 'bob']),
    });
    expect(again.items.map((item) => [item.username, item.status, item.charged])).toEqual([
      ['alice', 'already_adopted', 0],
      ['bob', 'already_adopted', 0],
    ]);
    expect(await balanceOf(server, reseller.id)).toBe(before);
    expect((await ledgerRows('line_create')).length).toBe(ledger);
    expect((await agentUsers(agent)).map((user) => user.username)).toEqual(['alice', 'bob']);
  });

  it('refuses an account edited on the server after the preview, charging nothing for it', async () => {
    await appendCfg(['F: carol carol-pw 1 0 0 { 0:0:2 }', 'F: dan dan-pw 1 0 0 { 0:0:2 }']);
    const accounts = await listed();
    const cfg = await readFile(agent.configFile, 'utf8');
    await writeFile(agent.configFile, cfg.replace('F: carol carol-pw', 'F: carol changed-pw'));
    const before = await balanceOf(server, reseller.id);
    const report = await adopt(bodyFor(accounts, ['carol', 'dan']));
    const items = byName(report.items);
    expect(items.get('carol')).toMatchObject({ status: 'refused', reason: 'CHANGED', charged: 0 });
    expect(items.get('dan')).toMatchObject({ status: 'adopted', charged: price });
    expect(await panelLines(['carol'])).toEqual([]);
    expect(await balanceOf(server, reseller.id)).toBe(before - price);
    expect(await readFile(agent.configFile, 'utf8')).toMatch(/F: carol changed-pw/);
  });

  it('adopts for free when asked, with no ledger row', async () => {
    await appendCfg(['F: erin erin-pw 1 0 0 { 0:0:2 }']);
    const before = await balanceOf(server, reseller.id);
    const ledger = (await ledgerRows('line_create')).length;
    const report = await adopt(bodyFor(await listed(), ['erin'], { charge_months: null }));
    expect(report.items[0]).toMatchObject({ username: 'erin', status: 'adopted', charged: 0 });
    expect(await balanceOf(server, reseller.id)).toBe(before);
    expect((await ledgerRows('line_create')).length).toBe(ledger);
    expect((await panelLines(['erin']))[0]?.password).toBe('erin-pw');
  });

  it('keeps a pending adoption through an agent failure and a reconcile; a refusal then refunds it', async () => {
    await appendCfg(['F: frank frank-pw 1 0 0 { 0:0:2 }', 'F: gina gina-pw 1 0 0 { 0:0:2 }']);
    const accounts = await listed();
    const before = await balanceOf(server, reseller.id);
    proxy.state.blockAdopt = true;
    const report = await adopt(bodyFor(accounts, ['frank', 'gina']));
    expect(report.items.map((item) => [item.username, item.status, item.charged])).toEqual([
      ['frank', 'pending', price],
      ['gina', 'pending', price],
    ]);
    expect(await balanceOf(server, reseller.id)).toBe(before - 2 * price);

    // The reconcile sees panel lines the agent does not manage: it neither writes them as new users
    // (the hand-written entries would clash) nor removes anything; the adoption stays queued.
    const reconciled = await admin.post(`/api/servers/${serverId}/reconcile`);
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(reconciled.body.removed).toBe(0);
    const cfg = await readFile(agent.configFile, 'utf8');
    expect(cfg).toMatch(/F: frank frank-pw/);
    expect(cfg).toMatch(/F: gina gina-pw/);
    expect((await agentUsers(agent)).map((user) => user.username)).not.toContain('frank');
    const queued = await server.built.ctx.db
      .select()
      .from(lineSyncOutbox)
      .where(inArray(lineSyncOutbox.username, ['frank', 'gina']));
    expect(queued.map((row) => row.operation)).toEqual(['adopt', 'adopt']);

    // Someone edits gina's entry meanwhile; then the agent answers again.
    await writeFile(agent.configFile, cfg.replace('F: gina gina-pw', 'F: gina gina-new-pw'));
    proxy.state.blockAdopt = false;
    await waitFor(
      () =>
        server.built.ctx.db
          .select()
          .from(lineSyncOutbox)
          .where(inArray(lineSyncOutbox.username, ['frank', 'gina'])),
      (rows) => rows.length === 0,
    );
    const [frank] = await panelLines(['frank']);
    expect(frank).toMatchObject({ password: 'frank-pw', syncState: 'synced' });
    expect(await panelLines(['gina'])).toEqual([]);
    expect((await agentUsers(agent)).map((user) => user.username)).toContain('frank');
    // gina's entry is where it was, as edited; her charge came back through the ledger.
    expect(await readFile(agent.configFile, 'utf8')).toMatch(/F: gina gina-new-pw/);
    expect(await balanceOf(server, reseller.id)).toBe(before - price);
    const refunds = (await ledgerRows('line_refused_refund')).filter((row) => row.note === 'gina');
    expect(refunds.map((row) => row.delta)).toEqual([price]);
    // Its owner is told why, as for any line its server refused.
    const messages = (await reseller.client.get('/api/messages?page_size=100')).body.items as {
      title: string;
      content: string;
    }[];
    const notice = messages.find((message) => message.title === 'The server refused the line gina');
    expect(notice?.content).toMatch(/refused the line gina for good/);
    expect(notice?.content).toContain(`${price} credit`);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('refuses a whole adoption the owner cannot pay, leaving nothing of it', async () => {
    const poor = await signUpAccount(server, 'adopt-poor@example.com', 1);
    await appendCfg(['F: hugo hugo-pw 1 0 0 { 0:0:2 }']);
    const res = await admin.post(
      `/api/servers/${serverId}/adoption`,
      bodyFor(await listed(), ['hugo'], { owner_id: poor.id }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(402);
    expect(res.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(await panelLines(['hugo'])).toEqual([]);
    expect(await balanceOf(server, poor.id)).toBe(1);
    expect([...(await listed()).keys()]).toContain('hugo');
  });

  it("keeps an OSCam customer's login accepted through the panel's adoption", async () => {
    const oscamServer = await addActiveServer(admin, {
      apiPort: oscamAgent.port,
      username: oscamAgent.username,
      password: oscamAgent.password,
      name: 'OSCam kept by hand',
    });
    expect(oscam.acceptsLogin('nina', 'nina-pw')).toBe(true);
    const listedHere = await admin.get(`/api/servers/${oscamServer.id}/unmanaged-accounts`);
    expect(listedHere.body.items).toEqual([
      expect.objectContaining({ username: 'nina', expiry_date: '2099-01-31', adoptable: true }),
    ]);
    const res = await admin.post(`/api/servers/${oscamServer.id}/adoption`, {
      ...bodyFor(new Map(), []),
      accounts: [{ username: 'nina', fingerprint: listedHere.body.items[0].fingerprint }],
      expiry_date: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items[0]).toMatchObject({ status: 'adopted' });
    // OSCam re-read the file and still lets nina in with the same password.
    expect(oscam.requests.some((request) => request.includes('reinit'))).toBe(true);
    expect(oscam.acceptsLogin('nina', 'nina-pw')).toBe(true);
    expect(await agentUsers(oscamAgent)).toEqual([
      // Her section's own group, kept as a restriction of the line.
      { username: 'nina', expiryDate: '31-01-2099', enabled: true, restrictions: { groups: [1] } },
    ]);
    expect((await panelLines(['nina']))[0]).toMatchObject({
      password: 'nina-pw',
      expiryDate: '2099-01-31',
      restrictionOverrides: { groups: [1] },
      entryExtra: { oscam: [] },
    });
  });

  it('adopts 300 accounts in one request (figure printed)', async () => {
    const names = Array.from({ length: 300 }, (_, i) => `bulk${String(i).padStart(3, '0')}`);
    await appendCfg(names.map((name) => `F: ${name} ${name}-pw 1 0 0 { 0:0:2 }`));
    const accounts = await listed();
    const started = performance.now();
    const report = await adopt(bodyFor(accounts, names, { charge_months: null }));
    const ms = performance.now() - started;
    console.log(`adopting 300 accounts took ${Math.round(ms)} ms`);
    expect(report.adopted).toBe(300);
    expect((await agentUsers(agent)).filter((user) => user.username.startsWith('bulk'))).toHaveLength(300);
  });
});
