/**
 * npm run chaos -- --seeds N [--from S]: the chaos run of the test suite, on more seeds.
 * Prints seeds, violations (with the failing seeds to replay), crash points hit and time.
 * On a terminal a progress bar (stderr) shows the seeds done; piped or in CI it stays quiet.
 */
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { type RangeSummary, runRange } from './seedRange.ts';

function merge(a: RangeSummary, b: RangeSummary): RangeSummary {
  const add = (x: Readonly<Record<string, number>>, y: Readonly<Record<string, number>>) => {
    const out: Record<string, number> = { ...x };
    for (const [k, n] of Object.entries(y)) out[k] = (out[k] ?? 0) + n;
    return out;
  };
  return {
    seeds: a.seeds + b.seeds,
    failed: [...a.failed, ...b.failed],
    crashes: add(a.crashes, b.crashes),
    outcomes: add(a.outcomes, b.outcomes),
    events: add(a.events, b.events),
    ms: a.ms + b.ms,
  };
}

/** Seed by seed, so the bar moves; the summary is the same as one runRange over all of them. */
async function runWithProgress(from: number, count: number): Promise<RangeSummary> {
  const bar = process.stderr.isTTY
    ? new SingleBar({
        format: 'chaos {bar} {value}/{total} seeds | {violations} violations | eta {eta_formatted}',
        stream: process.stderr,
        hideCursor: true,
      })
    : undefined;
  bar?.start(count, 0, { violations: 0 });
  let total: RangeSummary = { seeds: 0, failed: [], crashes: {}, outcomes: {}, events: {}, ms: 0 };
  try {
    for (let seed = from; seed < from + count; seed++) {
      total = merge(total, await runRange(seed, 1));
      bar?.increment({ violations: total.failed.length });
    }
  } finally {
    bar?.stop();
  }
  return total;
}

const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '1000' }, from: { type: 'string', default: '1' } },
});
const seeds = Number(values.seeds);
const from = Number(values.from);
if (!Number.isInteger(seeds) || seeds < 1 || !Number.isInteger(from)) {
  process.stderr.write('usage: npm run chaos -- --seeds N [--from S]   (N ≥ 1, whole numbers)\n');
  process.exit(2);
}
const s = await runWithProgress(from, seeds);
const lines = [
  `seeds       ${s.seeds} (${from}..${from + seeds - 1})`,
  `violations  ${s.failed.length}`,
  `crashes     ${Object.entries(s.crashes)
    .map(([k, n]) => `${k}=${n}`)
    .join(' ')}`,
  `events      ${Object.entries(s.events)
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
