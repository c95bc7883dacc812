import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverBundle = path.join(repoRoot, 'apps/server/dist/main.js');
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

export type AppServer = {
  url: string;
  output: () => string;
  /** The newest confirmation link the server logged for this address (no SMTP configured). */
  confirmationLink: (email: string) => Promise<string>;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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

/** The real server process, as `npm start` runs it (the compiled bundle), on a fresh embedded database. */
export async function startAppServer(): Promise<AppServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build:web` first.');
  }
  // Builds the server bundle when its sources changed (a quick no-op otherwise), so a spec never
  // drives a stale build.
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`Building the server failed:\n${built.stdout}${built.stderr}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LINEDESK_DATA_DIR: dataDir,
      LINEDESK_ADMIN_EMAIL: ADMIN.email,
      LINEDESK_ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // Waits on the server's own readiness line; the limit (inside the specs' 300 s hook limit) only
  // catches a start that never comes, since creating a fresh database on a loaded machine can take minutes.
  await waitUntil(
    () => (output.includes('Linedesk is running') ? true : undefined),
    'the server to start',
    240_000,
  );

  return {
    url,
    output: () => output,
    confirmationLink: (email) =>
      waitUntil(() => {
        const lines = output.split('\n').filter((l) => l.includes(`Mail to ${email.toLowerCase()}:`));
        return lines.at(-1)?.match(/https?:\/\/\S+\/callback\?token=[^\s"]+/)?.[0];
      }, `a confirmation mail to ${email}`),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
