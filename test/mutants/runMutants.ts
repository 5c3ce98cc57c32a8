/**
 * node test/mutants/runMutants.ts [--seeds N] [--suites a,b] [name...]: puts each deliberate bug of mutants.ts
 * into src/ alone, runs the execution, journal and risk suites plus `npm run chaos`, restores the
 * file, and prints bug → failing tests. Never run it in parallel with anything reading src/.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MUTANTS, type Mutant } from './mutants.ts';

const SUITES = ['test/execution', 'src/execution', 'src/journal', 'src/risk'];

interface VitestJson {
  readonly testResults: readonly {
    readonly name: string;
    readonly assertionResults: readonly { readonly fullName: string; readonly status: string }[];
  }[];
}

function apply(m: Mutant): Map<string, string> {
  const originals = new Map<string, string>();
  for (const e of m.edits) {
    const before = originals.get(e.file) ?? readFileSync(e.file, 'utf8');
    if (!originals.has(e.file)) originals.set(e.file, before);
    const now = readFileSync(e.file, 'utf8');
    if (!now.includes(e.find)) throw new Error(`${m.name}: text to replace not found in ${e.file}`);
    writeFileSync(e.file, now.replace(e.find, e.replace));
  }
  return originals;
}

function failingTests(suites: readonly string[]): string[] {
  const out = join(tmpdir(), `mutant-${process.pid}.json`);
  spawnSync('npx', ['vitest', 'run', ...suites, '--reporter=json', `--outputFile=${out}`], {
    stdio: 'ignore',
  });
  const json = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
  rmSync(out, { force: true });
  const failed: string[] = [];
  for (const f of json.testResults)
    for (const a of f.assertionResults)
      if (a.status === 'failed') failed.push(`${f.name.replace(`${process.cwd()}/`, '')} › ${a.fullName}`);
  return failed;
}

function chaos(seeds: number): string {
  const r = spawnSync(process.execPath, ['test/chaos/run.ts', '--seeds', String(seeds)], {
    encoding: 'utf8',
  });
  const crash = `crashed (${r.status}: ${/^\w*Error: .*$/m.exec(r.stderr)?.[0] ?? 'no message'})`;
  const v = /violations\s+(\d+)/.exec(r.stdout)?.[1] ?? crash;
  return `${v} of ${seeds} seeds`;
}

const { values, positionals } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1000' },
    suites: { type: 'string', default: SUITES.join(',') },
  },
  allowPositionals: true,
});
const chosen = positionals.length > 0 ? MUTANTS.filter((m) => positionals.includes(m.name)) : MUTANTS;
for (const m of chosen) {
  const originals = apply(m);
  try {
    // A mutant outside execution/journal/risk names its own suites, unless --suites says otherwise.
    const explicit = process.argv.some((a) => a.startsWith('--suites'));
    const failed = failingTests(explicit || m.suites === undefined ? values.suites.split(',') : m.suites);
    const c = Number(values.seeds) > 0 ? chaos(Number(values.seeds)) : 'not run';
    process.stdout.write(
      `## ${m.name}: ${m.bug}\nchaos violations: ${c}\nfailing tests (${failed.length}):\n`,
    );
    for (const f of failed) process.stdout.write(`- ${f}\n`);
    process.stdout.write('\n');
  } finally {
    for (const [file, text] of originals) writeFileSync(file, text);
  }
}
