import { Writable } from 'node:stream';

export interface TailLine {
  readonly at: number;
  readonly level: string;
  readonly text: string;
}

/**
 * The last lines of the log, for the control API: a JSON-lines sink of the logger (its lines are
 * redacted already, as every sink's are), kept in a ring and told to listeners as they come.
 */
export class LogTail extends Writable {
  private readonly ring: TailLine[] = [];
  private readonly keep: number;
  private readonly subscribers = new Set<(line: TailLine) => void>();
  private partial = '';

  constructor(keep = 500) {
    super({ decodeStrings: false });
    this.keep = keep;
  }

  override _write(chunk: unknown, _enc: string, done: (e?: Error | null) => void): void {
    this.partial += String(chunk);
    const lines = this.partial.split('\n');
    this.partial = lines.pop() ?? '';
    for (const l of lines) if (l.trim() !== '') this.add(l);
    done();
  }

  private add(raw: string): void {
    let line: TailLine;
    try {
      const o: { time?: unknown; level?: unknown; message?: unknown } = JSON.parse(raw);
      const at = typeof o.time === 'string' ? Date.parse(o.time) : Number.NaN;
      line = {
        at: Number.isNaN(at) ? 0 : at,
        level: String(o.level ?? 'info'),
        text: String(o.message ?? ''),
      };
    } catch {
      line = { at: 0, level: 'info', text: raw };
    }
    this.ring.push(line);
    if (this.ring.length > this.keep) this.ring.shift();
    for (const f of this.subscribers) f(line);
  }

  /** The latest `n` lines, oldest first. */
  latest(n: number): TailLine[] {
    return this.ring.slice(-n);
  }

  /** Calls `f` with each new line; returns the unsubscribe. */
  listen(f: (line: TailLine) => void): () => void {
    this.subscribers.add(f);
    return () => this.subscribers.delete(f);
  }
}
