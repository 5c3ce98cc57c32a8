/**
 * npm run mutation:changed [-- --base REF] [--list]: StrykerJS, incremental, over the source files of
 * src/{execution,journal,scheduler,risk,kernel} and backtest/metrics that differ from REF (default
 * main: committed on this branch since it forked, staged, unstaged or new). Prints the score of each
 * folder and every survivor; exits 1 when a folder is below 85 % killed. A survivor is killed with a
 * test, or judged equivalent in test/MUTATIONS.md (and, where it is, disabled by a
 * `// Stryker disable next-line <mutator>: why` comment so the score leaves it out).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { folderOf, GOAL, type Report, scoresByFolder } from './strykerScores.ts';

const { values } = parseArgs({
  options: { base: { type: 'string', default: 'main' }, list: { type: 'boolean', default: false } },
});

function git(...args: string[]): string[] {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.split('\n').filter((l) => l !== '');
}

const changed = [
  ...git('diff', '--name-only', '--diff-filter=AMR', `${values.base}...HEAD`),
  ...git('diff', '--name-only', '--diff-filter=AMR', 'HEAD'),
  ...git('ls-files', '--others', '--exclude-standard'),
];
const files = [...new Set(changed)]
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && folderOf(f) !== undefined && existsSync(f))
  .sort();

if (files.length === 0) {
  process.stdout.write(`no source file of the mutation-tested folders differs from ${values.base}\n`);
  process.exit(0);
}
process.stdout.write(`mutating (against ${values.base}):\n${files.map((f) => `  ${f}\n`).join('')}`);
if (values.list) process.exit(0);

const run = spawnSync(
  'node_modules/.bin/stryker',
  ['run', 'stryker.changed.config.mjs', '--mutate', files.join(',')],
  { stdio: 'inherit' },
);
if (run.status !== 0) process.exit(run.status ?? 1);

const report = JSON.parse(readFileSync('var/stryker-changed.json', 'utf8')) as Report;
let below = false;
for (const s of scoresByFolder(report, files)) {
  const score = s.valid === 0 ? 1 : s.killed / s.valid;
  below ||= score < GOAL;
  process.stdout.write(
    `${s.folder}: ${(score * 100).toFixed(1)} % killed (${s.killed}/${s.valid})${score < GOAL ? ' — below 85 %' : ''}\n`,
  );
  for (const line of s.survivors) process.stdout.write(`  survived: ${line}\n`);
}
if (below)
  process.stdout.write('kill each survivor with a test, or judge it equivalent in test/MUTATIONS.md\n');
process.exit(below ? 1 : 0);
