import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    // Only stops a spec that hangs: starting the app and Chromium on a busy machine can take minutes.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // One worker process runs the specs one after another with the modules it has loaded, instead of
    // a new process per spec loading vitest, Playwright and the support modules again (4 specs side by
    // side with and without: import 32.3 → 9.8 s, 65.4 → 61.0 CPU s; bench/RESULTS.md, #53). No spec
    // mocks a module; the ones that set a variable for their server's start delete it once started,
    // and every spec starts and stops its own server and browser.
    isolate: false,
    // One migrated data folder with the first admin, copied by every spec (support/app-server.ts).
    globalSetup: ['support/global-setup.ts'],
    // The app server inherits these. Agents in these specs run on this machine, which may be busy
    // with other work, so a call to one gets more than the production default of 5 s.
    // Scheduled backups are off so they do not compete with the specs; one is asked for by hand.
    env: { SERVER_API_TIMEOUT_MS: '30000', BACKUP_INTERVAL_HOURS: '0' },
  },
});
