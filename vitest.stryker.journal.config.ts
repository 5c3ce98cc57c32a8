import { defineConfig } from 'vitest/config';

/**
 * The suites StrykerJS runs against the SQLite journal's write path (`stryker.journal.config.mjs`:
 * TurnCommit, SqliteWrites, RowUpdates). With `related` on, nearly every end-to-end suite imports
 * the journal and each mutant cost 36 s; these are the suites that drive the write path itself —
 * the journal's unit tests, the damaged-file and previous-version suites, and the executor's
 * crash-point, write-ahead, journal-failure and turn suites. The contract and audit suites start
 * PostgreSQL (seconds for every mutant) and stay out.
 */
export default defineConfig({
  test: {
    include: [
      'src/journal/*.test.ts',
      'test/journal/damagedPages.test.ts',
      'test/journal/previousVersionJournal.test.ts',
      'test/execution/crash-points.test.ts',
      'test/execution/write-ahead.test.ts',
      'test/execution/journal-failure.test.ts',
      'test/execution/turns.test.ts',
    ],
    exclude: ['node_modules/**'],
    setupFiles: ['test/setup/tempRoot.ts', 'test/setup/secretScan.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
