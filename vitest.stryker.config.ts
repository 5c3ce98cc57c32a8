import { defineConfig } from 'vitest/config';

/** The suites StrykerJS runs against each mutant: in-process unit and scenario tests (no child processes). */
export default defineConfig({
  test: {
    include: [
      'src/execution/**/*.test.ts',
      'src/journal/**/*.test.ts',
      'src/risk/**/*.test.ts',
      'test/execution/**/*.test.ts',
      'test/journal/**/*.test.ts',
    ],
    exclude: ['test/execution/sigkill*.test.ts', 'node_modules/**'],
    setupFiles: ['test/setup/tempRoot.ts', 'test/setup/hostDir.ts', 'test/setup/secretScan.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
