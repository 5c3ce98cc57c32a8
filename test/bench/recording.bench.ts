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
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { createEventBus } from '../../src/execution/events.ts';
import { simEdges } from '../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { Recorder } from '../../src/kernel/record/Recorder.ts';
import { RecordFile } from '../../src/kernel/record/RecordFile.ts';
import { recordingFiles } from '../../src/kernel/record/readRecording.ts';
import { recordEdges, recorderTap } from '../../src/kernel/record/recorderFor.ts';
import { recordingText } from '../../src/kernel/record/recordingText.ts';
import { recordingVenue } from '../../src/kernel/record/recordingVenue.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { driveClock } from '../../src/replay/driveClock.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { spawnSimServer } from '../execution/fixtures/spawnSimServer.ts';
import { sqliteJournal } from './support/benchJournals.ts';
import { intentsOverHttp } from './support/intentsOverHttp.ts';

const N = 2_000;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const HOUR = 3_600_000;
/** Hours of virtual time recorded for (b) and (c): 1 by default, `HOURS=24` for a whole day (about 10 min). */
const HOURS = Number(process.env.HOURS ?? 1);
/** What the measured hours make in a day. */
const perDay = (bytes: number): number => (bytes * 24) / HOURS;
const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** One recorder call as the bot made it, and the turn of the event loop it was made in. */
type Heard =
  | { readonly turn: number; readonly call: Parameters<Recorder['call']> }
  | { readonly turn: number; readonly event: Parameters<Recorder['event']>[0] };

/** A Recorder that also keeps every call made to it after `from()`, with its turn. */
class HearingRecorder extends Recorder {
  readonly heard: Heard[] = [];
  private turn = 0;
  private armed = false;
  private hearing = false;

  from(): void {
    this.hearing = true;
  }

  private mark(): number {
    if (!this.armed) {
      this.armed = true;
      setImmediate(() => {
        this.armed = false;
        this.turn++;
      });
    }
    return this.turn;
  }

  override call(...a: Parameters<Recorder['call']>): void {
    if (this.hearing) this.heard.push({ turn: this.mark(), call: a });
    super.call(...a);
  }

  override event(e: Parameters<Recorder['event']>[0]): void {
    if (this.hearing) this.heard.push({ turn: this.mark(), event: e });
    super.event(e);
  }
}

/** The recording's venue wrapper and event tap, writing to a file as `perpflow run` does. */
function recordingTap(clock: Clock, heard?: (h: readonly Heard[]) => void) {
  const path = join(mkdtempSync(join(tmpdir(), 'pf-bench-rec-')), 'bench.rec');
  const file = new RecordFile(path, clock, 64 * 1024 * 1024);
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

/** The CPU (every thread's: the threadpool's compression too) of `body`, ms. */
async function cpuMsOf(body: () => Promise<void>): Promise<number> {
  const c0 = process.cpuUsage();
  await body();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/**
 * The recording's own CPU, apart from the bot's: what a run's recorder heard during its timed
 * part, made again on a fresh Recorder and file turn by turn as it came (encode, mask, batch,
 * gzip, write, until on disk), less the same turns with nothing recorded. Medians of 5.
 */
async function recordingCpuMs(heard: readonly Heard[]): Promise<number> {
  const turns = new Map<number, Heard[]>();
  for (const h of heard) turns.set(h.turn, [...(turns.get(h.turn) ?? []), h]);
  const groups = [...turns.values()];
  const nextTurn = () => new Promise((r) => setImmediate(r));
  const clock = new SystemClock();
  const costs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'pf-bench-rec-'));
    const rec = new Recorder(new RecordFile(join(dir, 'again.rec'), clock, 64 * 1024 * 1024), clock, []);
    const recording = await cpuMsOf(async () => {
      for (const g of groups) {
        for (const h of g)
          if ('call' in h) rec.call(...h.call);
          else rec.event(h.event);
        await nextTurn();
      }
      await rec.close();
    });
    const idle = await cpuMsOf(async () => {
      for (const _ of groups) await nextTurn();
    });
    costs.push(recording - idle);
  }
  return median(costs);
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
    // Untimed hooks, as its replay's: the bench's own load must not drop a hook's intents.
    hookBudgetMs: Number.POSITIVE_INFINITY,
  }).then((k) => {
    kernel = k;
  });
  const t0 = clock.now();
  await driveClock(clock, t0 + HOURS * HOUR);
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
const rec = await defaultConfigHour();
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
