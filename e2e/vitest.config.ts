import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The app server inherits this: agents in these specs run on this machine, which may be busy
    // with other work, so a call to one gets more than the production default of 5 s.
    env: { SERVER_API_TIMEOUT_MS: '30000' },
  },
});
