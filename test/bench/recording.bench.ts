/**
 * node test/bench/recording.bench.ts — the session recording (issue 47), each figure beside its
 * baseline in the same run:
 *  (a) intents/s end to end against the HTTP simulator (SystemClock, journal on disk) with the
 *      recording on (every venue call and answer, every transition and fill written, gzip as
 *      `perpflow run` writes it) against off; ROUNDS rounds, off and on alternating (which goes
 *      first alternates too, so a drift of the shared machine hits both), medians, as throughput
 *      and as the bot's CPU per intent (every thread: the compression's too). Goal: ≤ 5 % cost.
 *  (b) bytes of the recording of config/default.yaml run in sim mode (its strategies, polls and
 *      housekeeping; the embedded simulator's handler in process) for one hour of virtual time,
 *      times 24 for a day: an upper bound, the first hours being the busiest (from the third on,
 *      its risk limits halt trading and the strategies' intents are denied; `HOURS=24` records
 *      the whole day instead, across a UTC midnight and its rotation, in about 10 min): the text
 *      (uncompressed) and what is on disk (RecordFile's gzip), against the 20 MB/day budget.
 *      The default config trades every few seconds (3 s bars, a DCA every 15 s): a busy day.
 *  (c) replay speed: those hours replayed (`perpflow replay`'s path) against real time. Goal ≥ 100×.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/clock/Clock.ts';
import { createEventBus } from '../../src/execution/events.ts';
import { RecordFile } from '../../src/kernel/record/RecordFile.ts';
import { recordingFiles } from '../../src/kernel/record/readRecording.ts';
import { recordingText } from '../../src/kernel/record/recordingText.ts';
import { recordingVenue } from '../../src/kernel/record/recordingVenue.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { spawnSimServer } from '../execution/fixtures/spawnSimServer.ts';
import { sqliteJournal } from './support/benchJournals.ts';
import { intentsOverHttp } from './support/intentsOverHttp.ts';
import { recordDefaultConfig } from './support/recordDefaultConfig.ts';
import { type Heard, HearingRecorder, recordingCpuMs } from './support/recordingCpu.ts';

const N = 2_000;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
/** Hours of virtual time recorded for (b) and (c): 1 by default, `HOURS=24` for a whole day (about 10 min). */
const HOURS = Number(process.env.HOURS ?? 1);
/** What the measured hours make in a day. */
const perDay = (bytes: number): number => (bytes * 24) / HOURS;
const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The recording's venue wrapper and event tap, writing to a file as `perpflow run` does. */
function recordingTap(clock: Clock, heard?: (h: readonly Heard[]) => void) {
  const path = join(mkdtempSync(join(tmpdir(), 'pf-bench-rec-')), 'bench.rec');
  const file = new RecordFile(path, clock, 64 * 1024 * 1024);
  file.open();
  const rec = new HearingRecorder(file, clock, []);
  const events = createEventBus();
  events.subscribe((e) => rec.event(e));
  return {
    venue: (v: Parameters<typeof recordingVenue>[0]) => recordingVenue(v, rec, clock),
    events,
    // The account's earlier fills, booked at the start: written before the timed part begins.
    settled: async () => {
      await file.settled();
      rec.from();
    },
    close: async () => {
      await rec.close();
      heard?.(rec.heard);
    },
  };
}

async function intentsPerSecond(): Promise<{
  on: number;
  off: number;
  cpuOn: number;
  cpuOff: number;
  /** Each round's on / off, intents/s and CPU per intent (off / on): paired, so a drift of the machine between rounds cancels. */
  rounds: readonly { readonly rate: number; readonly cpu: number }[];
  heard: readonly Heard[];
}> {
  let heard: readonly Heard[] = [];
  const sim = await spawnSimServer({ min: 0, max: 0 });
  const on: number[] = [];
  const off: number[] = [];
  const cpuOn: number[] = [];
  const cpuOff: number[] = [];
  try {
    let first = 0;
    await intentsOverHttp({ url: sim.url, n: 300, first, open: sqliteJournal() }); // warm-up
    first += 300;
    for (let i = 0; i < ROUNDS; i++)
      for (const recording of i % 2 === 0 ? [false, true] : [true, false]) {
        const r = await intentsOverHttp({
          url: sim.url,
          n: N,
          first,
          open: sqliteJournal(),
          ...(recording ? { tap: (c: Clock) => recordingTap(c, (h) => (heard = h)) } : {}),
        });
        first += N;
        (recording ? on : off).push(r.intentsPerSecond);
        (recording ? cpuOn : cpuOff).push(r.cpuMs / N);
        process.stderr.write(
          `round ${i + 1} recording ${recording ? 'on ' : 'off'}: ${r.intentsPerSecond.toFixed(0)} intents/s, ${((r.cpuMs / N) * 1000).toFixed(0)} µs CPU/intent\n`,
        );
      }
  } finally {
    await sim.stop();
  }
  const rounds = on.map((x, i) => ({
    rate: x / (off[i] ?? Number.NaN),
    cpu: (cpuOff[i] ?? Number.NaN) / (cpuOn[i] ?? Number.NaN),
  }));
  return { on: median(on), off: median(off), cpuOn: median(cpuOn), cpuOff: median(cpuOff), rounds, heard };
}

const rows: string[][] = [['measure', 'perpflow', 'baseline', 'ratio', 'goal']];
const ips = await intentsPerSecond();
rows.push([
  `(a) intents/s, recording on vs off (median of ${ROUNDS})`,
  ips.on.toFixed(0),
  ips.off.toFixed(0),
  (ips.on / ips.off).toFixed(3),
  '≥ 0.95',
]);
rows.push([
  `(a) the same, each round's on / off, median of the ${ROUNDS} ratios (min–max)`,
  '',
  '',
  `${median(ips.rounds.map((r) => r.rate)).toFixed(3)} (${Math.min(...ips.rounds.map((r) => r.rate)).toFixed(2)}–${Math.max(...ips.rounds.map((r) => r.rate)).toFixed(2)})`,
  '≥ 0.95',
]);
// The bot's own CPU per intent: what the recording costs, less disturbed by a shared machine.
rows.push([
  `(a) bot CPU µs/intent, off vs on (median of ${ROUNDS})`,
  (ips.cpuOff * 1000).toFixed(0),
  (ips.cpuOn * 1000).toFixed(0),
  (ips.cpuOff / ips.cpuOn).toFixed(3),
  '≥ 0.95',
]);
rows.push([
  `(a) the same, each round's off / on, median of the ${ROUNDS} ratios (min–max)`,
  '',
  '',
  `${median(ips.rounds.map((r) => r.cpu)).toFixed(3)} (${Math.min(...ips.rounds.map((r) => r.cpu)).toFixed(2)}–${Math.max(...ips.rounds.map((r) => r.cpu)).toFixed(2)})`,
  '≥ 0.95',
]);
// The steady figure on a shared machine: the recording's own CPU against the bot's, per intent.
const ownMs = (await recordingCpuMs(ips.heard)) / N;
rows.push([
  "(a) the recording's own CPU µs/intent (last on round's calls made again) vs the bot's, off",
  (ownMs * 1000).toFixed(1),
  (ips.cpuOff * 1000).toFixed(0),
  (ownMs / ips.cpuOff).toFixed(3),
  '≤ 0.05',
]);
const rec = await recordDefaultConfig(HOURS);
const files = recordingFiles(rec);
const onDisk = files.reduce((n, f) => n + statSync(f).size, 0);
const text = files.reduce((n, f) => n + Buffer.byteLength(recordingText(f)), 0);
rows.push([
  `(b) recording MB/day, config/default.yaml in sim, on disk (gzip), ${HOURS} h${HOURS === 24 ? '' : ` × ${24 / HOURS}`}`,
  `${(perDay(onDisk) / 1e6).toFixed(2)} MB`,
  '20 MB',
  (perDay(onDisk) / 20e6).toFixed(3),
  '≤ 1',
]);
rows.push([
  `(b) recording MB/day, the same as text (uncompressed), ${HOURS} h${HOURS === 24 ? '' : ` × ${24 / HOURS}`}`,
  `${(perDay(text) / 1e6).toFixed(2)} MB`,
  '20 MB',
  (perDay(text) / 20e6).toFixed(3),
  '-',
]);
const speeds: number[] = [];
for (let i = 0; i < 3; i++) {
  const w0 = performance.now();
  const o = await replaySession(rec);
  const wall = performance.now() - w0;
  const diverged = o.segments.find((g) => g.divergence !== undefined);
  if (diverged !== undefined)
    throw new Error(`the default config hour diverged on replay: ${JSON.stringify(diverged.divergence)}`);
  speeds.push(o.recordedMs / wall);
}
rows.push([
  `(c) replay speed, ${HOURS} h of the default config (median of 3)`,
  `${median(speeds).toFixed(0)}×`,
  '1× (real time)',
  median(speeds).toFixed(0),
  '≥ 100',
]);
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
for (const r of rows) process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}\n`);
process.stdout.write(
  `recording of the ${HOURS} h: ${onDisk} bytes on disk, ${text} as text (${files.join(', ')})\n`,
);
