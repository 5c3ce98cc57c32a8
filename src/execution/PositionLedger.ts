import type { Fill } from '../domain/fill.ts';
import type { QuoteId, StrategyId } from '../domain/ids.ts';
import { type Decimal, dec, ZERO } from '../domain/money.ts';
import { type PositionSide, sideSign } from '../domain/side.ts';
import { type LotKey, quoteLotKey, requestLotKey } from './lotKey.ts';
import { OpenExposure } from './OpenExposure.ts';
import { RunningSum } from './RunningSum.ts';

/** One venue position as the ledger knows it, attributed to the strategy that opened it. */
export interface Lot {
  readonly key: LotKey;
  /** The venue's position, when the lot is keyed by it (null: keyed by our request, quote not yet known). */
  readonly quoteId: QuoteId | null;
  readonly strategyId: StrategyId | null;
  readonly symbol: string;
  readonly side: PositionSide;
  openQuantity: Decimal;
  closedQuantity: Decimal;
  avgOpenPrice: Decimal;
  realisedPnl: Decimal;
  fees: Decimal;
  funding: Decimal;
}

export interface PnlSummary {
  readonly realised: Decimal;
  readonly unrealised: Decimal;
  readonly fees: Decimal;
  readonly funding: Decimal;
  readonly openPositions: number;
  readonly notional: Decimal;
}

/** The key a fill belongs to: the venue's quote id when known, else our request id. */
export function lotKeyOf(fill: Pick<Fill, 'quoteId' | 'clientRequestId'>): LotKey {
  return fill.quoteId !== null ? quoteLotKey(fill.quoteId) : requestLotKey(fill.clientRequestId);
}

/**
 * Account positions with per-strategy attribution, realised and unrealised PnL, fees and
 * funding, all in Decimal. It holds no I/O: the executor journals a fill (exactly once, by
 * fillId) and only then applies it here, and rebuilds it from the journal's fills at start.
 */
export class PositionLedger {
  private readonly lots = new Map<LotKey, Lot>();
  private readonly marks = new Map<string, Decimal>();
  /** Marks as they arrive from a price feed, made Decimal only when read (the backtest hot path). */
  private readonly rawMarks = new Map<string, number>();
  private readonly realisedLog = new RunningSum();
  private readonly feeLog = new RunningSum();
  private readonly applied = new Set<string>();
  /** Keys of the lots with quantity still open: the few that reads iterate. */
  private readonly open = new Set<LotKey>();
  /** Open counts and quantities per strategy and market, kept as fills change them (the gate's reads). */
  private readonly exposureBook = new OpenExposure();
  /** Realised, fees and funding of every lot ever booked, per strategy ('null': external) and in all. */
  private readonly totals = new Map<string, Totals>();
  /** Per strategy, the pair `totalsOf` answers: built once, not on every fill. */
  private readonly totalsPairs = new Map<StrategyId | null, readonly [Totals, Totals]>();

  /** Applies a fill; false (and no change) when its id was applied before. */
  apply(fill: Fill): boolean {
    if (this.applied.has(fill.fillId)) return false;
    this.applied.add(fill.fillId);
    const key = lotKeyOf(fill);
    let lot = this.lots.get(key);
    if (lot === undefined) {
      lot = {
        key,
        quoteId: fill.quoteId,
        strategyId: fill.strategyId,
        symbol: fill.symbol,
        side: fill.side,
        openQuantity: ZERO,
        closedQuantity: ZERO,
        avgOpenPrice: ZERO,
        realisedPnl: ZERO,
        fees: ZERO,
        funding: ZERO,
      };
      this.lots.set(key, lot);
    }
    const totals = this.totalsOf(lot.strategyId);
    const before = lot.openQuantity;
    if (!fill.fee.isZero()) {
      lot.fees = lot.fees.plus(fill.fee);
      this.feeLog.push(fill.ts, fill.fee);
      for (const t of totals) t.fees = t.fees.plus(fill.fee);
    }
    if (fill.effect === 'open') {
      if (lot.openQuantity.isZero() && !fill.quantity.isZero()) {
        // The first fill of a lot (the usual case): its price is the average, no Decimal division.
        lot.avgOpenPrice = fill.price;
        lot.openQuantity = fill.quantity;
      } else {
        const qty = lot.openQuantity.plus(fill.quantity);
        lot.avgOpenPrice = qty.isZero()
          ? ZERO
          : lot.avgOpenPrice.times(lot.openQuantity).plus(fill.price.times(fill.quantity)).dividedBy(qty);
        lot.openQuantity = qty;
      }
    } else {
      const move = fill.price.minus(lot.avgOpenPrice).times(fill.quantity);
      const pnl = sideSign(lot.side) === 1 ? move : move.negated();
      lot.realisedPnl = lot.realisedPnl.plus(pnl);
      lot.openQuantity = lot.openQuantity.minus(fill.quantity);
      lot.closedQuantity = lot.closedQuantity.plus(fill.quantity);
      this.realisedLog.push(fill.ts, pnl);
      for (const t of totals) t.realised = t.realised.plus(pnl);
    }
    if (lot.openQuantity.greaterThan(0)) this.open.add(key);
    else this.open.delete(key);
    this.exposureBook.change(String(lot.strategyId), lot.symbol, before, lot.openQuantity);
    return true;
  }

  /**
   * Unrealised PnL of every open lot at the marks (what the daily-loss check adds after each fill):
   * the same computation as `summary()`'s.
   */
  unrealisedTotal(): Decimal {
    return this.unrealisedOf(this.openLots());
  }

  /** One pass over `lots`, one mark lookup per run of lots on the same market. */
  private unrealisedOf(lots: readonly Lot[]): Decimal {
    let total = ZERO;
    let symbol: string | undefined;
    let mark: Decimal | undefined;
    for (const l of lots) {
      if (l.symbol !== symbol) {
        symbol = l.symbol;
        mark = this.markPrice(symbol);
      }
      if (mark === undefined) continue;
      const move = mark.minus(l.avgOpenPrice).times(l.openQuantity);
      total = sideSign(l.side) === 1 ? total.plus(move) : total.minus(move);
    }
    return total;
  }

  /** Open positions of a strategy (null = external), or of the whole account: no pass over the lots. */
  openCount(strategyId?: StrategyId | null): number {
    return this.exposureBook.count(strategyId === undefined ? '*' : String(strategyId));
  }

  /**
   * Notional of the open positions at the marks (a lot's own average price where its market has
   * none yet): one product per market, not per lot.
   */
  openNotional(strategyId?: StrategyId | null): Decimal {
    let total = ZERO;
    for (const [symbol, qty] of this.exposureBook.quantities(
      strategyId === undefined ? '*' : String(strategyId),
    )) {
      if (qty.isZero()) continue;
      const mark = this.markPrice(symbol);
      if (mark !== undefined) total = total.plus(qty.times(mark));
      else
        for (const l of this.openLots(strategyId))
          if (l.symbol === symbol) total = total.plus(l.openQuantity.times(l.avgOpenPrice));
    }
    return total;
  }

  hasApplied(fillId: string): boolean {
    return this.applied.has(fillId);
  }

  /** Funding as the venue accumulates it per position (a running total, not a delta). */
  setFunding(key: LotKey, accumulated: Decimal): void {
    const lot = this.lots.get(key);
    if (lot === undefined) return;
    const delta = accumulated.minus(lot.funding);
    lot.funding = accumulated;
    for (const t of this.totalsOf(lot.strategyId)) t.funding = t.funding.plus(delta);
  }

  /** The running totals a lot of this strategy adds to: its strategy's and the account's. */
  private totalsOf(strategyId: StrategyId | null): readonly [Totals, Totals] {
    let pair = this.totalsPairs.get(strategyId);
    if (pair === undefined) {
      pair = [this.totalsFor(String(strategyId)), this.totalsFor('*')];
      this.totalsPairs.set(strategyId, pair);
    }
    return pair;
  }

  private totalsFor(name: string): Totals {
    let t = this.totals.get(name);
    if (t === undefined) {
      t = { realised: ZERO, fees: ZERO, funding: ZERO };
      this.totals.set(name, t);
    }
    return t;
  }

  mark(symbol: string, price: Decimal): void {
    this.rawMarks.delete(symbol);
    this.marks.set(symbol, price);
  }

  /** A mark as a plain number: one map write, no Decimal until something reads it. */
  markNumber(symbol: string, price: number): void {
    this.rawMarks.set(symbol, price);
  }

  markPrice(symbol: string): Decimal | undefined {
    const raw = this.rawMarks.get(symbol);
    if (raw !== undefined) {
      this.rawMarks.delete(symbol);
      this.marks.set(symbol, dec(raw));
    }
    return this.marks.get(symbol);
  }

  lot(key: LotKey): Lot | undefined {
    return this.lots.get(key);
  }

  /** The lot of a venue position. */
  lotOfQuote(quoteId: QuoteId | string): Lot | undefined {
    return this.lots.get(quoteLotKey(quoteId));
  }

  openLots(strategyId?: StrategyId | null): Lot[] {
    const out: Lot[] = [];
    for (const key of this.open) {
      const l = this.lots.get(key) as Lot;
      if (strategyId === undefined || l.strategyId === strategyId) out.push(l);
    }
    return out;
  }

  /** Open quantity per `symbol:side`, the shape the venue's position list is compared in. */
  exposure(): Map<string, Decimal> {
    const out = new Map<string, Decimal>();
    for (const l of this.openLots()) {
      const k = `${l.symbol}:${l.side}`;
      out.set(k, (out.get(k) ?? ZERO).plus(l.openQuantity));
    }
    return out;
  }

  unrealised(lot: Lot): Decimal {
    const mark = this.markPrice(lot.symbol);
    if (mark === undefined) return ZERO;
    return mark.minus(lot.avgOpenPrice).times(lot.openQuantity).times(sideSign(lot.side));
  }

  /** Totals for one strategy (null = external positions), or the whole account. */
  summary(strategyId?: StrategyId | null): PnlSummary {
    const t = this.totals.get(strategyId === undefined ? '*' : String(strategyId));
    const open = this.openLots(strategyId);
    return {
      realised: t?.realised ?? ZERO,
      unrealised: this.unrealisedOf(open),
      fees: t?.fees ?? ZERO,
      funding: t?.funding ?? ZERO,
      openPositions: open.length,
      notional: this.openNotional(strategyId),
    };
  }

  feesSince(ts: number): Decimal {
    return this.feeLog.since(ts);
  }

  realisedSince(ts: number): Decimal {
    return this.realisedLog.since(ts);
  }
}

interface Totals {
  realised: Decimal;
  fees: Decimal;
  funding: Decimal;
}
