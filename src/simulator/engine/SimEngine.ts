import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import { DecimalTable } from '../../domain/DecimalTable.ts';
import { type Decimal, dec, ZERO } from '../../domain/money.ts';
import type { OrderType, PositionSide } from '../../domain/side.ts';
import type { VenueStatus } from '../../domain/venueStatus.ts';
import { isMarketOpen, type SimMarket } from '../markets.ts';
import type { FundingRates, PriceSource } from '../prices/PriceSource.ts';
import type { Rng } from '../rng.ts';
import { AccountBook } from './AccountBook.ts';
import { type BalanceSheet, isolatedLiquidationPrice, realizeClose, unrealizedPnl } from './accounting.ts';
import { approxNumber } from './approxNumber.ts';
import { DueQueue } from './DueQueue.ts';
import { DEFAULT_LIMIT_TTL_MS } from './defaults.ts';
import { applyExposure } from './Exposure.ts';
import { type FillLatency, sampleLatency } from './FillLatency.ts';
import { fundingPayment, nextEpoch } from './funding.ts';
import { Ledger } from './Ledger.ts';
import { needOf, openCost, openNeedN } from './openCost.ts';
import { newQuote, newRequest } from './records.ts';
import { reserve, unreserve } from './reservation.ts';
import { SeqTable } from './SeqTable.ts';
import { reject } from './SimRejection.ts';
import { SolverPricing } from './SolverPricing.ts';
import { SymbolWatch } from './SymbolWatch.ts';
import { moveQuote, moveRequest } from './simStatus.ts';
import type { Quote, Request, Subaccount } from './state.ts';
import { dueTriggers, isUnderwater } from './triggers.ts';
import { checkNotional, checkPrecision, validateClose, validateOpen } from './validateOrder.ts';

export { PLATFORM_FEE } from './accounting.ts';

const DEFAULT_SLIPPAGE = dec('0.05');

export interface EngineFaults {
  /** A fresh request id answers 404 for this long after accept (indexing lag). */
  indexingLagMs: number;
  /** Share of fills the solver refuses (FAILED, errorCode 4006). */
  solverRefusalRate: number;
  /** Share of fills delayed by `slowFillExtraMs`. */
  slowFillRate: number;
  slowFillExtraMs: number;
}

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
}

export interface OpenParams {
  readonly marketId: number;
  readonly positionType: PositionSide;
  readonly orderType: OrderType;
  readonly quantity: number;
  readonly leverage: number;
  readonly slippage?: number | undefined;
  readonly limitPrice?: number | undefined;
  readonly useInstantActions?: boolean | undefined;
  readonly solver?: string | undefined;
}

export interface CloseParams {
  readonly quantityToClose: number;
  readonly orderType: OrderType;
  readonly slippage?: number | undefined;
  readonly closePrice?: number | undefined;
}

interface Mark {
  mark: number;
  last: number;
  ts: number;
}

const NO_FAULTS: EngineFaults = {
  indexingLagMs: 0,
  solverRefusalRate: 0,
  slowFillRate: 0,
  slowFillExtraMs: 0,
};

/**
 * The venue, pure and clock-driven: no HTTP here. Submits return a tempId at once; fills,
 * LIMIT triggers, TP/SL, funding and liquidation happen on clock timers and price updates.
 */
export class SimEngine {
  readonly clock: Clock;
  /** @deprecated use `Simulator.accounts`: kept while callers outside src/simulator move. */
  readonly accounts: AccountBook;
  readonly chainId: number;
  readonly markets: readonly SimMarket[];
  private readonly rng: Rng;
  private readonly bySymbol = new Map<string, SimMarket>();
  private readonly byId = new Map<number, SimMarket>();
  private readonly marks = new Map<string, Mark>();
  private readonly watches = new Map<string, SymbolWatch>();
  /** Every request, by tempId (`tmp-0000001`…), history included. */
  private readonly requests = new SeqTable<Request>('tmp-', 7);
  /** Every position that filled, by quoteId (`1001`…). */
  private readonly byQuoteId = new SeqTable<Quote>('', 0, 1000);
  private readonly fillLatency: FillLatency;
  private readonly limitTtlMs: number;
  private faults: EngineFaults = NO_FAULTS;
  private batchSeq = 0;
  private readonly timers = new Set<TimerHandle>();
  private readonly pricing: SolverPricing;
  private readonly ledger: Ledger;
  /** Decimals of the numbers requests carry, shared. */
  private readonly numbers = new DecimalTable<number>();
  /** Fills and settles: one clock timer for all of them. */
  private readonly dueQueue: DueQueue;
  private readonly stopPrices: () => void;
  private readonly prices: PriceSource;
  private readonly markOf = (symbol: string): number => (this.marks.get(symbol) as Mark).mark;

  constructor(o: EngineOptions) {
    this.clock = o.clock;
    this.rng = o.rng;
    this.chainId = o.chainId;
    this.markets = o.markets;
    this.prices = o.prices;
    this.fillLatency = o.fillLatencyMs;
    this.limitTtlMs = o.limitTtlMs ?? DEFAULT_LIMIT_TTL_MS;
    this.accounts = o.accounts ?? new AccountBook(o.clock);
    // The account book once drew its secrets from this fork; drawn still so seeded runs replay unchanged.
    o.rng.fork();
    this.pricing = new SolverPricing(this.markOf);
    this.ledger = new Ledger(this.markOf);
    this.dueQueue = new DueQueue(o.clock);
    for (const m of o.markets) {
      this.bySymbol.set(m.spec.symbol, m);
      this.byId.set(m.spec.id, m);
      this.watches.set(m.spec.symbol, new SymbolWatch());
      const p = o.prices.initial(m.spec.symbol) ?? m.initialPrice;
      this.marks.set(m.spec.symbol, { mark: p, last: p, ts: o.clock.now() });
      this.scheduleFunding(m);
    }
    this.stopPrices = o.prices.start(o.clock, (s, mark, last, ts) => this.setMark(s, mark, ts, last));
  }

  /** Stops the price source and cancels every pending fill, settle and funding timer. */
  stop(): void {
    this.stopPrices();
    for (const t of this.timers) this.clock.clearTimeout(t);
    this.timers.clear();
    this.dueQueue.clear();
  }

  setFaults(f: Partial<EngineFaults>): void {
    this.faults = { ...NO_FAULTS, ...f };
  }

  // ---------------------------------------------------------------- prices

  /**
   * The hot path of backtests: a new mark for one symbol. Allocation-free when nothing can
   * trigger; otherwise only this symbol's LIMITs, TP/SL and liquidations are examined.
   */
  setMark(symbol: string, price: number, ts: number = this.clock.now(), last: number = price): void {
    const m = this.marks.get(symbol);
    if (!m) return;
    m.mark = price;
    m.last = last;
    m.ts = ts;
    const w = this.watches.get(symbol) as SymbolWatch;
    if (w.crossSubs.size > 0) this.checkCrossLiquidation(w);
    if (w.mayTrigger(price)) this.fireTriggers(w, price);
  }

  mark(symbol: string): Mark | undefined {
    return this.marks.get(symbol);
  }

  /** The solver's price now for a taker buying (LONG open, SHORT close) or selling. */
  solverPrice(market: SimMarket, buying: boolean): Decimal {
    return this.pricing.solverPrice(market, buying);
  }

  marketBySymbol(symbol: string): SimMarket | undefined {
    return this.bySymbol.get(symbol);
  }

  isOpen(market: SimMarket): boolean {
    return isMarketOpen(market, this.clock.now());
  }

  // ---------------------------------------------------------------- dev doors

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
    const market = this.byId.get(p.marketId);
    if (!market) throw reject.business('UNKNOWN_MARKET', `marketId: no market with id ${p.marketId}`);
    const spec = market.spec;
    validateOpen(market, sub, p, this.clock.now());
    const refPrice = (this.marks.get(spec.symbol) as Mark).mark;
    const quantity = this.numbers.of(p.quantity);
    const limit = p.limitPrice !== undefined ? this.numbers.of(p.limitPrice) : null;
    const atMark = p.limitPrice ?? refPrice;
    checkNotional(
      spec,
      quantity,
      limit ?? this.pricing.priceDecimal(spec.symbol, atMark),
      p.quantity * atMark,
    );
    // Reserved at the price a fill would get now; the exact sums wait for the fill (or a read).
    const long = p.positionType === 'LONG';
    const at = limit ?? this.pricing.solverPrice(market, long);
    const needN = openNeedN(
      p.quantity,
      p.limitPrice ?? this.pricing.solverPriceN(market, long),
      p.leverage,
      spec.hedgerFeeOpen,
    );
    const exactNeed = (): Decimal => needOf(openCost(quantity, at, p.leverage, spec.hedgerFeeOpen));
    if (!this.ledger.fits(sub, needN, exactNeed))
      throw reject.business(
        '4000',
        `insufficient margin: needs ${exactNeed().toDecimalPlaces(2)}, available ${this.balance(sub).availableMargin.toDecimalPlaces(2)}`,
      );

    const now = this.clock.now();
    const tempId = this.nextTempId();
    const quote = newQuote({
      tempId,
      subaccount: sub,
      market,
      side: p.positionType,
      orderType: p.orderType,
      quantity,
      leverage: p.leverage,
      limitPrice: limit,
      slippage: p.slippage !== undefined ? this.numbers.of(p.slippage) : DEFAULT_SLIPPAGE,
      refPrice,
      now,
    });
    const req = this.track(
      newRequest({
        tempId,
        kind: 'open',
        quote,
        quantity,
        orderType: p.orderType,
        price: quote.limitPrice,
        slippage: quote.slippage,
        refPrice,
        now,
      }),
    );
    quote.openRequest = req;
    sub.live.add(quote);
    reserve(quote, at, needN);
    if (p.orderType === 'MARKET') this.dueQueue.add(this.latency(), () => this.fillOpen(quote));
    else this.restLimit(req);
    return req;
  }

  submitClose(quote: Quote, p: CloseParams): Request {
    const spec = quote.market.spec;
    validateClose(quote, p, this.clock.now());
    const qty = this.numbers.of(p.quantityToClose);
    const refPrice = (this.marks.get(spec.symbol) as Mark).mark;
    const price = p.closePrice !== undefined ? this.numbers.of(p.closePrice) : null;
    const slippage = p.slippage !== undefined ? this.numbers.of(p.slippage) : DEFAULT_SLIPPAGE;
    const req = this.track(
      newRequest({
        tempId: this.nextTempId(),
        kind: 'close',
        quote,
        quantity: qty,
        orderType: p.orderType,
        price,
        slippage,
        refPrice,
        now: this.clock.now(),
      }),
    );
    quote.closeRequest = req;
    this.setQuoteStatus(quote, 'CLOSE_PENDING');
    this.watchOf(quote).tpsl.delete(quote);
    this.rebuild(quote);
    if (p.orderType === 'MARKET') this.dueQueue.add(this.latency(), () => this.fillClose(req));
    else this.restLimit(req);
    return req;
  }

  /** Cancels a pending open; answered later with CANCELED, or OPENED when the fill won the race. */
  submitCancelOpen(quote: Quote): Request {
    if (quote.status !== 'PENDING' && quote.status !== 'LOCKED')
      throw reject.business(
        'INVALID_STATE',
        `open ${quote.tempId} is ${quote.status}: only PENDING or LOCKED opens can be cancelled`,
      );
    const open = quote.openRequest as Request;
    const req = this.track(
      newRequest({
        tempId: this.nextTempId(),
        kind: 'cancelOpen',
        quote,
        quantity: quote.quantity,
        orderType: quote.orderType,
        target: open,
        now: this.clock.now(),
      }),
    );
    this.setQuoteStatus(quote, 'CANCEL_PENDING');
    moveRequest(open, 'CANCEL_PENDING', this.clock.now());
    this.dueQueue.add(this.latency(), () => {
      // The fill won the race (OPENED), or the open ended otherwise before the cancel landed.
      if (quote.status !== 'CANCEL_PENDING')
        return open.status === 'OPENED'
          ? this.finish(req, 'OPENED', 'the open filled before the cancel')
          : open.status === 'EXPIRED'
            ? this.finish(req, 'EXPIRED', 'the open expired before the cancel')
            : this.finish(req, 'FAILED', `the open ended ${open.status} before the cancel`);
      this.watchOf(quote).limits.delete(open);
      this.rebuild(quote);
      quote.subaccount.live.delete(quote);
      unreserve(quote);
      this.setQuoteStatus(quote, 'CANCELED');
      this.finish(open, 'CANCELED');
      this.finish(req, 'CANCELED');
    });
    return req;
  }

  /** Cancels a pending close; the position returns to OPENED unless the close filled first. */
  submitCancelClose(close: Request): Request {
    const quote = close.quote;
    if (close.status !== 'CLOSE_PENDING')
      throw reject.business(
        'INVALID_STATE',
        `close request ${close.tempId} is ${close.status}, not CLOSE_PENDING`,
      );
    const req = this.track(
      newRequest({
        tempId: this.nextTempId(),
        kind: 'cancelClose',
        quote,
        quantity: close.quantity,
        orderType: close.orderType,
        target: close,
        now: this.clock.now(),
      }),
    );
    moveRequest(close, 'CANCEL_CLOSE_PENDING', this.clock.now());
    this.setQuoteStatus(quote, 'CANCEL_CLOSE_PENDING');
    this.dueQueue.add(this.latency(), () => {
      if (close.status !== 'CANCEL_CLOSE_PENDING')
        return close.status === 'CLOSED' || close.status === 'OPENED'
          ? this.finish(req, close.status, 'the close filled before the cancel')
          : close.status === 'EXPIRED'
            ? this.finish(req, 'EXPIRED', 'the close expired before the cancel')
            : this.finish(req, 'FAILED', `the close ended ${close.status} before the cancel`);
      this.watchOf(quote).limits.delete(close);
      quote.closeRequest = null;
      this.setQuoteStatus(quote, 'OPENED');
      this.finish(close, 'OPENED', 'close cancelled');
      this.finish(req, 'OPENED');
      this.watchTpSl(quote);
    });
    return req;
  }

  setTpSl(quote: Quote, tp: number | null | undefined, sl: number | null | undefined): void {
    const spec = quote.market.spec;
    if (quote.status !== 'OPENED')
      throw reject.business(
        'INVALID_STATE',
        `position ${quote.quoteId ?? quote.tempId} is ${quote.status}, not OPENED`,
      );
    const mark = (this.marks.get(spec.symbol) as Mark).mark;
    const long = quote.side === 'LONG';
    if (tp !== undefined && tp !== null) {
      checkPrecision('takeProfit', tp, spec.pricePrecision);
      if (long ? tp <= mark : tp >= mark)
        throw reject.business(
          'INVALID_TPSL',
          `takeProfit: ${tp} must be ${long ? 'above' : 'below'} the mark ${mark} for a ${quote.side}`,
        );
      quote.takeProfit = dec(tp);
    } else if (tp === null) quote.takeProfit = null;
    if (sl !== undefined && sl !== null) {
      checkPrecision('stopLoss', sl, spec.pricePrecision);
      if (long ? sl >= mark : sl <= mark)
        throw reject.business(
          'INVALID_TPSL',
          `stopLoss: ${sl} must be ${long ? 'below' : 'above'} the mark ${mark} for a ${quote.side}`,
        );
      quote.stopLoss = dec(sl);
    } else if (sl === null) quote.stopLoss = null;
    quote.updatedAt = this.clock.now();
    this.watchTpSl(quote);
  }

  // ---------------------------------------------------------------- lookups

  request(tempId: string): Request | undefined {
    return this.requests.get(tempId);
  }

  /** The quote behind a tempId of its open, or behind its quoteId. */
  quote(positionId: string): Quote | undefined {
    const byQuote = this.byQuoteId.get(positionId);
    if (byQuote) return byQuote;
    // Only an open's tempId names a position; a close or cancel id does not.
    const r = this.requests.get(positionId);
    return r?.kind === 'open' ? r.quote : undefined;
  }

  /** Every quote ever opened on `sub` (any status), oldest first: an audit, O(all requests). */
  quotesOf(sub: Subaccount): Quote[] {
    const out: Quote[] = [];
    for (const r of this.requests.values())
      if (r.kind === 'open' && r.quote.subaccount === sub) out.push(r.quote);
    return out;
  }

  /** Whether a fresh request id is still inside the indexing-lag window (answers 404). */
  isIndexed(req: Request): boolean {
    return this.clock.now() - req.acceptedAt >= this.faults.indexingLagMs;
  }

  /** Positions and pending opens, in creation order; a pending open shows the margin it reserves. */
  positions(sub: Subaccount): readonly Quote[] {
    const list = sub.live.toArray();
    for (const q of list) if (q.reservedAt !== null) q.margin = this.ledger.costOf(q).margin;
    return list;
  }

  unrealizedPnl(q: Quote): Decimal {
    return unrealizedPnl(q, this.markOf);
  }

  balance(sub: Subaccount): BalanceSheet {
    return this.ledger.balance(sub);
  }

  fitsInMargin(sub: Subaccount, need: Decimal): boolean {
    return this.ledger.fitsInMargin(sub, need);
  }

  // ---------------------------------------------------------------- internals

  nextBatchId(): string {
    return `batch-${(++this.batchSeq).toString().padStart(6, '0')}`;
  }

  private nextTempId(): string {
    return this.requests.issue();
  }

  private track(req: Request): Request {
    this.requests.store(req.tempId, req);
    return req;
  }

  private latency(): number {
    let ms = sampleLatency(this.fillLatency, this.rng);
    if (this.faults.slowFillRate > 0 && this.rng.next() < this.faults.slowFillRate)
      ms += this.faults.slowFillExtraMs;
    return ms;
  }

  private after(ms: number, fn: () => void): void {
    // Tracked so stop() can cancel them: a SystemClock timer would otherwise keep the process alive.
    const handle = this.clock.setTimeout(() => {
      this.timers.delete(handle);
      fn();
    }, ms);
    this.timers.add(handle);
  }

  private watchOf(q: Quote): SymbolWatch {
    return this.watches.get(q.market.spec.symbol) as SymbolWatch;
  }

  private rebuild(q: Quote): void {
    this.watchOf(q).rebuild(isolatedLiquidationPrice);
  }

  private setQuoteStatus(q: Quote, s: VenueStatus): void {
    moveQuote(q, s, this.clock.now());
  }

  private finish(r: Request, s: VenueStatus, reason?: string, errorCode?: string): void {
    moveRequest(r, s, this.clock.now());
    if (reason !== undefined) r.reason = reason;
    if (errorCode !== undefined) r.errorCode = errorCode;
  }

  private fail(r: Request, code: string, reason: string): void {
    this.finish(r, 'FAILED', reason, code);
  }

  private restLimit(r: Request): void {
    this.watchOf(r.quote).limits.add(r);
    this.rebuild(r.quote);
    this.dueQueue.add(this.limitTtlMs, () => this.expire(r));
    const mark = (this.marks.get(r.quote.market.spec.symbol) as Mark).mark;
    if (this.watchOf(r.quote).mayTrigger(mark)) this.fireTriggers(this.watchOf(r.quote), mark);
  }

  /** A LIMIT still resting when its time is up ends EXPIRED (a close: the position stays open). */
  private expire(r: Request): void {
    const q = r.quote;
    const w = this.watchOf(q);
    if (!w.limits.delete(r)) return;
    this.rebuild(q);
    if (r.kind === 'open') {
      q.subaccount.live.delete(q);
      unreserve(q);
      this.setQuoteStatus(q, 'EXPIRED');
    } else {
      q.closeRequest = null;
      this.setQuoteStatus(q, 'OPENED');
      this.watchTpSl(q);
    }
    this.finish(r, 'EXPIRED', `the LIMIT rested ${this.limitTtlMs} ms unfilled`);
  }

  private watchTpSl(q: Quote): void {
    const w = this.watchOf(q);
    if (q.status === 'OPENED' && (q.takeProfit || q.stopLoss)) w.tpsl.add(q);
    else w.tpsl.delete(q);
    this.rebuild(q);
  }

  private refused(): boolean {
    return this.faults.solverRefusalRate > 0 && this.rng.next() < this.faults.solverRefusalRate;
  }

  /** True when the open filled. */
  private fillOpen(q: Quote): boolean {
    const open = q.openRequest as Request;
    if (q.status === 'CANCELED' || q.status === 'FAILED') return false;
    const spec = q.market.spec;
    const failOpen = (code: string, reason: string): false => {
      q.subaccount.live.delete(q);
      unreserve(q);
      this.setQuoteStatus(q, 'FAILED');
      this.fail(open, code, reason);
      return false;
    };
    if (this.refused()) return failOpen('4006', 'the solver refused the quote');
    const limit = q.orderType === 'LIMIT' ? (q.limitPrice as Decimal) : null;
    const fill = this.pricing.fillPrice(q.market, q.side === 'LONG', limit, q.refPrice, q.slippage);
    if ('refusal' in fill) return failOpen('4104', fill.refusal);
    const { price } = fill;
    const cost =
      q.reservedAt === price
        ? this.ledger.costOf(q)
        : openCost(q.quantity, price, q.leverage, spec.hedgerFeeOpen);
    const { margin, fees } = cost;
    // Re-check solvency at the fill price, without this quote's own reservation.
    unreserve(q);
    if (!this.ledger.fits(q.subaccount, approxNumber(margin) + approxNumber(fees), () => needOf(cost))) {
      q.subaccount.live.delete(q);
      this.setQuoteStatus(q, 'FAILED');
      this.fail(open, '4000', 'insufficient margin at fill');
      return false;
    }
    q.openedPrice = price;
    q.margin = margin;
    q.quoteId = this.byQuoteId.issue();
    this.byQuoteId.store(q.quoteId, q);
    const sub = q.subaccount;
    sub.collateral = sub.collateral.minus(fees);
    if (q.marginMode === 'isolated') sub.collateral = sub.collateral.minus(margin);
    else {
      applyExposure(sub, q.market, q.side === 'LONG', q.quantity, cost.notional, margin, 1);
      this.watchOf(q).crossSubs.add(sub);
    }
    const cancel = q.status === 'CANCEL_PENDING';
    this.setQuoteStatus(q, 'OPENED');
    open.filledQuantity = q.quantity;
    open.avgPrice = price;
    this.finish(open, 'OPENED');
    if (cancel) this.watchOf(q).limits.delete(open);
    this.watchOf(q).live.add(q);
    if (q.marginMode === 'isolated') {
      this.watchOf(q).isolated.add(q);
      this.rebuild(q);
    }
    return true;
  }

  /** True when the close filled. */
  private fillClose(r: Request): boolean {
    const q = r.quote;
    if (r.status !== 'CLOSE_PENDING' && r.status !== 'CANCEL_CLOSE_PENDING') return false;
    const spec = q.market.spec;
    const back = (code: string, reason: string): false => {
      q.closeRequest = null;
      this.setQuoteStatus(q, 'OPENED');
      this.fail(r, code, reason);
      this.watchTpSl(q);
      return false;
    };
    if (this.refused()) return back('4006', 'the solver refused the close');
    const limit = r.orderType === 'LIMIT' ? (r.price as Decimal) : null;
    const fill = this.pricing.fillPrice(q.market, q.side === 'SHORT', limit, r.refPrice, r.slippage);
    if ('refusal' in fill) return back('4104', fill.refusal);
    const { price } = fill;
    this.realize(q, r.quantity, price, spec.hedgerFeeClose);
    q.closeRequest = null;
    r.filledQuantity = r.quantity;
    r.avgPrice = price;
    const remaining = q.quantity.minus(q.closedAmount);
    if (remaining.isZero()) {
      this.retire(q, 'CLOSED');
      this.finish(r, 'CLOSED');
    } else {
      this.setQuoteStatus(q, 'OPENED');
      this.finish(r, 'OPENED', 'partially closed: the remainder stays open');
      this.watchTpSl(q);
    }
    return true;
  }

  /** Books a close of `qty` at `price`: PnL and fees into collateral, margin released pro rata. */
  private realize(q: Quote, qty: Decimal, price: Decimal, solverFee: Decimal): void {
    if (!realizeClose(q, qty, price, solverFee)) this.watchOf(q).crossSubs.delete(q.subaccount);
  }

  /** Takes a quote out of every index with its final status. */
  private retire(q: Quote, status: VenueStatus): void {
    const w = this.watchOf(q);
    q.subaccount.live.delete(q);
    w.live.delete(q);
    w.isolated.delete(q);
    w.tpsl.delete(q);
    if (q.closeRequest) w.limits.delete(q.closeRequest);
    q.takeProfit = null;
    q.stopLoss = null;
    this.setQuoteStatus(q, status);
    this.rebuild(q);
  }

  private fireTriggers(w: SymbolWatch, price: number): void {
    for (const hit of dueTriggers(w, price)) {
      if (hit.kind === 'limit') this.triggerLimit(w, hit.request);
      else if (hit.kind === 'tpsl') this.triggerTpSl(hit.quote, hit.which);
      else if (hit.quote.status !== 'LIQUIDATED') this.liquidate([hit.quote]);
    }
    w.rebuild(isolatedLiquidationPrice);
  }

  private triggerLimit(w: SymbolWatch, r: Request): void {
    w.limits.delete(r);
    if (r.kind === 'open') {
      moveRequest(r, 'LOCKED', this.clock.now());
      this.setQuoteStatus(r.quote, 'LOCKED');
      this.dueQueue.add(this.latency(), () => this.fillOpen(r.quote));
    } else this.dueQueue.add(this.latency(), () => this.fillClose(r));
  }

  private triggerTpSl(q: Quote, which: string): void {
    this.watchOf(q).tpsl.delete(q);
    if (q.status !== 'OPENED') return;
    const qty = q.quantity.minus(q.closedAmount).toNumber();
    q.takeProfit = null;
    q.stopLoss = null;
    const r = this.submitClose(q, { quantityToClose: qty, orderType: 'MARKET' });
    r.reason = `${which} triggered`;
  }

  private checkCrossLiquidation(w: SymbolWatch): void {
    for (const sub of w.crossSubs)
      if (isUnderwater(sub, this.ledger.collateralNumber(sub), this.markOf))
        this.liquidate(sub.live.toArray().filter((x) => x.marginMode === 'cross' && x.openedPrice));
  }

  /** Closes positions at the mark with status LIQUIDATED; cross collateral never goes below zero. */
  private liquidate(quotes: readonly Quote[]): void {
    for (const q of quotes) {
      const mark = dec((this.marks.get(q.market.spec.symbol) as Mark).mark);
      const pending = q.closeRequest;
      if (q.marginMode === 'isolated') {
        // The virtual account loses its margin; nothing flows back to the cross collateral.
        q.closedAmount = q.quantity;
        q.margin = ZERO;
      } else {
        this.realize(q, q.quantity.minus(q.closedAmount), mark, ZERO);
        if (q.subaccount.collateral.isNegative()) q.subaccount.collateral = ZERO;
      }
      this.retire(q, 'LIQUIDATED');
      if (pending) this.finish(pending, 'LIQUIDATED', 'the position was liquidated');
    }
  }

  private scheduleFunding(m: SimMarket): void {
    const now = this.clock.now();
    this.after(nextEpoch(now, m.fundingEpochMs) - now, () => {
      this.payFunding(m);
      this.scheduleFunding(m);
    });
  }

  nextFundingTime(m: SimMarket): number {
    return nextEpoch(this.clock.now(), m.fundingEpochMs);
  }

  /** This epoch's rates: the price source's when it gives them, else the catalog's. */
  fundingRates(m: SimMarket): FundingRates {
    return (
      this.prices.funding?.(m.spec.symbol, this.clock.now()) ?? {
        long: m.fundingRateLong,
        short: m.fundingRateShort,
      }
    );
  }

  private payFunding(m: SimMarket): void {
    const rates = this.fundingRates(m);
    const w = this.watches.get(m.spec.symbol) as SymbolWatch;
    if (w.live.size === 0) return;
    const mark = dec((this.marks.get(m.spec.symbol) as Mark).mark);
    for (const q of w.live.toArray()) {
      const paid = fundingPayment(q, mark, rates);
      q.accumulatedFunding = q.accumulatedFunding.plus(paid);
      if (q.marginMode === 'cross') q.subaccount.collateral = q.subaccount.collateral.minus(paid);
      q.updatedAt = this.clock.now();
    }
    w.rebuild(isolatedLiquidationPrice);
    this.checkCrossLiquidation(w);
  }
}
