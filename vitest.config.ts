import { defineConfig } from 'vitest/config';
import { localeSplitPlugin } from './apps/web/build/locale-split.plugin.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The web app's locale files load in two parts (apps/web/vite.config.ts), in its tests too.
        plugins: [localeSplitPlugin()],
        test: {
          name: 'unit',
          environment: 'node',
          // Only stops a test that hangs. vitest's default of 5 s is a time limit a unit test can miss
          // on a machine busy with other work (compiling every contract's serializer took 6.7 s at a
          // load of 20-30, against 1 s on a quiet one); how fast code runs is the bench's business.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each worker runs its files with the modules it has loaded instead of a new process per
          // file: no unit test mocks a module or changes the environment (71 files: 53.4 → 23.7 CPU
          // seconds; bench/RESULTS.md, #53).
          isolate: false,
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        // Components of the web app drawn in a simulated browser (happy-dom) and used as a person
        // would (Testing Library): what a table or a form shows and does, without a server or Chromium.
        plugins: [localeSplitPlugin()],
        test: {
          name: 'component',
          environment: 'happy-dom',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/test-support/component-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          setupFiles: ['apps/server/test/support/statement-overlap-guard.ts'],
          // Only stops a test that hangs; on a machine busy with other work a test's own waits (up to
          // 30 s for an event or a settled outbox) must fit inside it.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
          // Each worker process runs its files one after another with the modules it has loaded:
          // a fresh process per file loaded the server's modules and compiled PGlite's WebAssembly
          // again for every one of the ~100 files (12 small files: 140 → 63 CPU seconds on PGlite,
          // 65 → 31 on PostgreSQL; bench/RESULTS.md, #53). Every file starts and closes its
          // own servers and database copies, and the server keeps no state in a module that its
          // start does not set, so nothing a file leaves reaches the next.
          isolate: false,
        },
      },
    ],
  },
});
