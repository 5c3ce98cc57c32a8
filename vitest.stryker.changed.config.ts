import { defineConfig } from 'vitest/config';

/**
 * The suites `npm run mutation:changed` lets StrykerJS run against a changed file's mutants (its
 * `related` mode narrows them to the files importing the target): the unit tests of the six
 * folders and the in-process suites that drive them. Suites that start PostgreSQL (seconds each,
 * for every mutant) join only with STRYKER_PG=1; child-process and end-to-end suites never.
 */
const pg = process.env.STRYKER_PG === '1';

export default defineConfig({
  test: {
    include: [
      'src/execution/**/*.test.ts',
      'src/journal/**/*.test.ts',
      'src/scheduler/**/*.test.ts',
      'src/risk/**/*.test.ts',
      'src/kernel/**/*.test.ts',
      'backtest/metrics/**/*.test.ts',
      'test/backtest/referenceMetrics.test.ts',
      'test/execution/**/*.test.ts',
      'test/journal/**/*.test.ts',
      'test/scheduler/**/*.test.ts',
      'test/kernel/**/*.test.ts',
      ...(pg ? ['test/sweep/sweepQueue.test.ts', 'test/sweep/sweepCompleteInTx.test.ts'] : []),
    ],
    exclude: [
      'node_modules/**',
      '**/*.e2e.test.ts',
      'test/execution/sigkill*.test.ts',
      ...(pg
        ? []
        : [
            'test/journal/pg*.test.ts',
            'test/journal/postgres*.test.ts',
            'test/journal/journalContract.test.ts',
            'test/scheduler/misfireTakeOver.test.ts',
          ]),
    ],
    setupFiles: ['test/setup/tempRoot.ts', 'test/setup/secretScan.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
