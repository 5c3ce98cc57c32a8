import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecording, type Segment } from '../kernel/record/readRecording.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';
import type { EngineSnapshot } from '../simulator/engine/SimEngine.ts';
import {
  clockSkewMs,
  type Divergence,
  decisionsOf,
  differentIntents,
  firstDivergence,
  parseLines,
} from './compareDecisions.ts';
import type { ReplayNote } from './replayNote.ts';
import { replaySegment, type StrategyOverride } from './replaySegment.ts';
import type { ReplayState } from './replayState.ts';
import { UnsentRequests } from './UnsentRequests.ts';

export interface SegmentOutcome {
  readonly index: number;
  readonly mode: string;
  readonly from: number;
  readonly to: number;
  readonly counts: { readonly intents: number; readonly requests: number; readonly fills: number };
  readonly divergence?: Divergence;
  readonly notes: readonly ReplayNote[];
  readonly changedModules: readonly string[];
  readonly onlyRecorded: readonly RecordLine[];
  readonly onlyReplayed: readonly RecordLine[];
  /** The largest difference of an intent's clock reading from the recorded one, ms (0: bit for bit). */
  readonly skewMs: number;
  /** Requests the journal held at the start, recorded and replayed (they differ: see formatOutcome). */
  readonly journalAtStart: { readonly recorded: number | undefined; readonly replayed: number | undefined };
  readonly startError?: string;
}

export interface SessionOutcome {
  readonly segments: readonly SegmentOutcome[];
  /** Recorded time replayed, ms. */
  readonly recordedMs: number;
  readonly state?: ReplayState;
}

const count = (ls: readonly RecordLine[], k: string) => ls.filter((l) => l.k === k).length;

/**
 * A recording replayed process by process on one journal (a process that ran against a venue
 * that died with it, sim's embedded simulator, started a new journal, and so does its replay),
 * each compared with what it recorded. `until` stops in the process running at that moment.
 */
export async function replaySession(
  /** A recording file, or the runs already read (a PostgreSQL recording: readPgRecording). */
  recording: string | readonly Segment[],
  o: {
    readonly strategies?: StrategyOverride;
    readonly until?: number;
    /** Keep the replayed journals in this folder (else a temporary one, removed). */
    readonly journalDir?: string;
  } = {},
): Promise<SessionOutcome> {
  const segments = typeof recording === 'string' ? readRecording(recording) : recording;
  const dir = o.journalDir ?? mkdtempSync(join(tmpdir(), 'perpflow-replay-'));
  const out: SegmentOutcome[] = [];
  let recordedMs = 0;
  let state: ReplayState | undefined;
  let simulatorState: EngineSnapshot | undefined;
  let unsent: UnsentRequests | undefined;
  try {
    for (const [i, seg] of segments.entries()) {
      if (o.until !== undefined && seg.header.t > o.until) break;
      const journalPath = join(dir, seg.header.eph ? `journal-${i + 1}.sqlite` : 'journal.sqlite');
      // A venue that lived in its process (sim's embedded simulator) died with it: so does the
      // replay's simulator, and the ids it issued; else both go on into the next process.
      const fresh = seg.header.eph || unsent === undefined;
      if (o.strategies !== undefined) unsent = (fresh ? new UnsentRequests() : unsent)?.recordedIn(seg.lines);
      const r = await replaySegment(seg, {
        journalPath,
        ...(o.strategies === undefined ? {} : { strategies: o.strategies }),
        ...(o.until === undefined ? {} : { until: o.until }),
        ...(simulatorState === undefined || seg.header.eph ? {} : { simulatorState }),
        ...(unsent === undefined ? {} : { unsent }),
      });
      simulatorState = r.simulatorState;
      const until = o.until ?? Number.POSITIVE_INFINITY;
      const recorded = decisionsOf(seg.lines).filter((l) => l.t <= until);
      // Killed: what the replay decided in the very instant the recording ends, past what was
      // recorded, the killed process did not live to decide.
      const all = decisionsOf(parseLines(r.lines));
      // Past the recording's end (a diverged replay's longer stop) nothing was recorded to compare.
      const replayed =
        seg.stoppedAt === undefined
          ? all.filter((l, n) => n < recorded.length || l.t < seg.end)
          : all.filter((l) => l.t <= seg.end);
      const divergence = firstDivergence(recorded, replayed);
      const diff = differentIntents(recorded, replayed);
      const to = Math.min(seg.end, until);
      recordedMs += to - seg.header.t;
      out.push({
        index: i + 1,
        mode: seg.header.mode,
        from: seg.header.t,
        to,
        counts: {
          intents: count(replayed, 'i'),
          requests: count(replayed, 'q'),
          fills: count(replayed, 'f'),
        },
        ...(divergence === undefined ? {} : { divergence }),
        notes: r.notes,
        changedModules: r.changedModules,
        ...diff,
        skewMs: clockSkewMs(recorded, replayed),
        journalAtStart: r.journalAtStart,
        ...(r.startError === undefined ? {} : { startError: String(r.startError) }),
      });
      if (r.state !== undefined) {
        state = r.state;
        break;
      }
    }
  } finally {
    if (o.journalDir === undefined) rmSync(dir, { recursive: true, force: true });
  }
  return { segments: out, recordedMs, ...(state === undefined ? {} : { state }) };
}
