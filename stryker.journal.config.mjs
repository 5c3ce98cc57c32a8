// StrykerJS over the SQLite journal's write path (TurnCommit, SqliteWrites, RowUpdates): with the
// changed-files config's `related` mode nearly every end-to-end suite imports the journal (36 s a
// mutant), so this one runs a fixed list of the suites that drive the write path
// (vitest.stryker.journal.config.ts), one mutant at a time, reusing the incremental file:
//   node_modules/.bin/stryker run stryker.journal.config.mjs --mutate src/journal/TurnCommit.ts
import changed from './stryker.changed.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...changed,
  vitest: { configFile: 'vitest.stryker.journal.config.ts', related: false },
  jsonReporter: { fileName: 'var/stryker-journal.json' },
  tempDirName: 'var/stryker-tmp-journal',
  // The suites take about 2 s; a mutant that hangs a commit is a time-out after 20 s, not 60.
  timeoutMS: 20_000,
  concurrency: 1,
};
