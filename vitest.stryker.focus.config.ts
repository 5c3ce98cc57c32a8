import { defineConfig } from 'vitest/config';

/**
 * The suites StrykerJS may run for one focused target (`stryker.focus.config.mjs`): the unit tests
 * beside the risk gate, the redactor and the backtest metrics, plus the in-process scenario tests
 * that drive the gate. Stryker's `related` mode narrows this to the files importing the target.
 */
export default defineConfig({
  test: {
    include: [
      'src/risk/**/*.test.ts',
      'src/log/**/*.test.ts',
      'backtest/metrics/**/*.test.ts',
      'test/backtest/referenceMetrics.test.ts',
      'test/execution/**/*.test.ts',
    ],
    exclude: ['test/execution/sigkill*.test.ts', 'node_modules/**'],
    setupFiles: ['test/setup/tempRoot.ts', 'test/setup/hostDir.ts', 'test/setup/secretScan.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
