/**
 * npm run chaos -- --seeds N [--from S]: the chaos run of the test suite, on more seeds.
 * Prints seeds, violations (with the failing seeds to replay), crash points hit and time.
 */
import { parseArgs } from 'node:util';
import { runRange } from './seedRange.ts';

const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '1000' }, from: { type: 'string', default: '1' } },
});
const seeds = Number(values.seeds);
const from = Number(values.from);
if (!Number.isInteger(seeds) || seeds < 1 || !Number.isInteger(from)) {
  process.stderr.write('usage: npm run chaos -- --seeds N [--from S]   (N ≥ 1, whole numbers)\n');
  process.exit(2);
}
const s = await runRange(from, seeds);
const lines = [
  `seeds       ${s.seeds} (${from}..${from + seeds - 1})`,
  `violations  ${s.failed.length}`,
  `crashes     ${Object.entries(s.crashes)
    .map(([k, n]) => `${k}=${n}`)
    .join(' ')}`,
  `requests    ${Object.entries(s.outcomes)
    .sort()
    .map(([k, n]) => `${k}=${n}`)
    .join(' ')}`,
  `time        ${(s.ms / 1000).toFixed(1)} s (${(s.ms / seeds).toFixed(1)} ms/seed)`,
];
for (const f of s.failed.slice(0, 20))
  lines.push(`  seed ${f.seed} (crash ${f.crashedAt ?? 'none'}): ${f.violations.join('; ')}`);
process.stdout.write(`${lines.join('\n')}\n`);
process.exitCode = s.failed.length > 0 ? 1 : 0;
