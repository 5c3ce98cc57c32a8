// StrykerJS on a target with the suites named by STRYKER_TESTS (comma-separated files or globs),
// no `related` selection, one mutant at a time, reusing the incremental file:
//   STRYKER_TESTS=src/kernel/venueAgreement.test.ts,test/kernel/finalCheck.test.ts \
//     node_modules/.bin/stryker run stryker.narrow.config.mjs --mutate src/kernel/venueAgreement.ts
// For targets whose importers are most of the end-to-end suites (`related` costs tens of seconds
// a mutant there). The JSON report goes to var/stryker-narrow.json.
import changed from './stryker.changed.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...changed,
  vitest: { configFile: 'vitest.stryker.narrow.config.ts', related: false },
  jsonReporter: { fileName: 'var/stryker-narrow.json' },
  tempDirName: 'var/stryker-tmp-narrow',
  // A mutant that hangs a test is a time-out after 20 s over the suites' own time, not 60.
  timeoutMS: 20_000,
  concurrency: 1,
};
