/**
 * node test/bench/startup.bench.ts (`npm run bench -- startup`) — issue 42's start-up figure:
 * `perpflow --version` through the bin as an install runs it (bin/perpflow.js by its
 * `#!/usr/bin/env node` line, with this Node first on PATH as npm and npx put it), against
 * `node -e 0` on the same Node. Goal ≤ 1.5×. `perpflow --help` (the whole CLI loaded, compile
 * cache warm) is printed beside them for scale. Runs alternate, RUNS (default 31) each; the
 * median is reported because the machine is shared.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

const RUNS = Number(process.env.RUNS ?? 31);
const GOAL = 1.5;
const bin = join(import.meta.dirname, '../../bin/perpflow.js');
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };

const cases = {
  'node -e 0': [process.execPath, ['-e', '0']],
  'perpflow --version': [bin, ['--version']],
  'perpflow --help': [bin, ['--help']],
} as const satisfies Record<string, readonly [string, readonly string[]]>;
type Case = keyof typeof cases;

function timeOnce(name: Case): number {
  const [command, args] = cases[name];
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`${name} exited ${run.status}: ${run.stderr}`);
  return ms;
}

const names = Object.keys(cases) as Case[];
const samples = new Map<Case, number[]>(names.map((n) => [n, []]));
for (const name of names) timeOnce(name); // warm the page cache and the compile cache
for (let i = 0; i < RUNS; i++) for (const name of names) samples.get(name)?.push(timeOnce(name));

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};
const base = median(samples.get('node -e 0') ?? []);
process.stdout.write(`Node ${process.version}, ${RUNS} alternated runs each, median wall time\n`);
for (const name of names) {
  const m = median(samples.get(name) ?? []);
  process.stdout.write(`${name.padEnd(20)} ${m.toFixed(1).padStart(7)} ms  ${(m / base).toFixed(2)}×\n`);
}
const ratio = median(samples.get('perpflow --version') ?? []) / base;
process.stdout.write(`perpflow --version / node -e 0 = ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×)\n`);
process.exit(ratio <= GOAL ? 0 : 1);
