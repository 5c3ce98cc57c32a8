// StrykerJS over the execution core, the journal and the risk gate: `npm run mutation:stryker`
// (all of it takes hours on two cores; `-- --mutate src/execution/PositionLedger.ts` for one file).
// The hand-written audit mutants run with `npm run mutation` (test/mutants, test/MUTATIONS.md).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  mutate: [
    'src/execution/**/*.ts',
    'src/venue/rfq/**/*.ts',
    'src/journal/**/*.ts',
    'src/risk/**/*.ts',
    '!src/**/*.test.ts',
  ],
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  // TypeScript 7 has no JavaScript API for Stryker's tsconfig rewriting; Node strips the types
  // itself, so pointing Stryker at no tsconfig is safe.
  tsconfigFile: 'var/no-tsconfig.json',
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  concurrency: 2,
  timeoutMS: 60_000,
  tempDirName: 'var/stryker-tmp',
};
