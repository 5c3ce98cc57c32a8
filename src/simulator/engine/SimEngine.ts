import type { Clock } from '../../clock/Clock.ts';
import type { Decimal } from '../../domain/money.ts';
import { isMarketOpen, type SimMarket } from '../markets.ts';
import type { FundingRates, PriceSource } from '../prices/PriceSource.ts';
import type { Rng } from '../rng.ts';
import { AccountBook } from './AccountBook.ts';
import { type BalanceSheet, unrealizedPnl } from './accounting.ts';
import type { CloseParams } from './beginClose.ts';
import { DEFAULT_LIMIT_TTL_MS } from './defaults.ts';
import { EngineCore, type EngineFaults, type Mark, NO_ENGINE_FAULTS } from './EngineCore.ts';
import { type EngineSnapshot, restoreEngine, snapshotEngine } from './engineSnapshot.ts';
import type { FillLatency } from './FillLatency.ts';
import { fireTriggers } from './firing.ts';
import { nextEpoch } from './funding.ts';
import { fundingRates, scheduleFunding } from './fundingRun.ts';
import { checkCrossLiquidation } from './liquidation.ts';
import { outcomeOf, type QuoteOutcome } from './QuoteOutcomes.ts';
import { type QuietBand, quietAt, quietBand } from './quietMarks.ts';
import type { RequestKeep } from './requestSnapshot.ts';
import type { Quote, Request, Subaccount } from './state.ts';
import type { OpenParams } from './submits.ts';
import * as submits from './submits.ts';

export { PLATFORM_FEE } from './accounting.ts';
export type { CloseParams } from './beginClose.ts';
export type { EngineFaults, Mark } from './EngineCore.ts';
export type { EngineSnapshot } from './engineSnapshot.ts';
export type { QuoteOutcome } from './QuoteOutcomes.ts';
export type { OpenParams } from './submits.ts';

export interface EngineOptions {
  readonly clock: Clock;
  readonly rng: Rng;
  readonly markets: readonly SimMarket[];
  readonly prices: PriceSource;
  readonly fillLatencyMs: FillLatency;
  readonly chainId: number;
  /** How long a LIMIT open or close rests before it ends EXPIRED; default 24 h. */
  readonly limitTtlMs?: number;
  /** Default: a fresh book. The engine never reads it; it is carried for callers that still ask it. */
  readonly accounts?: AccountBook;
  /**
   * Default (undefined): every request and position is kept for good, as a venue's status
   * endpoint answers for any tempId. A number bounds it (a backtest's in-process world): of the
   * ended ones only the last `history` requests and positions stay whole; looking up an older one
   * throws ForgottenRecordError, and a position's outcome stays readable (quoteOutcome).
   */
  readonly history?: number;
}

/**
 * The venue's matching engine, pure and clock-driven: no HTTP, no accounts. Submits return a
 * request at once; fills, LIMIT triggers, TP/SL, funding and liquidation happen on clock timers
 * and price updates (submits.ts, fills.ts, firing.ts, fundingRun.ts, liquidation.ts act on
 * the shared EngineCore). Its public surface is listed in src/simulator/README.md.
 */
export class SimEngine {
  readonly clock: Clock;
  /** @deprecated use `Simulator.accounts`: kept while callers outside src/simulator move. */
  readonly accounts: AccountBook;
  readonly chainId: number;
  readonly markets: readonly SimMarket[];
  private readonly h: EngineCore;
  private readonly stopPrices: () => void;

  constructor(o: EngineOptions) {
    this.clock = o.clock;
    this.chainId = o.chainId;
    this.markets = o.markets;
    this.accounts = o.accounts ?? new AccountBook(o.clock);
    const rng = o.rng;
    // The account book once drew its secrets from this fork; drawn still so seeded runs replay unchanged.
    rng.fork();
    this.h = new EngineCore({
      clock: o.clock,
      rng,
      markets: o.markets,
      prices: o.prices,
      fillLatencyMs: o.fillLatencyMs,
      limitTtlMs: o.limitTtlMs ?? DEFAULT_LIMIT_TTL_MS,
      history: o.history,
    });
    for (const m of o.markets) scheduleFunding(this.h, m);
    this.stopPrices = o.prices.start(o.clock, (s, mark, ts, last) => this.setMark(s, mark, ts, last));
  }

  /**
   * `listener` hears each request the engine ends (filled, failed, cancelled, expired, or a close
   * that leaves the position OPENED), at the moment it decides: how an adapter in the same
   * process learns outcomes without polling. One listener; `undefined` removes it.
   */
  onRequestEnded(listener: ((r: Request) => void) | undefined): void {
    this.h.onRequestEnded = listener;
  }

  /** The state a paper account keeps across restarts (engineSnapshot.ts). */
  snapshot(keep?: RequestKeep): EngineSnapshot {
    return snapshotEngine(this.h, this.accounts, keep);
  }

  /** Continues from a snapshot, into subaccounts already set up again (engineSnapshot.ts). */
  restore(s: EngineSnapshot): void {
    restoreEngine(this.h, this.accounts, s);
  }

  /** Stops the price source and cancels every pending fill, settle and funding timer. */
  stop(): void {
    this.stopPrices();
    for (const t of this.h.timers) this.clock.clearTimeout(t);
    this.h.timers.clear();
    this.h.dueQueue.clear();
  }

  setFaults(f: Partial<EngineFaults>): void {
    this.h.faults = { ...NO_ENGINE_FAULTS, ...f };
  }

  // ---------------------------------------------------------------- prices

  /**
   * The hot path of backtests: a new mark for one symbol, in PriceSink's argument order.
   * `at` is the price's own time (a bar's timestamp; default the clock's now) and is what mark
   * reads report; `last` defaults to the mark. Allocation-free when nothing can trigger;
   * otherwise only this symbol's LIMITs, TP/SL and liquidations are examined.
   */
  setMark(symbol: string, price: number, at: number = this.clock.now(), last: number = price): void {
    const h = this.h;
    const m = h.markRecord(symbol);
    if (!m) return;
    m.mark = price;
    m.last = last;
    m.ts = at;
    const w = h.watchOfSymbol(symbol);
    if (w.crossSubs.size > 0) checkCrossLiquidation(h, w, symbol, price);
    if (w.mayTrigger(price)) fireTriggers(h, w, price);
  }

  /** Whether `setMark(symbol, price)` would only store the price (quietMarks.ts). */
  quietAt(symbol: string, price: number): boolean {
    return quietAt(this.h, symbol, price);
  }

  /** Prices strictly inside are quiet while the book stays as it is (quietMarks.ts). */
  quietBand(symbol: string): QuietBand {
    return quietBand(this.h, symbol);
  }

  /** A mark that `quietAt` or `quietBand` showed quiet: stored, without the checks that would find nothing. */
  setQuietMark(symbol: string, price: number, at: number): void {
    const m = this.h.markRecord(symbol);
    if (!m) return;
    m.mark = price;
    m.last = price;
    m.ts = at;
  }

  mark(symbol: string): Readonly<Mark> | undefined {
    return this.h.markRecord(symbol);
  }

  /** The solver's price now for a taker buying (LONG open, SHORT close) or selling. */
  solverPrice(market: SimMarket, buying: boolean): Decimal {
    return this.h.pricing.solverPrice(market, buying);
  }

  marketBySymbol(symbol: string): SimMarket | undefined {
    return this.h.bySymbol.get(symbol);
  }

  isOpen(market: SimMarket): boolean {
    return isMarketOpen(market, this.clock.now());
  }

  /** @deprecated use `Simulator.accounts.signIn`: kept while src/cli/commands/sim.ts moves. */
  devSignIn(
    wallet: string,
    ttlSeconds?: number,
    chainId = this.chainId,
  ): { token: string; expiresAt: number } {
    return this.accounts.signIn(wallet, chainId, ttlSeconds);
  }

  /** @deprecated use `Simulator.accounts.faucet`: kept while src/cli/commands/sim.ts moves. */
  faucet(subaccountAddress: string, chainId: number, amount: number): Decimal {
    return this.accounts.faucet(subaccountAddress, chainId, amount);
  }

  // ---------------------------------------------------------------- submits

  submitOpen(sub: Subaccount, p: OpenParams): Request {
    return submits.submitOpen(this.h, sub, p);
  }

  submitClose(quote: Quote, p: CloseParams): Request {
    return submits.submitClose(this.h, quote, p);
  }

  /** Cancels a pending open; answered later with CANCELED, or OPENED when the fill won the race. */
  submitCancelOpen(quote: Quote): Request {
    return submits.submitCancelOpen(this.h, quote);
  }

  /** Cancels a pending close; the position returns to OPENED unless the close filled first. */
  submitCancelClose(close: Request): Request {
    return submits.submitCancelClose(this.h, close);
  }

  setTpSl(quote: Quote, tp: number | null | undefined, sl: number | null | undefined): void {
    submits.setTpSl(this.h, quote, tp, sl);
  }

  nextBatchId(): string {
    return `batch-${(++this.batchSeq).toString().padStart(6, '0')}`;
  }
  private batchSeq = 0;

  // ---------------------------------------------------------------- lookups

  /** Throws ForgottenRecordError for a request a bounded history forgot. */
  request(tempId: string): Request | undefined {
    const r = this.h.requests.get(tempId);
    if (r === undefined) this.h.history?.checkKnown(tempId);
    return r;
  }

  /** The quote behind a tempId of its open, or behind its quoteId; throws for one forgotten. */
  quote(positionId: string): Quote | undefined {
    const byQuote = this.h.byQuoteId.get(positionId);
    if (byQuote) return byQuote;
    // Only an open's tempId names a position; a close or cancel id does not.
    const r = this.request(positionId);
    return r?.kind === 'open' ? r.quote : undefined;
  }

  /**
   * How a position stands or ended, by quoteId: read from the quote, or, once a bounded history
   * forgot it, from the numbers it kept. The reads of a backtest's trade list.
   */
  quoteOutcome(quoteId: string): QuoteOutcome | undefined {
    const q = this.h.byQuoteId.get(quoteId);
    return q === undefined ? this.h.history?.outcome(quoteId) : outcomeOf(q);
  }

  /**
   * How often a lookup asked about a record the bounded history forgot (each threw), with the
   * first ids asked: a backtest checks it is 0 at the end, since its executor may swallow an error.
   */
  forgottenLookups(): { readonly count: number; readonly ids: readonly string[] } {
    const hist = this.h.history;
    return { count: hist?.asked ?? 0, ids: hist?.askedIds ?? [] };
  }

  /**
   * Every quote ever opened on `sub` (any status), oldest first: an audit, O(all requests). With a
   * bounded history, only those it still keeps.
   */
  quotesOf(sub: Subaccount): Quote[] {
    const out: Quote[] = [];
    for (const r of this.h.requests.values())
      if (r.kind === 'open' && r.quote.subaccount === sub) out.push(r.quote);
    return out;
  }

  /** Whether a fresh request id is still inside the indexing-lag window (answers 404). */
  isIndexed(req: Request): boolean {
    return this.clock.now() - req.acceptedAt >= this.h.faults.indexingLagMs;
  }

  /** Positions and pending opens, in creation order; a pending open shows the margin it reserves. */
  positions(sub: Subaccount): readonly Quote[] {
    const list = sub.live.toArray();
    for (const q of list) if (q.reservedAt !== null) q.margin = this.h.ledger.costOf(q).margin;
    return list;
  }

  unrealizedPnl(q: Quote): Decimal {
    return unrealizedPnl(q, this.h.markOf);
  }

  balance(sub: Subaccount): BalanceSheet {
    return this.h.ledger.balance(sub);
  }

  fitsInMargin(sub: Subaccount, need: Decimal): boolean {
    return this.h.ledger.fitsInMargin(sub, need);
  }

  nextFundingTime(m: SimMarket): number {
    return nextEpoch(this.clock.now(), m.fundingEpochMs);
  }

  /** This epoch's rates: the price source's when it gives them, else the catalog's. */
  fundingRates(m: SimMarket): FundingRates {
    return fundingRates(this.h, m);
  }
}
