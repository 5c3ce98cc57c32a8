/**
 * node test/bench/recording.bench.ts — the session recording (issue 47), each figure beside its
 * baseline in the same run:
 *  (a) intents/s end to end against the HTTP simulator (SystemClock, journal on disk) with the
 *      recording on (every venue call and answer, every transition and fill written) against
 *      off; medians of 5 interleaved runs each, as throughput and as the bot's CPU per intent
 *      (the steadier figure on a shared machine). Goal: ≤ 5 % cost.
 *  (b) bytes per hour of the recording of config/default.yaml run in sim mode (its strategies,
 *      polls and housekeeping; the embedded simulator's handler in process, on a virtual clock),
 *      as written and as kept once the day's file is rotated (gzip), against the 20 MB/day budget.
 *      The default config trades every few seconds (3 s bars, a DCA every 15 s): a busy day.
 *  (c) replay speed: that hour replayed (`perpflow replay`'s path) against real time. Goal ≥ 100×.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Clock } from '../../src/clock/Clock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { createEventBus } from '../../src/execution/events.ts';
import { simEdges } from '../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { Recorder } from '../../src/kernel/record/Recorder.ts';
import { RecordFile } from '../../src/kernel/record/RecordFile.ts';
import { recordEdges, recorderTap } from '../../src/kernel/record/recorderFor.ts';
import { recordingVenue } from '../../src/kernel/record/recordingVenue.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { driveClock } from '../../src/replay/driveClock.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { spawnSimServer } from '../execution/fixtures/spawnSimServer.ts';
import { sqliteJournal } from './support/benchJournals.ts';
import { intentsOverHttp } from './support/intentsOverHttp.ts';

const N = 2_000;
const HOUR = 3_600_000;
const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The recording's venue wrapper and event tap, writing to a file as `perpflow run` does. */
function recordingTap(clock: Clock) {
  const path = join(mkdtempSync(join(tmpdir(), 'pf-bench-rec-')), 'bench.rec');
  const rec = new Recorder(new RecordFile(path, clock, 64 * 1024 * 1024), clock, []);
  const events = createEventBus();
  events.subscribe((e) => rec.event(e));
  return {
    venue: (v: Parameters<typeof recordingVenue>[0]) => recordingVenue(v, rec, clock),
    events,
    close: () => rec.close(),
  };
}

async function intentsPerSecond(): Promise<{ on: number; off: number; cpuOn: number; cpuOff: number }> {
  const sim = await spawnSimServer({ min: 0, max: 0 });
  const on: number[] = [];
  const off: number[] = [];
  const cpuOn: number[] = [];
  const cpuOff: number[] = [];
  try {
    let first = 0;
    await intentsOverHttp({ url: sim.url, n: 300, first, open: sqliteJournal() }); // warm-up
    first += 300;
    for (let i = 0; i < 5; i++) {
      const a = await intentsOverHttp({ url: sim.url, n: N, first, open: sqliteJournal() });
      off.push(a.intentsPerSecond);
      cpuOff.push(a.cpuMs / N);
      first += N;
      const b = await intentsOverHttp({
        url: sim.url,
        n: N,
        first,
        open: sqliteJournal(),
        tap: recordingTap,
      });
      on.push(b.intentsPerSecond);
      cpuOn.push(b.cpuMs / N);
      first += N;
    }
  } finally {
    await sim.stop();
  }
  return { on: median(on), off: median(off), cpuOn: median(cpuOn), cpuOff: median(cpuOff) };
}

/** config/default.yaml in sim mode for an hour of virtual time, recorded; the recording's path. */
async function defaultConfigHour(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pf-bench-default-'));
  const loaded0 = await loadConfigWithStrategies('config/default.yaml');
  const c = loaded0.config;
  const config = {
    ...c,
    mode: 'sim' as const,
    journal: { ...c.journal, path: join(dir, 'j.sqlite') },
    record: { ...c.record, path: join(dir, 'default.rec') },
  };
  const loaded = { ...loaded0, config };
  const clock = new VirtualClock(Date.UTC(2026, 2, 2, 9));
  const edges0 = await simEdges(config, { clock, log: silentLogger, inProcess: {} });
  const recorded = recordEdges(config, edges0, {
    clock,
    configFile: join(process.cwd(), 'config/default.yaml'),
  });
  if (recorded === undefined) throw new Error('sim mode records by default');
  let kernel: Kernel | undefined;
  void Kernel.start({
    loaded,
    edges: recorded.edges,
    clock,
    log: silentLogger,
    tap: recorderTap(recorded.recorder),
    processMetrics: false,
    allowSharedAccount: true,
  }).then((k) => {
    kernel = k;
  });
  const t0 = clock.now();
  await driveClock(clock, t0 + HOUR);
  recorded.recorder.stop();
  let stopped = false;
  void kernel?.stop().finally(() => {
    stopped = true;
  });
  await driveClock(clock, Number.POSITIVE_INFINITY, () => stopped);
  await recorded.recorder.close();
  await edges0.close();
  return recorded.recorder.path;
}

const rows: string[][] = [['measure', 'perpflow', 'baseline', 'ratio', 'goal']];
const ips = await intentsPerSecond();
rows.push([
  '(a) intents/s, recording on vs off (median of 5)',
  ips.on.toFixed(0),
  ips.off.toFixed(0),
  (ips.on / ips.off).toFixed(3),
  '≥ 0.95',
]);
// The bot's own CPU per intent: what the recording costs, less disturbed by a shared machine.
rows.push([
  '(a) bot CPU µs/intent, off vs on (median of 5)',
  (ips.cpuOff * 1000).toFixed(0),
  (ips.cpuOn * 1000).toFixed(0),
  (ips.cpuOff / ips.cpuOn).toFixed(3),
  '≥ 0.95',
]);
const rec = await defaultConfigHour();
const bytes = statSync(rec).size;
// What stays on disk once the day's file is rotated: gzipped (RecordFile's rotation).
const gzipped = gzipSync(readFileSync(rec)).length;
rows.push([
  '(b) recording MB/day, config/default.yaml in sim, as written',
  `${((bytes * 24) / 1e6).toFixed(2)} MB`,
  '20 MB',
  ((bytes * 24) / 20e6).toFixed(3),
  '≤ 1',
]);
rows.push([
  '(b) recording MB/day, the same once rotated (gzip)',
  `${((gzipped * 24) / 1e6).toFixed(2)} MB`,
  '20 MB',
  ((gzipped * 24) / 20e6).toFixed(3),
  '≤ 1',
]);
const speeds: number[] = [];
for (let i = 0; i < 3; i++) {
  const w0 = performance.now();
  const o = await replaySession(rec);
  const wall = performance.now() - w0;
  if (o.segments.some((g) => g.divergence !== undefined))
    throw new Error('the default config hour diverged on replay');
  speeds.push(o.recordedMs / wall);
}
rows.push([
  '(c) replay speed, 1 h of the default config (median of 3)',
  `${median(speeds).toFixed(0)}×`,
  '1× (real time)',
  median(speeds).toFixed(0),
  '≥ 100',
]);
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
for (const r of rows) process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}\n`);
process.stdout.write(`recording of the hour: ${bytes} bytes (${rec})\n`);
