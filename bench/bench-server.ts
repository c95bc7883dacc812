// What the in-process benchmarks share: a fresh data folder or PostgreSQL database per run, and
// signing in (or up, confirmed through the logged mail) over HTTP as a browser would.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
