import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServerBundle,
  spawnServer,
  spawnServerOnFreePort,
  type SpawnedServer,
} from './support/server-process.js';
import { freePort } from '../../agent/test/ports.js';

// These tests start the server as `npm start` does: the compiled bundle run by plain node. A start
// waits on its own readiness line; the limit is only for a start that never comes, and is generous
// because a loaded machine can take tens of seconds to create a fresh database.
const PROCESS_TEST_MS = 240_000; // two starts of up to 110 s each, plus the requests

const dirs: string[] = [];
// A start whose test failed half-way is stopped here, not left running.
const started: SpawnedServer[] = [];
beforeAll(buildServerBundle);
afterAll(async () => {
  for (const server of started) server.kill('SIGKILL');
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('the server process', () => {
  it(
    'on a fresh data folder prints the addresses it listens on and, last, a box with the admin login that works; ordinary requests log nothing; it stops cleanly on SIGTERM',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ld-start-'));
      dirs.push(dataDir);
      // Every interface, as `npm start` listens by default.
      const { server: run, port } = await spawnServerOnFreePort({
        LINEDESK_DATA_DIR: dataDir,
        HOST: '0.0.0.0',
      });
      const out = run.output();
      expect(out).toContain('Database initialized successfully');
      expect(out).toContain(`Linedesk is running at http://localhost:${port}`);
      const listed = out.slice(out.indexOf('Listening on:'));
      expect(listed).toContain(`http://localhost:${port}`);
      const outside = Object.values(os.networkInterfaces())
        .flatMap((list) => list ?? [])
        .filter((info) => !info.internal && info.family === 'IPv4');
      for (const info of outside) expect(listed).toContain(`http://${info.address}:${port}`);
      const password = out.match(/Password: (\S+)\s+\(generated, shown only this once\)/)?.[1];
      expect(password).toBeTruthy();
      expect(out).toContain('Email:    admin@linedesk.local');
      expect(out).toContain('Forgot password?');

      // A visitor's ordinary requests: the page, its assets, a refused and a successful call.
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/sign-in`)).status).toBe(200);
      expect((await fetch(`${base}/api/me`)).status).toBe(401);
      const signIn = await fetch(`${base}/api/auth/sign-in`, {
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
      const code = await run.exit;
      const all = run.output();
      // What the process printed goes with each failure below: it is the only evidence of why.
      expect(code, all).toBe(0);
      expect(all, all).toContain('SIGTERM received, shutting down');
      // Until the shutdown, the box was the last thing on screen: the requests above wrote nothing.
      // Only a request slower than the slow-request mark may log, and then as a warning an operator
      // wants: on a machine busy with other work, signing in can pass that mark. So may the first
      // scheduled backup, due a minute after the start, which such a machine can reach before the
      // requests above are done.
      const beforeStop = all.slice(0, all.lastIndexOf('\n', all.indexOf('SIGTERM received'))).trimEnd();
      // A filtered line may follow the blank line after the box: blank lines are no output either.
      const onScreen = beforeStop
        .split('\n')
        .filter(
          (line) =>
            line.trim() !== '' &&
            !line.includes('"msg":"slow request"') &&
            !line.includes('"msg":"Backup written"'),
        );
      expect(onScreen.at(-1), all).toMatch(/^└─+┘$/);
      expect(beforeStop, all).not.toMatch(/request completed|incoming request/);

      // A second start on the same folder keeps the admin and prints no box nor password.
      const { server: again } = await spawnServerOnFreePort({ LINEDESK_DATA_DIR: dataDir });
      started.push(again);
      expect(again.output()).toContain('Listening on:');
      expect(again.output()).not.toContain('Password:');
      expect(again.output()).not.toContain('┌');
      again.kill('SIGTERM');
      expect(await again.exit).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses to start, with the reason, when the database cannot be opened',
    async () => {
      const run = spawnServer({
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
      const run = spawnServer({ PORT: 'eighty' });
      expect(await run.exit).toBe(1);
      expect(run.output()).toContain('Invalid configuration');
      expect(run.output()).toContain('PORT');
    },
    PROCESS_TEST_MS,
  );
});
