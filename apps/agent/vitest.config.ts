import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test file drives real agent processes, which take a moment to boot under tsx, and longer
    // on a machine busy with other work; these limits only stop a test that hangs.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // The agents under test run in processes of their own; the test files share their workers'
    // loaded modules instead of a new process each (24 files: 77.0 → 69.6 CPU seconds; #53).
    isolate: false,
  },
});
