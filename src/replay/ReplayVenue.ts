import { ChainId, MarketSymbol, SubaccountAddress } from '../domain/ids.ts';
import type { PriceTick } from '../domain/tick.ts';
import { decodeError, decodeValue, encodeValue } from '../kernel/record/recordCodec.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';
import { rfqWatch } from '../venue/rfq/rfqWatch.ts';
import type { VenuePort } from '../venue/VenuePort.ts';
import type { ReplayNote } from './replayNote.ts';
import type { SimulatorAnswers } from './SimulatorAnswers.ts';
import { simulatorRouted } from './simulatorRouted.ts';
import { UnsentRequests } from './UnsentRequests.ts';

/** A recorded answer and how many decisions the recording had made before it arrived. */
type Gated<L> = L & { readonly before: number };
type CallLine = Gated<Extract<RecordLine, { k: 'c' }>>;
type PriceLine = Gated<Extract<RecordLine, { k: 'p' }>> | CallLine;

const DECISIONS = new Set(['i', 'q', 'f', 'n']);

/** The replay's own waits: its clock, but never fired late (ReplayClock.sleepExactly). */
export interface ReplayTimers {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const never = <T>(): Promise<T> => new Promise<T>(() => {});

/**
 * A venue that answers from a recording. A call is matched by its operation and its arguments
 * exactly (the order's Decimals as text): the n-th call with that key gets the n-th answer
 * recorded for it, after as long as it took then on the clock; a price poll gets the next
 * recorded poll, whatever it asked. A call the recording has no answer for never answers (the
 * recorded process had died by then, or this is a divergence, noted when it comes before the
 * recording's end); with `simulator`, a new submit goes to the venue simulator instead, and so
 * does every later call about what it answered (status polls, closes, cancels, TP/SL), while
 * positions are the recorded ones and the simulator's.
 * Outcomes are learned as the HTTP adapter learns them: polls through `rfqWatch`.
 *
 * An answer is also held until the replay has made as many decisions (intents, transitions,
 * fills) as the recorded process had when that answer reached it: within one instant of the
 * clock, an answer that took the recorded process a few event-loop turns must not overtake a
 * decision made in those turns (a cron job's intent sized at the previous mark, not the new one).
 */
export class ReplayVenue {
  readonly notes: ReplayNote[] = [];
  private readonly calls = new Map<string, CallLine[]>();
  private readonly prices: PriceLine[] = [];
  private pricesRead = 0;
  private readonly sim: SimulatorAnswers | undefined;
  private readonly unsent: UnsentRequests | undefined;
  private decided = 0;
  private readonly held: { readonly before: number; readonly release: () => void }[] = [];
  private readonly last = new Map<string, CallLine>();

  private readonly clock: ReplayTimers;
  private readonly o: { readonly sub: string; readonly chain: number; readonly end: number };

  constructor(
    lines: readonly RecordLine[],
    clock: ReplayTimers,
    o: {
      readonly sub: string;
      readonly chain: number;
      readonly end: number;
      readonly simulator?: SimulatorAnswers;
      /** With `simulator`: the session's recorded submits, which the replay did not send (default: this process's). */
      readonly unsent?: UnsentRequests;
    },
  ) {
    this.clock = clock;
    this.o = o;
    let before = 0;
    for (const l of lines) {
      if (DECISIONS.has(l.k)) before++;
      if (l.k === 'p' || (l.k === 'c' && l.p === 'p')) this.prices.push({ ...l, before });
      else if (l.k === 'c') {
        const key = `${l.op} ${encodeValue(l.a)}`;
        const queue = this.calls.get(key);
        if (queue === undefined) this.calls.set(key, [{ ...l, before }]);
        else queue.push({ ...l, before });
      }
    }
    // Lines are written as answers come; calls of one key that overlapped may have been answered
    // out of order, and the replay asks in the order they were made (a stable sort keeps the rest).
    for (const queue of this.calls.values()) queue.sort((a, b) => a.t - b.t);
    this.sim = o.simulator;
    this.unsent =
      o.simulator === undefined ? undefined : (o.unsent ?? new UnsentRequests().recordedIn(lines));
  }

  /** Recorded answers no call of the replay asked for. */
  unused(): number {
    let n = 0;
    for (const q of this.calls.values()) n += q.length;
    return n;
  }

  /** Decisions the replay has made so far. */
  get decisions(): number {
    return this.decided;
  }

  /** The replay made one more decision: answers waiting for it go. */
  onDecision(): void {
    this.decided++;
    for (let i = this.held.length - 1; i >= 0; i--) {
      const h = this.held[i];
      if (h !== undefined && h.before <= this.decided) {
        this.held.splice(i, 1);
        h.release();
      }
    }
  }

  /**
   * Holds an answer until the replay has made `before` decisions, or (when it decides otherwise
   * than recorded: a divergence, or other strategies) until every other timer of this instant has
   * fired, so a replay that diverged goes on instead of waiting for a decision that never comes.
   */
  private inTurn(before: number): Promise<void> | undefined {
    if (before <= this.decided) return undefined;
    return new Promise<void>((release) => {
      let done = false;
      const once = (): void => {
        if (done) return;
        done = true;
        release();
      };
      this.held.push({ before, release: once });
      void this.clock.sleep(0).then(once);
    });
  }

  /**
   * Waits until the moment the recorded answer came (`t + d` of the recording's clock): a live
   * process's timers fire a little late and the lateness adds up, a virtual clock's do not, so
   * an answer is due at its recorded time, not `d` after the replay happened to ask.
   */
  private until(line: { readonly t: number; readonly d: number }): number {
    return line.t + line.d - this.clock.now();
  }

  private async answer<R>(line: CallLine): Promise<R> {
    // Past the other timers of the instant it came at: an answer the recorded process read a few
    // event-loop turns after its timer, as an HTTP answer is.
    const wait = this.until(line);
    if (wait > 0) await this.clock.sleep(wait).then(() => this.clock.sleep(0));
    await this.inTurn(line.before);
    if (line.e !== undefined) throw decodeError(line.e);
    // A recorded answer is what that port answered then: decoded afresh as the port's type.
    return decodeValue<R>(encodeValue(line.r ?? null));
  }

  /**
   * The recorded answer to this call; else, for a call `fresh` can answer (a new submit, to the
   * simulator), that; else the last recorded answer again for a read past the recorded reads;
   * else none, ever.
   */
  private call<R>(op: string, args: readonly unknown[], fresh?: () => Promise<R>): Promise<R> {
    const key = `${op} ${encodeValue(args)}`;
    const queue = this.calls.get(key);
    const now = this.clock.now();
    // Other strategies: a submit is the recorded one only when it is sent when that one was
    // (the same order a minute later is a new decision, which the venue never saw; a recorded
    // one the replay sent otherwise, in another batch, stays unanswered and must not block it).
    const at = fresh === undefined ? 0 : (queue?.findIndex((l) => l.t === now) ?? -1);
    const line = at < 0 ? undefined : queue?.splice(at, 1)[0];
    if (line !== undefined) {
      this.last.set(key, line);
      this.unsent?.took(line);
      return this.answer<R>(line);
    }
    if (fresh !== undefined) return fresh();
    if (this.sim !== undefined) {
      // Other strategies read on past the recorded reads (a longer drain): the last answer again.
      const last = this.last.get(key);
      if (last !== undefined) return this.answer<R>({ ...last, d: 0 });
    }
    if (now < this.o.end)
      this.notes.push({ t: now, what: `venue call not in the recording: ${op} ${encodeValue(args)}` });
    return never<R>();
  }

  private async poll(): Promise<readonly PriceTick[]> {
    const line = this.prices[this.pricesRead++];
    if (line === undefined) return never();
    const wait = this.until(line);
    if (wait > 0) {
      await this.clock.sleep(wait);
      // A poll is skipped while one is in flight: the recording says whether the poll due at the
      // instant this answer came found it in (a poll at that instant) or still out (none).
      if (this.prices[this.pricesRead]?.t !== line.t + line.d) await this.clock.sleep(0);
    }
    await this.inTurn(line.before);
    if (line.e !== undefined) throw decodeError(line.e);
    if (line.k === 'c') {
      const read = decodeValue<readonly PriceTick[]>(encodeValue(line.r ?? []));
      this.sim?.marks(read);
      return read;
    }
    const ticks = (line.r ?? []).map(([symbol, mark, ts, last]) => {
      const t = { symbol: MarketSymbol(symbol), mark, ts };
      return last === undefined ? t : { ...t, last };
    });
    this.sim?.marks(ticks);
    return ticks;
  }

  port(): VenuePort {
    const recorded = this.recordedPort();
    if (this.sim === undefined || this.unsent === undefined) return recorded;
    return simulatorRouted(recorded, this.sim, this.unsent, {
      callOr: (op, args, fresh) => this.call(op, args, fresh),
      note: (what) => this.notes.push({ t: this.clock.now(), what }),
    });
  }

  /** Every call answered from the recording. */
  private recordedPort(): VenuePort {
    return {
      subaccount: SubaccountAddress(this.o.sub),
      chainId: ChainId(this.o.chain),
      watchRequests: rfqWatch,
      markets: () => this.call('markets', []),
      market: (s) => this.call('market', [s]),
      markPrices: (s) => this.call('markPrices', [s]),
      positions: () => this.call('positions', []),
      balance: () => this.call('balance', []),
      fundingInfo: () => this.call('fundingInfo', []),
      listPermissions: () => this.call('listPermissions', []),
      submit: (g) => this.call('submit', [g]),
      setTpSl: (order) => this.call('setTpSl', [order]),
      listTpSl: (ids) => this.call('listTpSl', [ids]),
      closeAll: () => this.call('closeAll', []),
      requestStatus: (kind, id) => this.call('requestStatus', [kind, id]),
    };
  }

  pricePort(): Pick<VenuePort, 'markPrices'> {
    return { markPrices: () => this.poll() };
  }
}
