import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Clock } from '../../clock/Clock.ts';
import { backupStamp } from '../journalFor.ts';

const DAY_MS = 86_400_000;

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

/**
 * An append-only file of lines, written in order and flushed once per turn of the event loop
 * (every answer and commit that turn handled: under load, many), so the write is not paid per
 * line; a process killed loses at most that turn's lines. Past
 * `maxBytes`, or when the UTC day changes, the file is moved aside as `<path>.<stamp>` and
 * gzipped (`.gz`) in the background; the next line begins a new file with `firstLines` (the
 * session's header, so every file says what it records).
 */
export class RecordFile {
  readonly path: string;
  private fd: number;
  private bytes: number;
  private day: number;
  private pending: string[] = [];
  private scheduled = false;
  private closed = false;
  private readonly gzips: Promise<void>[] = [];

  private readonly clock: Clock;
  private readonly maxBytes: number;
  private readonly firstLines: () => readonly string[];

  constructor(path: string, clock: Clock, maxBytes: number, firstLines: () => readonly string[] = () => []) {
    this.path = path;
    this.clock = clock;
    this.maxBytes = maxBytes;
    this.firstLines = firstLines;
    mkdirSync(dirname(path), { recursive: true });
    this.bytes = existsSync(path) ? statSync(path).size : 0;
    this.fd = openSync(path, 'a+', 0o600);
    // A process killed in the middle of a write left its last line cut: it ends here, alone.
    if (this.bytes > 0 && !endsWithNewline(this.fd, this.bytes)) this.bytes += writeSync(this.fd, '\n');
    this.day = Math.floor(clock.now() / DAY_MS);
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
    if (this.pending.length === 0 || this.closed) return;
    const day = Math.floor(this.clock.now() / DAY_MS);
    if (this.bytes >= this.maxBytes || (day !== this.day && this.bytes > 0)) this.rotate(day);
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    this.bytes += writeSync(this.fd, text);
  }

  private rotate(day: number): void {
    closeSync(this.fd);
    const aside = `${this.path}.${backupStamp(this.clock.now())}`;
    renameSync(this.path, aside);
    this.gzips.push(
      pipeline(createReadStream(aside), createGzip(), createWriteStream(`${aside}.gz`, { mode: 0o600 })).then(
        () => rmSync(aside),
        () => undefined, // the plain file stays: nothing is lost
      ),
    );
    this.fd = openSync(this.path, 'a', 0o600);
    this.bytes = 0;
    this.day = day;
    this.pending.unshift(...this.firstLines());
  }

  async close(): Promise<void> {
    this.flush();
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    await Promise.all(this.gzips);
  }
}
