import type { LineSink } from '../kernel/record/Recorder.ts';

/** A recording kept in memory: what the replayed kernel decided, in the recording's own lines. */
export class MemorySink implements LineSink {
  readonly path = ':memory:';
  readonly lines: string[] = [];
  append(line: string): void {
    this.lines.push(line);
  }
  flush(): void {}
  async close(): Promise<void> {}
}
