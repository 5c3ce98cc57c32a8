import type { Clock } from '../../clock/Clock.ts';
import type { Intent } from '../../domain/intent.ts';
import type { PriceTick } from '../../domain/tick.ts';
import type { ExecutionEvent } from '../../execution/events.ts';
import { mask } from '../../log/redact.ts';
import type { Actor, OperatorAction } from '../../operate/api/contract.ts';
import type { Overrun } from '../../strategy/HookBudget.ts';
import { encodeError, encodeValue } from './recordCodec.ts';
import type { RecordHeader } from './recordLines.ts';

/** Which port a venue call went through: the trading venue, or the price source. */
export type RecordPort = 'v' | 'p';

/** Where lines go: the append-only file (RecordFile), or memory (a replay's own decisions). */
export interface LineSink {
  readonly path: string;
  append(line: string): void;
  flush(): void;
  /** Resolves once every line appended so far is on disk (a file compressing off the thread). */
  settled?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Writes one session's inputs (what the venue answered and when, price polls, schedule fires,
 * operator actions) and its decisions (intents, request transitions, fills), one JSON line each
 * (recordLines.ts). Every line is checked against the run's own secrets before it is written: a
 * secret the redactor did not know by shape is masked all the same.
 */
export class Recorder {
  private readonly secrets: readonly string[];
  private readonly file: LineSink;
  private readonly clock: Clock;

  constructor(file: LineSink, clock: Clock, secrets: readonly string[]) {
    this.file = file;
    this.clock = clock;
    this.secrets = secrets.filter((s) => s.length >= 6);
  }

  get path(): string {
    return this.file.path;
  }

  /** A line's text, with any of the run's secrets masked. */
  text(entry: object): string {
    let text = encodeValue(entry);
    for (const s of this.secrets) if (text.includes(s)) text = text.split(s).join(mask(s));
    return text;
  }

  private line(entry: object): void {
    this.file.append(this.text(entry));
  }

  header(h: RecordHeader): void {
    this.line({ k: 'h', ...h });
  }

  /** A venue call answered (`r`) or failed (`e`) after `d` ms of the clock. */
  call(
    p: RecordPort,
    op: string,
    a: readonly unknown[],
    t: number,
    outcome: { r: unknown } | { e: unknown },
  ): void {
    const d = this.clock.now() - t;
    if ('e' in outcome) this.line({ k: 'c', t, d, p, op, a, e: encodeError(outcome.e) });
    else this.line({ k: 'c', t, d, p, op, a, r: outcome.r });
  }

  /** A price poll, compact: the most frequent line (one a second in the default config). */
  prices(t: number, ticks: readonly PriceTick[]): void {
    const d = this.clock.now() - t;
    this.line({
      k: 'p',
      t,
      d,
      r: ticks.map((x) =>
        x.last === undefined ? [x.symbol, x.mark, x.ts] : [x.symbol, x.mark, x.ts, x.last],
      ),
    });
  }

  intent(x: Intent): void {
    this.line({ k: 'i', t: this.clock.now(), x });
  }

  /** The decisions the replay compares: transitions, fills, denials. */
  event(e: ExecutionEvent): void {
    const t = this.clock.now();
    if (e.type === 'requestTransition')
      this.line({
        k: 'q',
        t,
        id: e.clientRequestId,
        to: e.to,
        ...(e.from === 'CREATED' ? { o: e.record.order } : {}),
      });
    else if (e.type === 'fillApplied') this.line({ k: 'f', t, x: e.fill });
    else if (e.type === 'intentDenied') this.line({ k: 'n', t, id: e.intent.intentId, r: e.reason });
  }

  /** A strategy hook call over its time budget: a replay fails it again (recordLines.ts `b`). */
  overrun(strategyId: string, o: Overrun): void {
    this.line({ k: 'b', t: o.t, id: strategyId, h: o.hook, n: o.n, d: o.took, b: o.budgetMs });
  }

  /** The process began its orderly stop (no such line: it ended otherwise, a crash). */
  stop(): void {
    this.line({ k: 's', t: this.clock.now() });
  }

  job(name: string): void {
    this.line({ k: 'j', t: this.clock.now(), n: name });
  }

  /** How many requests the journal held when this process took it. */
  journalAtStart(n: number): void {
    this.line({ k: 'o', t: this.clock.now(), n });
  }

  /** The timers due at `due` fired `lateMs` late (lateTimers.ts). */
  late(due: number, lateMs: number): void {
    this.line({ k: 'l', t: due, d: lateMs });
  }

  signal(n: 'halt' | 'resume'): void {
    this.line({ k: 'g', t: this.clock.now(), n });
  }

  action(x: OperatorAction, by: Actor): void {
    this.line({ k: 'a', t: this.clock.now(), x, by });
  }

  flush(): void {
    this.file.flush();
  }

  /** Every line so far on disk: what a size-based rotation counts is known only then. */
  async settled(): Promise<void> {
    this.file.flush();
    await this.file.settled?.();
  }

  close(): Promise<void> {
    return this.file.close();
  }
}
