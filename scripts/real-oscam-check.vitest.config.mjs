import { defineConfig } from 'vitest/config';

// Only the real-OSCam check (apps/server/test/real-oscam.check.ts), with the API tests' database setup.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['apps/server/test/real-oscam.check.ts'],
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
