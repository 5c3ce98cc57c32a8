import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'strategies/**/*.test.ts', 'backtest/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    // Every file runs with the secret tap on and ends with the scan (test/security/README.md).
    setupFiles: ['test/setup/tempRoot.ts', 'test/setup/hostDir.ts', 'test/setup/secretScan.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
