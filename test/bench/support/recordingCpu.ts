import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SystemClock } from '../../../src/clock/SystemClock.ts';
import { Recorder } from '../../../src/kernel/record/Recorder.ts';
import { RecordFile } from '../../../src/kernel/record/RecordFile.ts';

const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** One recorder call as the bot made it, and the turn of the event loop it was made in. */
export type Heard =
  | { readonly turn: number; readonly call: Parameters<Recorder['call']> }
  | { readonly turn: number; readonly event: Parameters<Recorder['event']>[0] };

/** A Recorder that also keeps every call made to it after `from()`, with its turn. */
export class HearingRecorder extends Recorder {
  readonly heard: Heard[] = [];
  private turn = 0;
  private armed = false;
  private hearing = false;

  from(): void {
    this.hearing = true;
  }

  private mark(): number {
    if (!this.armed) {
      this.armed = true;
      setImmediate(() => {
        this.armed = false;
        this.turn++;
      });
    }
    return this.turn;
  }

  override call(...a: Parameters<Recorder['call']>): void {
    if (this.hearing) this.heard.push({ turn: this.mark(), call: a });
    super.call(...a);
  }

  override event(e: Parameters<Recorder['event']>[0]): void {
    if (this.hearing) this.heard.push({ turn: this.mark(), event: e });
    super.event(e);
  }
}

/** The CPU (every thread's: the threadpool's compression too) of `body`, ms. */
async function cpuMsOf(body: () => Promise<void>): Promise<number> {
  const c0 = process.cpuUsage();
  await body();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/**
 * The recording's own CPU, apart from the bot's: what a run's recorder heard during its timed
 * part, made again on a fresh Recorder and file turn by turn as it came (encode, mask, batch,
 * gzip, write, until on disk), less the same turns with nothing recorded. Medians of 5.
 */
export async function recordingCpuMs(heard: readonly Heard[]): Promise<number> {
  const turns = new Map<number, Heard[]>();
  for (const h of heard) {
    const group = turns.get(h.turn);
    if (group === undefined) turns.set(h.turn, [h]);
    else group.push(h);
  }
  const groups = [...turns.values()];
  const nextTurn = () => new Promise((r) => setImmediate(r));
  const clock = new SystemClock();
  const costs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'pf-bench-rec-'));
    const file = new RecordFile(join(dir, 'again.rec'), clock, 64 * 1024 * 1024);
    file.open();
    const rec = new Recorder(file, clock, []);
    const recording = await cpuMsOf(async () => {
      for (const g of groups) {
        for (const h of g)
          if ('call' in h) rec.call(...h.call);
          else rec.event(h.event);
        await nextTurn();
      }
      await rec.close();
    });
    const idle = await cpuMsOf(async () => {
      for (const _ of groups) await nextTurn();
    });
    costs.push(recording - idle);
  }
  return median(costs);
}
