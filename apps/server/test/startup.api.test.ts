import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/test-server.js';

const serverDir = path.resolve(import.meta.dirname, '..');
// These tests start the server as `npm start` does: the compiled bundle run by plain node.
const bundle = path.join(serverDir, 'dist/main.js');
// A process start waits on its own readiness line; the limit is only for a start that never comes,
// and is generous because a loaded machine can take tens of seconds to create a fresh database.
const PROCESS_TEST_MS = 240_000; // two starts of up to 110 s each, plus the requests

const dirs: string[] = [];
beforeAll(() => {
  const built = spawnSync(process.execPath, [path.resolve(serverDir, '../../scripts/build-server.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`Building the server failed:\n${built.stdout}${built.stderr}`);
});
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

type Run = { output: () => string; exit: Promise<number | null>; kill: (signal: NodeJS.Signals) => void };

function runServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exit, kill: (signal) => child.kill(signal) };
}

async function waitFor(check: () => boolean, ms = 110_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it(
    'on a fresh data folder prints the URL and a generated admin login that works, then stops cleanly on SIGTERM',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ld-start-'));
      dirs.push(dataDir);
      const port = await freePort();
      const run = runServer({ PORT: String(port), HOST: '127.0.0.1', LINEDESK_DATA_DIR: dataDir });
      await waitFor(() => run.output().includes('Generated admin password'));
      const out = run.output();
      expect(out).toContain('Database initialized successfully');
      expect(out).toContain(`Linedesk is running at http://localhost:${port}`);
      const password = out.match(/Generated admin password[^:]*: (\S+)/)?.[1];
      expect(password).toBeTruthy();
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@linedesk.local', password }),
      });
      expect(signIn.status).toBe(200);
      expect((await signIn.json()).is_admin).toBe(true);
      // The secret was generated and kept for the next start.
      expect((await readFile(path.join(dataDir, 'secret.key'), 'utf8')).trim().length).toBeGreaterThanOrEqual(
        32,
      );

      run.kill('SIGTERM');
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('SIGTERM received, shutting down');

      // A second start on the same folder keeps the admin and prints no new password.
      const again = runServer({ PORT: String(port), HOST: '127.0.0.1', LINEDESK_DATA_DIR: dataDir });
      await waitFor(() => again.output().includes('Linedesk is running'));
      expect(again.output()).not.toContain('Generated admin password');
      again.kill('SIGTERM');
      expect(await again.exit).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses to start, with the reason, when the database cannot be opened',
    async () => {
      const run = runServer({
        PORT: String(await freePort()),
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      });
      expect(await run.exit).toBe(1);
      expect(run.output()).toContain('Error initializing database:');
      expect(run.output()).toMatch(/ECONNREFUSED|connect/);
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses to start on a bad setting, naming it',
    async () => {
      const run = runServer({ PORT: 'eighty' });
      expect(await run.exit).toBe(1);
      expect(run.output()).toContain('Invalid configuration');
      expect(run.output()).toContain('PORT');
    },
    PROCESS_TEST_MS,
  );
});
