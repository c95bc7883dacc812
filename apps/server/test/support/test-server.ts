import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { UNDECLARED_ERROR_LOG } from '../../src/platform/route.js';
import { copyFolder } from './copy-folder.js';
import { repoTestData } from './global-setup.js';
import { reservePort } from '../../../agent/test/ports.js';
import { TestClient } from './test-client.js';
import { adminQuery, databaseUrl, testPostgresUrl, uniqueName } from './test-database.js';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

export type TestServer = {
  url: string;
  built: BuiltApp;
  logs: string[];
  client: (options?: { ip?: string }) => TestClient;
  admin: () => Promise<TestClient>;
  /** The newest confirmation link the server logged for this address (no SMTP in tests). */
  confirmationLink: (email: string) => string;
  signUpConfirmed: (email: string, password?: string, extra?: Record<string, unknown>) => Promise<TestClient>;
  close: () => Promise<void>;
};

let ipCounter = 1;
/** Each client gets its own address (via X-Forwarded-For) so per-IP limits stay per test. */
function nextIp() {
  ipCounter += 1;
  return `10.${(process.pid % 200) + 1}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/**
 * A real server on a free port over a fresh copy of the migrated template database, or (embedded only)
 * over an existing data folder, which then stays when the server closes.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<TestServer> {
  // Held while the app is built (seconds, with the database copied and migrated), let go just
  // before the app listens on it: a port only probed was once taken meanwhile (EADDRINUSE).
  const { port, release } = await reservePort();
  const pgUrl = options.dataDir ? undefined : testPostgresUrl();
  const dataDir = options.dataDir ?? path.join(repoTestData, uniqueName('run'));
  let dbName: string | undefined;
  if (options.dataDir) {
    // The caller's folder, as it is.
  } else if (pgUrl) {
    dbName = uniqueName('ld_test');
    await adminQuery(pgUrl, `CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDatabase')}`);
  } else {
    await copyFolder(inject('templateDataDir'), dataDir);
  }
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LINEDESK_DATA_DIR: dataDir,
    LINEDESK_ADMIN_EMAIL: ADMIN.email,
    LINEDESK_ADMIN_PASSWORD: ADMIN.password,
    // The test clients connect from loopback and name their own address in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'info',
    // Agents in tests run on this machine, which may be busy with other work: a call to one is
    // given a generous limit, and only tests about timeouts set a short one.
    SERVER_API_TIMEOUT_MS: '30000',
    // A test that is about backups turns them on; the others should not spend time writing them.
    BACKUP_INTERVAL_HOURS: '0',
    ...(pgUrl && dbName ? { DATABASE_URL: databaseUrl(pgUrl, dbName) } : {}),
    ...env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  let built: BuiltApp;
  try {
    built = await buildApp(config, { logStream });
  } finally {
    await release();
  }
  await built.app.listen({ port, host: '127.0.0.1' });

  const client = (options: { ip?: string } = {}) => new TestClient(url, options.ip ?? nextIp());
  const confirmationLink = (email: string) => {
    const line = [...logs].reverse().find((l) => l.includes(`Mail to ${email.toLowerCase()}:`));
    const link = line?.match(/https?:\/\/\S+\/callback\?token=[^\s"]+/)?.[0];
    if (!link) throw new Error(`No confirmation mail for ${email} in the server log`);
    return link;
  };
  const server: TestServer = {
    url,
    built,
    logs,
    client,
    confirmationLink,
    admin: async () => {
      const c = client();
      const res = await c.post('/api/auth/sign-in', ADMIN);
      if (res.status !== 200)
        throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return c;
    },
    signUpConfirmed: async (email, password = 'user-password-1', extra = {}) => {
      const c = client();
      const res = await c.post('/api/auth/sign-up', { email, password, ...extra });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      const token = new URL(confirmationLink(email)).searchParams.get('token');
      const confirmed = await c.post('/api/auth/verify-email', { token });
      if (confirmed.status !== 200)
        throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
      return c;
    },
    close: async () => {
      await built.close();
      if (pgUrl && dbName) await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      // A route answered a code its contract does not list (platform/route.ts logs each under test):
      // the file fails, so a contract's `errors` cannot drift from what its route answers.
      const undeclared = logs.filter((line) => line.includes(UNDECLARED_ERROR_LOG));
      if (undeclared.length > 0) {
        const found = new Set(
          undeclared.map((line) => {
            const { route, code } = JSON.parse(line) as { route: string; code: string };
            return `${route}: ${code}`;
          }),
        );
        throw new Error(`Refusals their contracts do not list:\n${[...found].join('\n')}`);
      }
    },
  };
  return server;
}
