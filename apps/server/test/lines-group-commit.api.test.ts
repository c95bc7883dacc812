import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// A busy machine (the suites run side by side) makes a burst of creates take a while; no sleeps.
const SLOW_MS = 120_000;

type LedgerItem = { reason: string; delta: number; balance_after: number };

/** The caller's ledger, oldest first, and its balance now. */
async function ledgerOf(client: TestClient): Promise<{ items: LedgerItem[]; balance: number }> {
  const ledger = await client.get('/api/credits/ledger?page_size=100');
  expect(ledger.status).toBe(200);
  const me = await client.get('/api/me');
  return { items: [...(ledger.body.items as LedgerItem[])].reverse(), balance: me.body.credits };
}

/** Each movement's balance_after follows from the one before, and the last is the balance. */
function expectChained(ledger: { items: LedgerItem[]; balance: number }): void {
  let running = 0;
  for (const item of ledger.items) {
    running += item.delta;
    expect(item.balance_after).toBe(running);
  }
  expect(running).toBe(ledger.balance);
}

describe('concurrent line creates written together', () => {
  let server: TestServer;
  let agent: TestAgent;
  let admin: TestClient;
  let agentServer: { id: number };
  let first: Account;
  let second: Account;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      SERVER_API_TIMEOUT_MS: '30000',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    agentServer = await addAgentServer(admin, agent);
    [first, second] = await Promise.all([
      signUpAccount(server, 'commit-first@example.com', 100),
      signUpAccount(server, 'commit-second@example.com', 100),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it(
    'gives every create its own answer: taken usernames refused once each, the rest created and charged line by line',
    async () => {
      const tag = Date.now().toString(36);
      const taken = `gctaken${tag}`;
      const before = await first.client.post('/api/lines', {
        username: taken,
        password: 'pw-taken',
        subscription_months: 1,
        server_id: agentServer.id,
      });
      expect(before.status).toBe(201);

      const twice = `gctwice${tag}`;
      const wanted = [
        ...Array.from({ length: 10 }, (_, i) => ({ who: first, username: `gca${i}x${tag}`, months: 1 })),
        ...Array.from({ length: 10 }, (_, i) => ({ who: second, username: `gcb${i}x${tag}`, months: 3 })),
        ...Array.from({ length: 3 }, (_, i) => ({ who: null, username: `gcadm${i}x${tag}`, months: 12 })),
        { who: second, username: taken, months: 1 },
        // Two resellers want one new username, each with its own password and term.
        { who: first, username: twice, months: 1 },
        { who: second, username: twice, months: 3 },
      ];
      const passwordOf = (want: (typeof wanted)[number]) =>
        `pw-${want.who === first ? 'a' : want.who === second ? 'b' : 'adm'}-${want.username}`;
      const answers = await Promise.all(
        wanted.map(async (want) => ({
          want,
          res: await (want.who?.client ?? admin).post('/api/lines', {
            username: want.username,
            password: passwordOf(want),
            subscription_months: want.months,
            server_id: agentServer.id,
          }),
        })),
      );

      for (const { want, res } of answers) {
        if (want.username === taken) {
          expect(res.status).toBe(409);
          expect(res.body.error.code).toBe('LINE_USERNAME_TAKEN');
        } else if (want.username !== twice) {
          expect(res.status).toBe(201);
          expect(res.body.sync.ok).toBe(true);
          expect(res.body.line).toMatchObject({ username: want.username, sync_state: 'synced' });
        }
      }
      // Of the two creates for one new username exactly one wins; the other is told it is taken.
      const pair = answers.filter(({ want }) => want.username === twice).map(({ res }) => res);
      expect(pair.map((res) => res.status).sort()).toEqual([201, 409]);
      expect(pair.find((res) => res.status === 409)!.body.error.code).toBe('LINE_USERNAME_TAKEN');
      const twiceWinner = answers.find(({ want, res }) => want.username === twice && res.status === 201)!;
      const twiceOwner = twiceWinner.want.who!;
      // The line, what the server got and what was charged are all the winner's request, never a mix
      // with the request that was refused.
      expect(twiceWinner.res.body.line).toMatchObject({
        password: passwordOf(twiceWinner.want),
        sync_state: 'synced',
      });
      expect(twiceWinner.res.body.charged).toBe(twiceWinner.want.months === 3 ? 4 : 2);
      expect(await readFile(agent.configFile, 'utf8')).toContain(
        `F: ${twice} ${passwordOf(twiceWinner.want)} `,
      );

      // Every created line is on the server, and nothing else.
      const names = answers.filter(({ res }) => res.status === 201).map(({ want }) => want.username);
      expect((await agentUsers(agent)).map((user) => user.username).sort()).toEqual([taken, ...names].sort());

      // Charged per line: 2 credits a month-line, 4 for three months; admins pay nothing.
      const firstLines = 1 + 10 + (twiceOwner === first ? 1 : 0);
      const secondLines = 10;
      const firstLedger = await ledgerOf(first.client);
      const secondLedger = await ledgerOf(second.client);
      expect(firstLedger.balance).toBe(100 - 2 * firstLines);
      expect(secondLedger.balance).toBe(100 - 4 * secondLines - (twiceOwner === second ? 4 : 0));
      expect(firstLedger.items.filter((item) => item.reason === 'line_create')).toHaveLength(firstLines);
      expect(secondLedger.items.filter((item) => item.reason === 'line_create')).toHaveLength(
        secondLines + (twiceOwner === second ? 1 : 0),
      );
      // Each line's ledger row tells the balance right after that line, as one create at a time would.
      expectChained(firstLedger);
      expectChained(secondLedger);

      // Each answer carries the balance after its own batch, never more than before the burst.
      for (const { want, res } of answers) {
        if (res.status !== 201 || !want.who) continue;
        expect(res.body.balance).toBeLessThan(100);
        expect(res.body.balance).toBeGreaterThanOrEqual(
          want.who === first ? firstLedger.balance : secondLedger.balance,
        );
      }
    },
    SLOW_MS,
  );

  it(
    'of several concurrent creates for one new username, the one that wins is written, delivered and charged as its own request asked',
    async () => {
      const username = `gcrace${Date.now().toString(36)}`;
      const wants = Array.from({ length: 8 }, (_, i) => ({
        who: i % 2 === 0 ? first : second,
        password: `pw-${i}-${username}`,
        months: i % 2 === 0 ? 1 : 3,
      }));
      const balancesBefore = await Promise.all([ledgerOf(first.client), ledgerOf(second.client)]);
      const answers = await Promise.all(
        wants.map(async (want) => ({
          want,
          res: await want.who.client.post('/api/lines', {
            username,
            password: want.password,
            subscription_months: want.months,
            server_id: agentServer.id,
          }),
        })),
      );
      const won = answers.filter(({ res }) => res.status === 201);
      expect(won).toHaveLength(1);
      const { want, res } = won[0]!;
      // The winner's other requests are told the line is theirs; the other reseller's, that it is taken.
      for (const lost of answers.filter(({ res }) => res.status !== 201)) {
        expect(lost.res.status).toBe(409);
        expect(lost.res.body.error.code).toBe(
          lost.want.who === want.who ? 'LINE_USERNAME_YOURS' : 'LINE_USERNAME_TAKEN',
        );
      }
      expect(res.body.sync.ok).toBe(true);
      expect(res.body.line).toMatchObject({ username, password: want.password, sync_state: 'synced' });
      expect(res.body.charged).toBe(want.months === 1 ? 2 : 4);
      // The server got the winner's password, not a refused request's.
      expect(await readFile(agent.configFile, 'utf8')).toContain(`F: ${username} ${want.password} `);
      const [firstAfter, secondAfter] = await Promise.all([ledgerOf(first.client), ledgerOf(second.client)]);
      expect(firstAfter.balance).toBe(balancesBefore[0].balance - (want.who === first ? 2 : 0));
      expect(secondAfter.balance).toBe(balancesBefore[1].balance - (want.who === second ? 4 : 0));
    },
    SLOW_MS,
  );

  it(
    'a new server and a new price apply to the very next create, although the previous ones were read a moment ago',
    async () => {
      const tag = Date.now().toString(36);
      const plan = await admin.post('/api/line-plans', {
        name: `Burst ${tag}`,
        prices: [{ months: 1, credits: 3 }],
      });
      expect(plan.status).toBe(201);
      const create = (username: string) =>
        first.client.post('/api/lines', {
          username,
          password: `pw-${username}`,
          subscription_months: 1,
          plan_id: plan.body.id,
        });

      const priced = await create(`gcp1x${tag}`);
      expect(priced.status).toBe(201);
      expect(priced.body.charged).toBe(3);
      const repriced = await admin.patch(`/api/line-plans/${plan.body.id}`, {
        prices: [{ months: 1, credits: 5 }],
      });
      expect(repriced.status).toBe(200);
      const after = await create(`gcp2x${tag}`);
      expect(after.status).toBe(201);
      expect(after.body.charged).toBe(5);

      // Without a server picked the newest active one serves; a newer one takes over at once.
      const otherAgent = await startLineAgent();
      try {
        const newer = await addAgentServer(admin, otherAgent, 'Newer');
        const onNewer = await create(`gcp3x${tag}`);
        expect(onNewer.status).toBe(201);
        expect(onNewer.body.line.server_id).toBe(newer.id);
        expect((await admin.patch(`/api/servers/${newer.id}`, { status: 'inactive' })).status).toBe(200);
        const back = await create(`gcp4x${tag}`);
        expect(back.status).toBe(201);
        expect(back.body.line.server_id).toBe(agentServer.id);

        const archived = await admin.patch(`/api/line-plans/${plan.body.id}`, { archived: true });
        expect(archived.status).toBe(200);
        const refused = await create(`gcp5x${tag}`);
        expect(refused.status).toBe(404);
        expect(refused.body.error.code).toBe('LINE_PLAN_NOT_FOUND');
      } finally {
        await otherAgent.cleanup();
      }
    },
    SLOW_MS,
  );
});
