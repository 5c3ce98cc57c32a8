import type { LineSink } from '../kernel/record/Recorder.ts';

/** A recording kept in memory: what the replayed kernel decided, in the recording's own lines. */
export class MemorySink implements LineSink {
  readonly path = ':memory:';
  readonly lines: string[] = [];
  private readonly onDecision: () => void;

  /** `onDecision` hears each intent, transition, fill or denial as it is written. */
  constructor(onDecision: () => void = () => {}) {
    this.onDecision = onDecision;
  }

  append(line: string): void {
    this.lines.push(line);
    if (/^\{"k":"[iqfn]"/.test(line)) this.onDecision();
  }
  flush(): void {}
  async close(): Promise<void> {}
}
