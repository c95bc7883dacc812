import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test file drives real agent processes, which take a moment to boot under tsx.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
