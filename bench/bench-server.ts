// What the in-process benchmarks share: a fresh data folder or PostgreSQL database per run, a panel
// started on it with a funded reseller and a live agent, and signing in (or up, confirmed through the
// logged mail) over HTTP as a browser would.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../apps/server/src/app.js';
import type { Db } from '../apps/server/src/db/client.js';
import { creditLedger } from '../apps/server/src/modules/credits/credit-ledger.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { startLineAgent, type TestAgent } from '../apps/server/test/support/line-agent.js';

export type Session = { cookie: string; id: string };

export async function signIn(url: string, login: { email: string; password: string }): Promise<Session> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(login),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${url}/api/me`, { headers: { cookie } })).json()) as { id: string };
  return { cookie, id: me.id };
}

export async function signUpConfirmed(
  url: string,
  logs: string[],
  login: { email: string; password: string },
) {
  const res = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(login),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const line = [...logs].reverse().find((l) => l.includes(`Mail to ${login.email}:`));
  const token = line && /callback\?token=([^\s"]+)/.exec(line)?.[1];
  if (!token) throw new Error('no confirmation mail in the log');
  const confirmed = await fetch(`${url}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ token: decodeURIComponent(token) }),
  });
  if (!confirmed.ok) throw new Error(`confirm failed: ${confirmed.status}`);
}

/** A fresh data folder, and with a PostgreSQL URL a fresh database created next to it. */
export async function openTarget(databaseUrl: string | undefined, prefix: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `linedesk-bench-${prefix}-`));
  if (!databaseUrl) {
    return { env: {}, dataDir, drop: async () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `ld_bench_${prefix.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    dataDir,
    drop: async () => {
      // Kept on request, to read its plans by hand after a figure went wrong.
      if (process.env.BENCH_KEEP_DATABASE) {
        console.log(`kept database ${name} (BENCH_KEEP_DATABASE)`);
        return;
      }
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Credits added to an account through the credit ledger, as an admin's top-up with no actor. */
export function addCredits(db: Db, accountId: string, delta: number): Promise<unknown> {
  return db.transaction((tx) =>
    creditLedger.change(tx as unknown as Db, { accountId, delta, reason: 'add', actorId: null }),
  );
}

export type BenchPanel = {
  url: string;
  built: BuiltApp;
  db: Db;
  agent: TestAgent;
  /** The panel's newest log lines (warnings are printed when a figure goes wrong). */
  logs: string[];
  admin: Session;
  /** A confirmed account holding `resellerCredits`, signed in after the credits made it a reseller. */
  reseller: Session;
  /** Adds the live agent as an active NewCamd server (tested once, as an admin would) and returns its id. */
  addAgentServer: () => Promise<number>;
  close: () => Promise<void>;
};

/**
 * A panel in this process on a fresh data folder (or PostgreSQL database), listening on loopback,
 * with its first admin signed in, a funded reseller and a live OSCam line agent beside it.
 */
export async function startBenchPanel(options: {
  databaseUrl: string | undefined;
  prefix: string;
  portBase: number;
  admin: { email: string; password: string };
  reseller: { email: string; password: string };
  resellerCredits: number;
  /** More settings of the panel, over the bench's own. */
  env?: Record<string, string>;
}): Promise<BenchPanel> {
  const target = await openTarget(options.databaseUrl, options.prefix);
  const port = options.portBase + Math.floor(Math.random() * 1000);
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      if (logs.length > 1000) logs.splice(0, logs.length - 1000);
      done();
    },
  });
  let built: BuiltApp | undefined;
  // An OSCam agent behind a NewCamd server: autocannon's unique ids make usernames longer than the
  // 20 characters a CCcam server accepts.
  const agent = await startLineAgent({ env: { AGENT_BACKEND: 'oscam' } });
  const close = async () => {
    await built?.close();
    await agent.cleanup();
    await target.drop();
  };
  try {
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LINEDESK_DATA_DIR: target.dataDir,
      LINEDESK_ADMIN_EMAIL: options.admin.email,
      LINEDESK_ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: 'info',
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      // The first scheduled backup of the embedded database falls a minute after start, inside the
      // figures; while it copies 100,000 lines (14-18 s on this machine) the panel answers nothing.
      // That pause is reported on its own (bench/RESULTS.md), not as the list's latency.
      BACKUP_INTERVAL_HOURS: '0',
      ...options.env,
      ...target.env,
    });
    built = await buildApp(config, { logStream });
    await built.app.listen({ port, host: '127.0.0.1' });
    const db = built.ctx.db;
    const admin = await signIn(url, options.admin);
    await signUpConfirmed(url, logs, options.reseller);
    const resellerId = (await signIn(url, options.reseller)).id;
    await addCredits(db, resellerId, options.resellerCredits);
    // Signed in again: the credits made the account a reseller.
    const reseller = await signIn(url, options.reseller);
    const addAgentServer = async () => {
      const res = await fetch(`${url}/api/servers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: url },
        body: JSON.stringify({
          server_name: 'Agent',
          host_ip: '127.0.0.1',
          port: 12000,
          api_port: agent.port,
          username: agent.username,
          password: agent.password,
          protocol: 'NewCamd',
        }),
      });
      const server = (await res.json()) as { id: number };
      // A server becomes active once the panel has reached its agent.
      await fetch(`${url}/api/servers/${server.id}/test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: url },
        body: '{}',
      });
      return server.id;
    };
    return { url, built, db, agent, logs, admin, reseller, addAgentServer, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A bare panel in this process on a fresh data folder (this process's DATABASE_URL, if any, is used
 * as it is), listening on loopback, with its first admin signed in.
 */
export async function startAdminPanel(options: { prefix: string; portBase: number }) {
  const port = options.portBase + Math.floor(Math.random() * 1000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `linedesk-bench-${options.prefix}-`));
  const url = `http://127.0.0.1:${port}`;
  const login = { email: 'bench@example.com', password: 'bench-password-1' };
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LINEDESK_DATA_DIR: dataDir,
    LINEDESK_ADMIN_EMAIL: login.email,
    LINEDESK_ADMIN_PASSWORD: login.password,
    LOG_LEVEL: 'warn',
  });
  const built = await buildApp(config);
  const close = async () => {
    await built.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await built.app.listen({ port, host: '127.0.0.1' });
    const admin = await signIn(url, login);
    return { url, built, admin, close };
  } catch (error) {
    await close();
    throw error;
  }
}
