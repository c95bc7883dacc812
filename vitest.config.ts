import { defineConfig } from 'vitest/config';
import { localeSplitPlugin } from './apps/web/build/locale-split.plugin';

export default defineConfig({
  test: {
    projects: [
      {
        // The web app's locale files load in two parts (apps/web/vite.config.ts), in its tests too.
        plugins: [localeSplitPlugin()],
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // Only stops a test that hangs; on a machine busy with other work a test's own waits (up to
          // 30 s for an event or a settled outbox) must fit inside it.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
