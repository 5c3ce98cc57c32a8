/** One change a group commit applies, as `perpflow_commit` reads it (migrations.ts). */
export type PgOp =
  | { readonly op: 'insert' | 'update'; readonly row: Readonly<Record<string, string | number | null>> }
  | {
      readonly op: 'transition';
      readonly id: string;
      readonly from: string | null;
      readonly to: string;
      readonly at: number;
      readonly note: string | null;
    }
  | { readonly op: 'fill' | 'external'; readonly row: Readonly<Record<string, string | number | null>> }
  | { readonly op: 'setMeta'; readonly key: string; readonly value: string }
  | { readonly op: 'deleteMeta'; readonly key: string }
  | { readonly op: 'paper'; readonly scope: string; readonly snapshot: string; readonly at: number };

/**
 * Group commit for a store across the network: writes queue their changes, and one commit per
 * microtask boundary sends everything queued since the last, after the commit under way (commits
 * stay in write order). `pending()` is the commit that makes everything written so far durable.
 * A failed commit fails every commit queued after it: nothing written later is made durable.
 */
export class PgCommitQueue {
  private ops: PgOp[] = [];
  private queued: Promise<void> | undefined;
  private inFlight: Promise<void> | undefined;
  private readonly run: (ops: readonly PgOp[]) => Promise<void>;

  constructor(run: (ops: readonly PgOp[]) => Promise<void>) {
    this.run = run;
  }

  push(op: PgOp): void {
    this.ops.push(op);
  }

  get size(): number {
    return this.ops.length;
  }

  /** Called after a write: commits its changes once the current run of code ends. */
  schedule(): void {
    if (this.queued !== undefined || this.ops.length === 0) return;
    const after = this.inFlight ?? Promise.resolve();
    const p: Promise<void> = after.then((): Promise<void> => this.flush(p));
    this.queued = p;
    // Whoever needs the outcome awaits pending(); the journal latches the failure itself.
    p.catch(() => undefined);
  }

  private async flush(self: Promise<void>): Promise<void> {
    this.queued = undefined;
    this.inFlight = self;
    const ops = this.ops;
    this.ops = [];
    try {
      if (ops.length > 0) await this.run(ops);
    } finally {
      if (this.inFlight === self) this.inFlight = undefined;
    }
  }

  pending(): Promise<void> | undefined {
    return this.queued ?? this.inFlight;
  }
}
