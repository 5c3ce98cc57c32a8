// StrykerJS over the files a change touches (`npm run mutation:changed`, test/mutants/strykerChanged.ts
// gives `--mutate`), incremental: results of mutants whose code and tests did not change are
// reused from var/stryker-incremental.json, so a rerun costs only what changed. One mutant at a
// time (a shared 2-core host); tests narrowed to those importing the mutated file (`related`).
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: [],
  vitest: { configFile: 'vitest.stryker.changed.config.ts', related: true },
  incremental: true,
  incrementalFile: 'var/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'var/stryker-changed.json' },
  tempDirName: 'var/stryker-tmp-changed',
  concurrency: 1,
};
