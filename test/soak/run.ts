/**
 * `npm run soak -- --minutes N`: a dry run of the kernel (system clock, embedded simulator, SQLite
 * journal) under a steady intent rate. Reports RSS growth after a warm-up, event-loop delay p99,
 * intents processed and unhandled rejections. Goal for 10 minutes: RSS growth ≤ 10 %, p99 ≤ 20 ms,
 * no unhandled rejection.
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { dryRunEdges } from '../../src/kernel/edges/dryRunEdges.ts';
import { journalFileFor, paperAccountFileFor } from '../../src/kernel/journalFor.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { createLogger } from '../../src/log/createLogger.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const minutes = arg('minutes', 10);
const warmupMs = Math.min(60_000, (minutes * 60_000) / 5);

let rejections = 0;
process.on('unhandledRejection', (e) => {
  rejections++;
  process.stderr.write(`unhandled rejection: ${String(e)}\n`);
});

const clock = new SystemClock();
const loaded = await loadConfigWithStrategies(join(here, 'soak.yaml'));
const log = createLogger({ level: 'warn', file: null, clock });
// A dry run continues its journal and paper account across runs; a measurement starts from nothing.
const journalFile = journalFileFor(loaded.config.journal.path, loaded.config.mode);
for (const f of [journalFile, `${journalFile}-wal`, `${journalFile}-shm`, paperAccountFileFor(journalFile)])
  if (f !== undefined) rmSync(f, { force: true });
const edges = await dryRunEdges(loaded.config, { clock, log });
const kernel = await Kernel.start({ loaded, edges, clock, log });
let intents = 0;
let fills = 0;
kernel.executor.events$.subscribe((e) => {
  if (e.type === 'intentAccepted') intents++;
  if (e.type === 'fillApplied') fills++;
});
const delay = monitorEventLoopDelay({ resolution: 10 });
await clock.sleep(warmupMs);
global.gc?.();
const rssStart = process.memoryUsage().rss;
const heapStart = process.memoryUsage().heapUsed;
if (process.argv.includes('--heap-snapshots'))
  writeHeapSnapshot(join(here, '../../var/soak-start.heapsnapshot'));
const intentsStart = intents;
delay.enable();
const samples: number[] = [];
const heapSamples: number[] = [];
const end = clock.now() + minutes * 60_000 - warmupMs;
while (clock.now() < end) {
  await clock.sleep(Math.min(15_000, end - clock.now()));
  samples.push(process.memoryUsage().rss);
  heapSamples.push(process.memoryUsage().heapUsed);
}
delay.disable();
global.gc?.();
const rssEnd = process.memoryUsage().rss;
const heapEnd = process.memoryUsage().heapUsed;
if (process.argv.includes('--heap-snapshots'))
  writeHeapSnapshot(join(here, '../../var/soak-end.heapsnapshot'));
await kernel.stop();
await edges.close();
await log.close();

const mb = (b: number) => (b / 1_048_576).toFixed(1);
const growth = ((rssEnd - rssStart) / rssStart) * 100;
const p99 = delay.percentile(99) / 1e6;
const rows: readonly (readonly [string, string, string])[] = [
  ['minutes measured (after warm-up)', ((minutes * 60_000 - warmupMs) / 60_000).toFixed(1), ''],
  ['intents accepted', String(intents - intentsStart), ''],
  ['fills booked (whole run)', String(fills), ''],
  ['RSS start → end (MB)', `${mb(rssStart)} → ${mb(rssEnd)}`, ''],
  ['RSS growth', `${growth.toFixed(1)} %`, growth <= 10 ? 'ok (≤ 10 %)' : 'OVER 10 %'],
  ['heap used after GC start → end (MB)', `${mb(heapStart)} → ${mb(heapEnd)}`, ''],
  [
    'external / array buffers end (MB)',
    `${mb(process.memoryUsage().external)} / ${mb(process.memoryUsage().arrayBuffers)}`,
    '',
  ],
  ['event-loop delay p99', `${p99.toFixed(1)} ms`, p99 <= 20 ? 'ok (≤ 20 ms)' : 'OVER 20 ms'],
  ['unhandled rejections', String(rejections), rejections === 0 ? 'ok' : 'FAIL'],
];
for (const [k, v, verdict] of rows) process.stdout.write(`${k.padEnd(34)} ${v.padStart(20)}  ${verdict}\n`);
process.stdout.write(`RSS samples (MB): ${samples.map(mb).join(' ')}\n`);
process.stdout.write(`heap samples (MB): ${heapSamples.map(mb).join(' ')}\n`);
process.exit(growth <= 10 && p99 <= 20 && rejections === 0 ? 0 : 1);
