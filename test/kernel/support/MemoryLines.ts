import type { LineSink } from '../../../src/kernel/record/Recorder.ts';

/** A recording's lines kept in memory, in the order written: what a test reads back. */
export class MemoryLines implements LineSink {
  readonly path = ':memory:';
  readonly lines: string[] = [];
  append(line: string): void {
    this.lines.push(line);
  }
  flush(): void {}
  async close(): Promise<void> {}
}
