import http from 'node:http';
import type net from 'node:net';
import { eq, sum } from 'drizzle-orm';
import { expect } from 'vitest';
import { authUsers, creditLedger as ledgerRows } from '../../src/db/schema.js';
import { publishBalanceChange } from '../../src/modules/credits/credit-events.js';
import { creditLedger } from '../../src/modules/credits/credit-ledger.js';
import type { TestAgent } from './line-agent.js';
import type { TestClient } from './test-client.js';
import type { TestServer } from './test-server.js';
import { waitFor } from './wait-for.js';

export type Account = { client: TestClient; id: string; email: string };

/**
 * Gives an account credits the way the panel does it: one ledger entry in a transaction, then the
 * balance change event (which also drops the account's cached sessions, now in group 2).
 */
export async function grantCredits(server: TestServer, accountId: string, credits: number): Promise<void> {
  await server.built.ctx.db.transaction((tx) =>
    creditLedger.change(tx, {
      accountId,
      delta: credits,
      reason: 'add',
      actorId: null,
    }),
  );
  const [account] = await server.built.ctx.db
    .select({ id: authUsers.id, ownerId: authUsers.ownerId })
    .from(authUsers)
    .where(eq(authUsers.id, accountId));
  await publishBalanceChange(server.built.ctx, account!);
}

export async function balanceOf(server: TestServer, accountId: string): Promise<number> {
  const [row] = await server.built.ctx.db
    .select({ credits: authUsers.credits })
    .from(authUsers)
    .where(eq(authUsers.id, accountId));
  return row!.credits;
}

/** The sum of an account's ledger rows: what its balance must be. */
export async function ledgerSum(server: TestServer, accountId: string): Promise<number> {
  const [row] = await server.built.ctx.db
    .select({ total: sum(ledgerRows.delta) })
    .from(ledgerRows)
    .where(eq(ledgerRows.accountId, accountId));
  return Number(row?.total ?? 0);
}

/**
 * Waits for a job's page (`url`: a bulk job's, an import's) to say `done` and answers that page. A
 * poll that meets the server closing an idle kept-alive connection (seen at load 40+) asks again.
 */
export async function jobDone(client: TestClient, url: string, ms?: number) {
  const done = await waitFor(
    () => client.get(url).catch(() => null),
    (res) => res?.body.status === 'done',
    ms,
  );
  return done!.body;
}

/** Waits for a bulk line job to end and answers it. */
export const bulkJobDone = (client: TestClient, id: number, ms?: number) =>
  jobDone(client, `/api/lines/bulk/${id}`, ms);

/** A confirmed account; with credits it is a reseller (the first credits move it to group 2). */
export async function signUpAccount(server: TestServer, email: string, credits = 0): Promise<Account> {
  const client = await server.signUpConfirmed(email);
  const me = await client.get('/api/me');
  if (credits > 0) await grantCredits(server, me.body.id, credits);
  return { client, id: me.body.id, email };
}

/**
 * An account an admin makes with a password, signed in, with `credits` (confirmed at once: tests
 * whose mails go to an SMTP server cannot confirm a sign-up from the log).
 */
export async function adminMadeAccount(
  server: TestServer,
  admin: TestClient,
  email: string,
  credits = 100,
): Promise<Account> {
  const password = 'user-password-1';
  const created = await admin.post('/api/accounts', { email, password });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.account.id as string;
  if (credits > 0) await grantCredits(server, id, credits);
  const client = server.client();
  const signedIn = await client.post('/api/auth/sign-in', { email, password });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return { client, id, email };
}

/** An active server pointing at `apiPort` (the real agent, or a fake). */
export async function addActiveServer(
  admin: TestClient,
  input: { apiPort: number; username?: string; password?: string; name?: string; port?: number },
): Promise<{ id: number; host_ip: string; port: number }> {
  const created = await admin.post('/api/servers', {
    server_name: input.name ?? 'Lines',
    host_ip: '127.0.0.1',
    port: input.port ?? 12000,
    api_port: input.apiPort,
    username: input.username ?? 'panel',
    password: input.password ?? 'secret-password',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // Only a successful connection test makes a server active.
  const tested = await admin.post(`/api/servers/${created.body.id}/test`);
  expect(tested.body.status, JSON.stringify(tested.body)).toBe('active');
  return created.body;
}

export async function addAgentServer(admin: TestClient, agent: TestAgent, name = 'Agent') {
  return addActiveServer(admin, {
    apiPort: agent.port,
    username: agent.username,
    password: agent.password,
    name,
  });
}

/**
 * Gives lines to another account (the bulk action `move`) and waits for its job to end; answers
 * the finished job.
 */
export async function giveLines(client: TestClient, ids: number[], targetId: string) {
  const started = await client.post('/api/lines/bulk', { action: 'move', ids, target_owner_id: targetId });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return (await bulkJobDone(client, started.body.id)) as { succeeded: number; refused: number };
}

export type AgentUser = { username: string; expiryDate: string; enabled: boolean };

export async function agentUsers(agent: TestAgent): Promise<AgentUser[]> {
  const res = await agent.current().call('GET', '/users');
  expect(res.status).toBe(200);
  return (res.body.users as AgentUser[]).sort((a, b) => a.username.localeCompare(b.username));
}

/** YYYY-MM-DD → the agent's DD-MM-YYYY. */
export function display(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

export type ScriptedAnswer = { status: number; body: unknown };

export type ScriptedAgent = {
  port: number;
  /** Answer for each of add-user, edit-user, delete-user (health and GET / always succeed). */
  answer: (next: ScriptedAnswer) => void;
  requests: { method: string; path: string; body: unknown }[];
  close: () => Promise<void>;
};

/** An agent that answers the user calls with a chosen status and body, for the spec's failure texts. */
export async function startScriptedAgent(): Promise<ScriptedAgent> {
  let answer: ScriptedAnswer = { status: 200, body: { message: 'ok' } };
  const requests: ScriptedAgent['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', body: text ? JSON.parse(text) : null });
      const fixed = req.url === '/health' || req.url === '/';
      const reply = fixed ? { status: 200, body: { message: 'ok', version: 'scripted' } } : answer;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    answer: (next) => {
      answer = next;
    },
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
