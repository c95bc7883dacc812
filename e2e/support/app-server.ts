import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { copyFolder } from '../../apps/server/test/support/copy-folder.js';
import { onFreePort } from '../../apps/agent/test/ports.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverBundle = path.join(repoRoot, 'apps/server/dist/main.js');
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

export type AppServer = {
  url: string;
  output: () => string;
  /** The newest confirmation link the server logged for this address (no SMTP configured). */
  confirmationLink: (email: string) => Promise<string>;
  /**
   * How many mails the server logged to this address. A new mail is told by the count: two links
   * made within the same second are the same signed token.
   */
  mailCount: (email: string) => number;
  stop: () => Promise<void>;
};

export async function waitUntil<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 110_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

type ServerRun = { child: ChildProcess; output: () => string; exited: Promise<void> };

/** The compiled server as `npm start` runs it, on `dataDir`; resolves once it says it is running. */
async function runServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ServerRun> {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LINEDESK_DATA_DIR: dataDir,
      LINEDESK_ADMIN_EMAIL: ADMIN.email,
      LINEDESK_ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  // Waits on the server's own readiness line; the limit (inside the specs' 300 s hook limit) only
  // catches a start that never comes.
  // A start past the limit is killed, as the API tests' are (server-process.ts, untilRunning).
  await waitUntil(
    () => (output.includes('Linedesk is running') || hasExited ? true : undefined),
    'the server to start',
    240_000,
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  if (hasExited) throw new Error(`The server exited while starting:\n${output}`);
  return { child, output: () => output, exited };
}

/**
 * Once per e2e run: builds the server bundle when its sources changed, and makes one data folder
 * that is migrated and holds the first admin. Every spec starts on a copy of it, since creating and
 * migrating a database takes seconds on an idle machine and can take minutes on a busy one.
 */
export async function prepareTemplateDataDir(): Promise<string> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build:web` first.');
  }
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`Building the server failed:\n${built.stdout}${built.stderr}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-e2e-template-'));
  const run = await onFreePort((port) => runServer(dataDir, port));
  run.child.kill('SIGTERM');
  await run.exited;
  // Each copy generates its own secret, as a fresh install does.
  await rm(path.join(dataDir, 'secret.key'), { force: true });
  return dataDir;
}

/**
 * The real server process, as `npm start` runs it (the compiled bundle), on a copy of the run's fresh
 * database; `env` adds to its configuration (a payment provider's stand-in address).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-e2e-'));
  await copyFolder(inject('templateDataDir'), dataDir);
  const { child, output, exited, port } = await onFreePort((port) => runServer(dataDir, port, env));
  const mailLines = (email: string) =>
    output()
      .split('\n')
      .filter((l) => l.includes(`Mail to ${email.toLowerCase()}:`));

  return {
    url: `http://127.0.0.1:${port}`,
    output,
    confirmationLink: (email) =>
      waitUntil(() => {
        const lines = mailLines(email);
        return lines.at(-1)?.match(/https?:\/\/\S+\/callback\?token=[^\s"]+/)?.[0];
      }, `a confirmation mail to ${email}`),
    mailCount: (email) => mailLines(email).length,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
