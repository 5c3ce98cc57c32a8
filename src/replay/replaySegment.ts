import { dirname } from 'node:path';
import type { PerpflowConfig } from '../config/schema.ts';
import { SimulatedCrash } from '../execution/crash.ts';
import { Kernel } from '../kernel/Kernel.ts';
import { moduleHashes } from '../kernel/record/moduleHashes.ts';
import { Recorder } from '../kernel/record/Recorder.ts';
import type { Segment } from '../kernel/record/readRecording.ts';
import { recorderTap } from '../kernel/record/recorderFor.ts';
import { silentLogger } from '../log/Logger.ts';
import type { EngineSnapshot } from '../simulator/engine/SimEngine.ts';
import type { AnyStrategy } from '../strategy/defineStrategy.ts';
import { loadStrategyModule } from '../strategy/loadStrategyModule.ts';
import { driveClock } from './driveClock.ts';
import { MemorySink } from './memorySink.ts';
import { scheduleOperatorInputs } from './operatorInputs.ts';
import { ReplayClock } from './ReplayClock.ts';
import { ReplayVenue } from './ReplayVenue.ts';
import { recordedOverruns } from './recordedOverruns.ts';
import type { ReplayNote } from './replayNote.ts';
import { replaySimulator } from './replaySimulator.ts';
import { type ReplayState, stateOf } from './replayState.ts';
import type { UnsentRequests } from './UnsentRequests.ts';

/** Strategies to run instead of the recorded ones (`--strategies NEW.yaml`). */
export interface StrategyOverride {
  readonly entries: PerpflowConfig['strategies'];
  readonly configFile: string;
}

export interface SegmentReplay {
  /** The replayed kernel's decision lines (i, q, f, n), as a recording writes them. */
  readonly lines: readonly string[];
  readonly notes: readonly ReplayNote[];
  /** Strategies whose module is not the one recorded (sha256 differs). */
  readonly changedModules: readonly string[];
  /** Set when the replay stopped at `until`. */
  readonly state?: ReplayState;
  /** Requests the journal held at the start: the recorded process's and the replay's. */
  readonly journalAtStart: { readonly recorded: number | undefined; readonly replayed: number | undefined };
  /** Kernel.start failed (the recorded start did not fail the same way). */
  readonly startError?: unknown;
  /** What the simulator answering new requests held at the end, for the session's next process. */
  readonly simulatorState?: EngineSnapshot;
}

async function modulesOf(
  entries: PerpflowConfig['strategies'],
  configFile: string,
): Promise<Map<string, AnyStrategy>> {
  const out = new Map<string, AnyStrategy>();
  for (const e of entries)
    if (e.enabled) out.set(e.id, await loadStrategyModule(e.module, dirname(configFile)));
  return out;
}

/**
 * One recorded process again: the same kernel, on a virtual clock that starts when it started,
 * with the recorded config (or other strategies), a journal at `journalPath`, and a venue that
 * answers from the recording. An orderly stop is replayed when the recording has one; otherwise
 * the process is abandoned at its last recorded moment, as it died (the journal as it left it).
 */
export async function replaySegment(
  seg: Segment,
  o: {
    readonly journalPath: string;
    readonly strategies?: StrategyOverride;
    readonly until?: number;
    /** What the previous process left at the simulator (the venue outlived it). */
    readonly simulatorState?: EngineSnapshot;
    /** The session's recorded submits, this process's among them, and which the replay sent. */
    readonly unsent?: UnsentRequests;
  },
): Promise<SegmentReplay> {
  const h = seg.header;
  const recorded = h.cfg;
  const entries = o.strategies?.entries ?? recorded.strategies;
  const configFile = o.strategies?.configFile ?? h.file;
  const config: PerpflowConfig = {
    ...recorded,
    strategies: entries,
    journal: { ...recorded.journal, path: o.journalPath, url: undefined },
    record: { ...recorded.record, enabled: false },
  };
  const hashes = moduleHashes(config, configFile);
  const changedModules = Object.keys(hashes).filter((id) => h.mods[id] !== hashes[id]);
  const clock = new ReplayClock(h.t, seg.lines);
  const end = Math.min(seg.end, o.until ?? Number.POSITIVE_INFINITY);
  const timers = { now: () => clock.now(), sleep: (ms: number) => clock.sleepExactly(ms) };
  // Other strategies decide what the recorded venue never answered: the simulator answers that,
  // on this clock but without the recorded process's timer lateness (it never ran then).
  const simulator =
    o.strategies === undefined ? undefined : await replaySimulator(seg, clock.exact(), o.simulatorState);
  const venue = new ReplayVenue(seg.lines, timers, {
    sub: h.sub,
    chain: h.chain,
    end,
    ...(simulator === undefined ? {} : { simulator }),
    ...(o.unsent === undefined ? {} : { unsent: o.unsent }),
  });
  const sink = new MemorySink(() => venue.onDecision());
  const stopAt = seg.stoppedAt !== undefined && seg.stoppedAt <= end ? seg.stoppedAt : undefined;
  // A process that ended without an orderly stop was killed after the last thing it recorded:
  // once the replay has made every decision it recorded, the next crash point is where it died.
  const recordedDecisions = seg.lines.filter(
    (l) => l.k === 'i' || l.k === 'q' || l.k === 'f' || l.k === 'n',
  ).length;
  const killed = seg.stoppedAt === undefined && o.until === undefined;
  const rec = new Recorder(sink, clock, []);
  let kernel: Kernel | undefined;
  let startError: unknown;
  let replayedAtStart: number | undefined;
  let settled = false;
  void Kernel.start({
    loaded: { config, strategies: await modulesOf(entries, configFile) },
    edges: {
      venue: venue.port(),
      prices: venue.pricePort(),
      describe: 'replay',
      ephemeral: h.eph,
      secrets: [],
      close: async () => {},
      attach: (journal) => {
        replayedAtStart = journal.all().length;
      },
    },
    clock,
    log: silentLogger,
    tap: recorderTap(rec),
    allowSharedAccount: true,
    processMetrics: false,
    // Hooks untimed, as in a backtest: a real-time budget would drop a hook's intents whenever the
    // replaying machine is loaded or collecting garbage, and the replay diverge from the recording.
    hookBudgetMs: Number.POSITIVE_INFINITY,
    // The calls that went over budget when recorded fail again, by their identity.
    overruns: recordedOverruns(seg.lines, (id) => !changedModules.includes(id)),
    crash: (point) => {
      if (killed && venue.decisions >= recordedDecisions) throw new SimulatedCrash(point);
    },
  }).then(
    (k) => {
      kernel = k;
      settled = true;
      scheduleOperatorInputs(k, clock, seg.lines);
    },
    (e: unknown) => {
      startError = e;
      settled = true;
    },
  );
  await driveClock(clock, stopAt ?? end);
  let state: ReplayState | undefined;
  if (stopAt !== undefined && kernel !== undefined) {
    let stopped = false;
    void kernel.stop().finally(() => {
      stopped = true;
    });
    // The stop drains for drainMs, then reconciles once: bounded, even when the replay diverged.
    await driveClock(clock, stopAt + config.shutdown.drainMs + 120_000, () => stopped);
  } else if (kernel !== undefined) {
    if (o.until !== undefined && o.until <= seg.end) state = stateOf(kernel);
    kernel.executor.journal.abandon(); // as the process died: nothing more is written
  }
  if (!settled)
    startError = new Error('the replayed start never finished (its answers are not in the recording)');
  return {
    lines: sink.lines,
    // The simulator's in clock order with the recording's (a fill is noted when it was made).
    notes:
      simulator === undefined ? venue.notes : [...venue.notes, ...simulator.notes].sort((a, b) => a.t - b.t),
    changedModules,
    journalAtStart: { recorded: seg.lines.find((l) => l.k === 'o')?.n, replayed: replayedAtStart },
    ...(state === undefined ? {} : { state }),
    ...(startError === undefined ? {} : { startError }),
    ...(simulator === undefined ? {} : { simulatorState: simulator.state() }),
  };
}
