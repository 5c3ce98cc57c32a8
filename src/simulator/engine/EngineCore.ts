import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import { DecimalTable } from '../../domain/DecimalTable.ts';
import type { VenueStatus } from '../../domain/venueStatus.ts';
import type { SimMarket } from '../markets.ts';
import type { PriceSource } from '../prices/PriceSource.ts';
import type { Rng } from '../rng.ts';
import { isolatedLiquidationPrice } from './accounting.ts';
import { BoundedHistory } from './BoundedHistory.ts';
import { DueQueue } from './DueQueue.ts';
import { type FillLatency, sampleLatency } from './FillLatency.ts';
import { Ledger } from './Ledger.ts';
import { RequestIndex } from './RequestIndex.ts';
import { SeqTable } from './SeqTable.ts';
import { SolverPricing } from './SolverPricing.ts';
import { SymbolWatch } from './SymbolWatch.ts';
import { moveQuote, moveRequest } from './simStatus.ts';
import type { Quote, Request } from './state.ts';

export interface EngineFaults {
  /** A fresh request id answers 404 for this long after accept (indexing lag). */
  indexingLagMs: number;
  /** Share of fills the solver refuses (FAILED, errorCode 4006). */
  solverRefusalRate: number;
  /** Share of fills delayed by `slowFillExtraMs`. */
  slowFillRate: number;
  slowFillExtraMs: number;
}

export const NO_ENGINE_FAULTS: EngineFaults = {
  indexingLagMs: 0,
  solverRefusalRate: 0,
  slowFillRate: 0,
  slowFillExtraMs: 0,
};

export interface Mark {
  mark: number;
  last: number;
  ts: number;
}

export interface CoreOptions {
  readonly clock: Clock;
  readonly rng: Rng;
  readonly markets: readonly SimMarket[];
  readonly prices: PriceSource;
  readonly fillLatencyMs: FillLatency;
  readonly limitTtlMs: number;
  /** Ended records kept whole (see BoundedHistory); undefined: all of them, forever. */
  readonly history?: number | undefined;
}

/**
 * The engine's state and the few moves every concern shares (status moves, timers, watch
 * upkeep): the host that submits.ts, fills.ts, firing.ts, liquidation.ts and fundingRun.ts act on.
 * Internal: only SimEngine and those files see it.
 */
export class EngineCore {
  readonly clock: Clock;
  readonly rng: Rng;
  readonly prices: PriceSource;
  readonly limitTtlMs: number;
  readonly fillLatency: FillLatency;
  readonly bySymbol = new Map<string, SimMarket>();
  readonly byId = new Map<number, SimMarket>();
  readonly marks = new Map<string, Mark>();
  readonly watches = new Map<string, SymbolWatch>();
  /** Every request, by tempId (`tmp-0000001`…), history included (unless bounded: see `history`). */
  readonly requests = new SeqTable<Request>('tmp-', 7);
  /** Every position that filled, by quoteId (`1001`…). */
  readonly byQuoteId = new SeqTable<Quote>('', 0, 1000);
  /** Decimals of the numbers requests carry, shared. */
  readonly numbers = new DecimalTable<number>();
  readonly pricing: SolverPricing;
  readonly ledger: Ledger;
  /** Fills and settles: one clock timer for all of them. */
  readonly dueQueue: DueQueue<EngineCore>;
  readonly timers = new Set<TimerHandle>();
  /** Undefined (the HTTP simulator): every record is kept, a status poll answers for any tempId. */
  readonly history: BoundedHistory | undefined;
  /** Built by the first snapshot (requestIndex()), kept up by track from then on: none in a backtest. */
  private index: RequestIndex | undefined;
  /** Told of every request the engine moves to an end status, at that moment (the in-process adapter). */
  onRequestEnded: ((r: Request) => void) | undefined;
  faults: EngineFaults = NO_ENGINE_FAULTS;
  readonly markOf = (symbol: string): number => {
    const m = this.markRecord(symbol);
    if (m === undefined) throw new Error(`no mark for ${symbol}`);
    return m.mark;
  };
  /**
   * The symbol looked up last, with its mark and watch: a backtest of one market asks for the
   * same one on every tick, several times (the mark, the watch, each cross exposure's mark),
   * and a string compare is cheaper than a Map lookup. Both maps are set for every listed
   * market at construction and their entries never replaced, so the three stay in step.
   */
  private lastSymbol: string | undefined;
  private lastMark: Mark | undefined;
  private lastWatch: SymbolWatch | undefined;

  constructor(o: CoreOptions) {
    this.clock = o.clock;
    this.rng = o.rng;
    this.prices = o.prices;
    this.limitTtlMs = o.limitTtlMs;
    this.fillLatency = o.fillLatencyMs;
    this.pricing = new SolverPricing(this.markOf);
    this.ledger = new Ledger(this.markOf);
    this.dueQueue = new DueQueue<EngineCore>(o.clock, this);
    this.history =
      o.history === undefined
        ? undefined
        : new BoundedHistory(o.history, { requests: this.requests, quotes: this.byQuoteId }, o.markets);
    for (const m of o.markets) {
      this.bySymbol.set(m.spec.symbol, m);
      this.byId.set(m.spec.id, m);
      this.watches.set(m.spec.symbol, new SymbolWatch());
      const p = o.prices.initial(m.spec.symbol) ?? m.initialPrice;
      this.marks.set(m.spec.symbol, { mark: p, last: p, ts: o.clock.now() });
    }
  }

  /** The mark record of `symbol` (updated in place by setMark), undefined for an unlisted one. */
  markRecord(symbol: string): Mark | undefined {
    if (symbol !== this.lastSymbol) this.lookUp(symbol);
    return this.lastSymbol === symbol ? this.lastMark : undefined;
  }

  private lookUp(symbol: string): void {
    const mark = this.marks.get(symbol);
    const watch = this.watches.get(symbol);
    if (mark === undefined || watch === undefined) return;
    this.lastSymbol = symbol;
    this.lastMark = mark;
    this.lastWatch = watch;
  }

  nextTempId(): string {
    return this.requests.issue();
  }

  track(req: Request): Request {
    this.requests.store(req.tempId, req);
    this.index?.tracked(req);
    return req;
  }

  /** The requests a snapshot may keep, found without a walk of them all (RequestIndex). */
  requestIndex(): RequestIndex {
    this.index ??= new RequestIndex(this.requests);
    return this.index;
  }

  latency(): number {
    let ms = sampleLatency(this.fillLatency, this.rng);
    if (this.faults.slowFillRate > 0 && this.rng.next() < this.faults.slowFillRate)
      ms += this.faults.slowFillExtraMs;
    return ms;
  }

  refused(): boolean {
    return this.faults.solverRefusalRate > 0 && this.rng.next() < this.faults.solverRefusalRate;
  }

  after(ms: number, fn: () => void): void {
    // Tracked so stop() can cancel them: a SystemClock timer would otherwise keep the process alive.
    const handle = this.clock.setTimeout(() => {
      this.timers.delete(handle);
      fn();
    }, ms);
    this.timers.add(handle);
  }

  watchOf(q: Quote): SymbolWatch {
    return this.watchOfSymbol(q.market.spec.symbol);
  }

  /** Every listed market has its watch from the start. */
  watchOfSymbol(symbol: string): SymbolWatch {
    if (symbol !== this.lastSymbol) this.lookUp(symbol);
    const w = this.lastSymbol === symbol ? this.lastWatch : undefined;
    if (w === undefined) throw new Error(`no watch for ${symbol}`);
    return w;
  }

  setQuoteStatus(q: Quote, s: VenueStatus): void {
    moveQuote(q, s, this.clock.now());
    this.history?.quoteMoved(q);
  }

  finish(r: Request, s: VenueStatus, reason?: string, errorCode?: string): void {
    moveRequest(r, s, this.clock.now());
    if (reason !== undefined) r.reason = reason;
    if (errorCode !== undefined) r.errorCode = errorCode;
    const told = this.onRequestEnded;
    if (told !== undefined) told(r);
    this.history?.requestEnded(r);
  }

  fail(r: Request, code: string, reason: string): void {
    this.finish(r, 'FAILED', reason, code);
  }

  /**
   * Watches an OPENED position's TP/SL, or stops watching it; its thresholds (new TP/SL, an
   * isolated liquidation price a partial close moved) narrow the quiet band (see SymbolWatch).
   */
  watchTpSl(q: Quote): void {
    const w = this.watchOf(q);
    if (q.status === 'OPENED' && (q.takeProfit || q.stopLoss)) w.tpsl.add(q);
    else w.tpsl.delete(q);
    w.watchQuote(q, isolatedLiquidationPrice);
  }
}
