import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../../clock/Clock.ts';
import { backupStamp } from '../journalFor.ts';
import { GzipFile } from './GzipFile.ts';
import { isGzip } from './recordingText.ts';

const DAY_MS = 86_400_000;

/**
 * Where a file is set aside: `<path>.<stamp>` (`.gz` when it is one), at the first free stamp from
 * `now` on, so that a restart in the millisecond of a rotation keeps both (names sort in time order).
 */
function asidePath(path: string, now: number, gz: boolean): string {
  for (let t = now; ; t++) {
    const plain = `${path}.${backupStamp(t)}`;
    if (!existsSync(plain) && !existsSync(`${plain}.gz`)) return gz ? `${plain}.gz` : plain;
  }
}

/**
 * An append-only recording: lines, written in order and handed to the compressor once per turn of
 * the event loop (every answer and commit that turn handled: under load, many), so nothing is
 * paid per line; gzip-compressed as it goes (GzipFile: a process killed loses at most the batch
 * in flight). Past `maxBytes` on disk, or when the UTC day changes, the file is moved aside as
 * `<path>.<stamp>.gz` and the next line begins a new one with `firstLines` (the session's header,
 * so every file says what it records).
 *
 * Nothing touches the disk before `open()`; lines appended before wait in memory. At `open()` a
 * file already at `path` (the previous process's, whole or cut short by a kill, or an uncompressed
 * one of an older version) is moved aside the same way (an empty one is removed): each process
 * begins a gzip stream of its own, never appended after a cut tail. recordEdges opens it once the
 * process holds the journal, so a second start that is refused leaves the running bot's file be.
 */
export class RecordFile {
  readonly path: string;
  private file: GzipFile | undefined;
  private lines = 0;
  private day: number;
  private pending: string[] = [];
  private scheduled = false;
  private closed = false;
  private readonly ending: Promise<void>[] = [];

  private readonly clock: Clock;
  private readonly maxBytes: number;
  private readonly firstLines: () => readonly string[];

  constructor(path: string, clock: Clock, maxBytes: number, firstLines: () => readonly string[] = () => []) {
    this.path = path;
    this.clock = clock;
    this.maxBytes = maxBytes;
    this.firstLines = firstLines;
    this.day = Math.floor(clock.now() / DAY_MS);
  }

  /** Begins the file (once): the previous one set aside, what was appended so far written. */
  open(): void {
    if (this.file !== undefined || this.closed) return;
    const path = this.path;
    mkdirSync(dirname(path), { recursive: true });
    if (existsSync(path))
      if (statSync(path).size > 0) renameSync(path, asidePath(path, this.clock.now(), isGzip(path)));
      else rmSync(path); // killed before its first batch was on disk: it recorded nothing
    this.file = new GzipFile(path);
    this.flush();
  }

  /** One line (no newline in it). */
  append(line: string): void {
    if (this.closed) return;
    this.pending.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0 || this.closed || this.file === undefined) return;
    const day = Math.floor(this.clock.now() / DAY_MS);
    if (this.file.bytes >= this.maxBytes || (day !== this.day && this.lines > 0))
      this.file = this.rotate(this.file, day);
    this.lines += this.pending.length;
    this.file.write(`${this.pending.join('\n')}\n`);
    this.pending = [];
  }

  /** The file that goes on, the one written so far set aside. */
  private rotate(file: GzipFile, day: number): GzipFile {
    // Renamed while its last batches may still be compressing: they follow the open file.
    renameSync(this.path, asidePath(this.path, this.clock.now(), true));
    this.ending.push(file.end());
    this.lines = 0;
    this.day = day;
    this.pending.unshift(...this.firstLines());
    return new GzipFile(this.path);
  }

  /** Resolves once every line appended so far is on disk. */
  async settled(): Promise<void> {
    this.flush();
    await this.file?.settled();
  }

  /** Ends the file; lines appended to a file never opened are dropped (a start that was refused). */
  async close(): Promise<void> {
    this.flush();
    this.closed = true;
    await Promise.all([...this.ending, this.file?.end()]);
  }
}
