import { defineConfig } from 'vitest/config';

/**
 * The suites StrykerJS runs for `stryker.narrow.config.mjs`: exactly the files (or globs) named by
 * STRYKER_TESTS, comma-separated — for a target whose `related` tests are most end-to-end suites.
 */
const tests = (process.env.STRYKER_TESTS ?? '').split(',').filter((t) => t !== '');
if (tests.length === 0) throw new Error('STRYKER_TESTS names no test file');

export default defineConfig({
  test: {
    include: tests,
    exclude: ['node_modules/**'],
    setupFiles: ['test/setup/tempRoot.ts', 'test/setup/secretScan.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
