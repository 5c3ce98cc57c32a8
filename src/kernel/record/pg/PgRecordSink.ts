import pg from 'pg';
import type { Clock } from '../../../clock/Clock.ts';
import { pgTypes } from '../../../journal/postgres/pgTypes.ts';
import { backupStamp } from '../../journalFor.ts';
import type { LineSink } from '../Recorder.ts';
import { GzipBatches } from './gzipBatches.ts';

const DAY_MS = 86_400_000;

/**
 * How long (clock time) price polls and venue answers wait to go as one batch. A row per turn of
 * the event loop, as the file writes, costs PostgreSQL about 50 bytes of row and index per turn,
 * more than the lines themselves (a price poll compresses to a few dozen): three rows a second in
 * the default config came to about 3 MB an hour. Any other line (an intent, a request transition,
 * a fill, a schedule fire, an operator action, the stop) goes at the end of its turn with what
 * waits before it, as in the file: a kill loses at most the answers and polls since the last
 * decision, which a replay of a killed run does not reach (it ends after the last decision).
 */
export const BATCH_MS = 1_000;

/** A price poll (`p`) or a venue call's answer (`c`): the lines that may wait (recordLines.ts). */
function canWait(line: string): boolean {
  return line.startsWith('{"k":"p"') || line.startsWith('{"k":"c"');
}

/** Whom the appends are for: the journal's lease, its scope and fencing token. */
export interface PgRecordTarget {
  readonly scope: string;
  readonly token: number;
}

interface OpenSegment {
  readonly name: string;
  readonly gzip: GzipBatches;
  readonly day: number;
  seq: number;
  bytes: number;
}

/** The code `perpflow_record` (and `perpflow_commit`) refuse a stale fencing token with. */
const STALE_TOKEN = 'PF001';

/**
 * The recording of a run on a PostgreSQL journal: the lines RecordFile would write, appended to
 * `perpflow_recording` (recordingMigration.ts) instead, off the hot path: a batch at each
 * decision, else a second (BATCH_MS), one in flight at a time (compressed in the threadpool, then
 * one INSERT on a connection of its own, so it never waits behind, nor holds up, the journal's
 * commits); what is appended meanwhile goes as the next batch, so under load the batches grow,
 * not the round trips.
 *
 * A segment (named by its UTC start and token, so names sort in time order) is one gzip stream,
 * cut anew at each UTC day and past `maxBytes`, beginning with `firstLines` (the header) as a set
 * aside file does. A failed append ends its segment (the stream after a lost batch would not
 * decompress); the next batch begins another. An append refused for a stale token means a standby
 * took the lease: this process records nothing more.
 *
 * Nothing is sent before `open()`: the lease's token is known once the journal is opened.
 */
export class PgRecordSink implements LineSink {
  readonly path: string;
  private pool: pg.Pool | undefined;
  private target: PgRecordTarget | undefined;
  private segment: OpenSegment | undefined;
  private segments = 0;
  private lastStart = 0;
  private pending: string[] = [];
  private pendingSince = 0;
  private scheduled = false;
  private closed = false;
  private fenced = false;
  private inFlight: Promise<void> | undefined;
  private readonly url: string;
  private readonly clock: Clock;
  private readonly maxBytes: number;
  private readonly firstLines: () => readonly string[];

  private readonly onFailure: (e: unknown) => void;

  /**
   * `where` names the database without its password (pgWhere): it is what logs show. `onFailure`
   * hears each append that failed (its batch lost, its segment ended): the operator's warning.
   */
  constructor(
    o: { readonly url: string; readonly where: string; readonly onFailure?: (e: unknown) => void },
    clock: Clock,
    maxBytes: number,
    firstLines: () => readonly string[] = () => [],
  ) {
    this.url = o.url;
    this.onFailure = o.onFailure ?? (() => undefined);
    this.path = o.where;
    this.clock = clock;
    this.maxBytes = maxBytes;
    this.firstLines = firstLines;
  }

  /** Begins appending (once), under the lease `target` holds. */
  open(target: PgRecordTarget): void {
    if (this.pool !== undefined || this.closed) return;
    this.target = target;
    this.pool = new pg.Pool({
      connectionString: this.url,
      max: 1,
      types: pgTypes,
      application_name: 'perpflow recording',
      connectionTimeoutMillis: 5_000,
    });
    // A broken idle connection is reported here; the next append fails and ends its segment.
    this.pool.on('error', () => undefined);
    this.flush();
  }

  /**
   * One line. A price poll or venue answer goes at the end of the turn that finds the oldest line
   * waiting `BATCH_MS` old (there is no timer: the next line finds it, the next price poll at the
   * latest, and a stop flushes); any other line at the end of its turn, with all that waits.
   */
  append(line: string): void {
    if (this.closed || this.fenced) return;
    if (this.pending.length === 0) this.pendingSince = this.clock.now();
    this.pending.push(line);
    if (!canWait(line)) this.pendingSince = Number.NEGATIVE_INFINITY;
    this.sendWhenDue();
  }

  private sendWhenDue(): void {
    if (this.scheduled || this.pending.length === 0 || this.clock.now() - this.pendingSince < BATCH_MS)
      return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Sends what waits now, whatever its age (after the batch in flight). */
  flush(): void {
    this.scheduled = false;
    if (this.inFlight !== undefined || this.pending.length === 0 || this.pool === undefined) return;
    const lines = this.pending;
    this.pending = [];
    this.inFlight = this.send(lines).finally(() => {
      this.inFlight = undefined;
      this.sendWhenDue();
    });
  }

  private async send(lines: readonly string[]): Promise<void> {
    const pool = this.pool;
    const target = this.target;
    if (pool === undefined || target === undefined || this.fenced) return;
    const now = this.clock.now();
    const seg = this.segmentFor(now, target);
    const text = `${[...(seg.seq === 0 && this.segments > 1 ? this.firstLines() : []), ...lines].join('\n')}\n`;
    try {
      const bytes = await seg.gzip.batch(text);
      await pool.query('SELECT perpflow_record($1, $2, $3, $4, $5, $6)', [
        target.scope,
        target.token,
        seg.name,
        seg.seq,
        now,
        bytes,
      ]);
      seg.seq++;
      seg.bytes += bytes.length;
    } catch (e) {
      this.endSegment();
      this.onFailure(e);
      if (e instanceof Error && 'code' in e && e.code === STALE_TOKEN) {
        this.fenced = true;
        this.pending = [];
      }
    }
  }

  /** The segment this batch goes into: the open one, unless a day or `maxBytes` ended it. */
  private segmentFor(now: number, target: PgRecordTarget): OpenSegment {
    const day = Math.floor(now / DAY_MS);
    const open = this.segment;
    if (open !== undefined && open.bytes < this.maxBytes && open.day === day) return open;
    this.endSegment();
    // Strictly later than the last: two segments of one process never share a name.
    const start = Math.max(now, this.lastStart + 1);
    this.lastStart = start;
    this.segments++;
    const seg = {
      name: `${backupStamp(start)}.t${target.token}`,
      gzip: new GzipBatches(),
      day,
      seq: 0,
      bytes: 0,
    };
    this.segment = seg;
    return seg;
  }

  private endSegment(): void {
    this.segment?.gzip.close();
    this.segment = undefined;
  }

  /** Resolves once every line appended so far is in the database (or failed to get there). */
  async settled(): Promise<void> {
    for (;;) {
      while (this.inFlight !== undefined) await this.inFlight;
      if (this.pending.length === 0 || this.pool === undefined || this.fenced) return;
      this.flush();
    }
  }

  /** Ends the recording; lines appended to a sink never opened are dropped (a start that was refused). */
  async close(): Promise<void> {
    await this.settled();
    this.closed = true;
    this.endSegment();
    await this.pool?.end().catch(() => undefined);
    this.pool = undefined;
  }
}
