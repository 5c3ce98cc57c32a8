// StrykerJS on one target with only the tests that import it (vitest `related`), one mutant at a
// time on a shared machine:
//   STRYKER_TARGET=risk npx stryker run stryker.focus.config.mjs --mutate 'src/risk/**/*.ts,!src/**/*.test.ts' --concurrency 1
// The JSON report goes to var/stryker-$STRYKER_TARGET.json.
// Scores per target are kept in test/MUTATIONS.md.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.stryker.focus.config.ts', related: true },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `var/stryker-${process.env.STRYKER_TARGET ?? 'focus'}.json` },
  // A run per target keeps its own sandbox, so two targets never share a temp folder.
  tempDirName: `var/stryker-tmp-${process.env.STRYKER_TARGET ?? 'focus'}`,
  concurrency: 1,
};
