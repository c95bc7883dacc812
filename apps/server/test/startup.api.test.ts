import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, spawnServer, spawnServerOnFreePort } from './support/server-process.js';
import { freePort } from './support/ports.js';

// These tests start the server as `npm start` does: the compiled bundle run by plain node. A start
// waits on its own readiness line; the limit is only for a start that never comes, and is generous
// because a loaded machine can take tens of seconds to create a fresh database.
const PROCESS_TEST_MS = 240_000; // two starts of up to 110 s each, plus the requests

const dirs: string[] = [];
beforeAll(buildServerBundle);
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('the server process', () => {
  it(
    'on a fresh data folder prints the URL and a generated admin login that works, then stops cleanly on SIGTERM',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ld-start-'));
      dirs.push(dataDir);
      const { server: run, port } = await spawnServerOnFreePort({ LINEDESK_DATA_DIR: dataDir });
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
      const { server: again } = await spawnServerOnFreePort({ LINEDESK_DATA_DIR: dataDir });
      expect(again.output()).not.toContain('Generated admin password');
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
