import { addTo } from '../domain/addTo.ts';
import { exactNumber } from '../domain/exactNumber.ts';
import type { Fill } from '../domain/fill.ts';
import type { QuoteId, StrategyId } from '../domain/ids.ts';
import { isPositive } from '../domain/isPositive.ts';
import { type Decimal, ZERO } from '../domain/money.ts';
import { sideSign } from '../domain/side.ts';
import type { LedgerEntry, StrategyBook, Totals } from './ledgerEntry.ts';
import { type Lot, newLot, type PnlSummary } from './lot.ts';
import { lotKeyOf } from './lotKey.ts';
import { Marks } from './Marks.ts';
import { OpenExposure } from './OpenExposure.ts';
import { RunningSum } from './RunningSum.ts';

export type { Lot, PnlSummary } from './lot.ts';

/**
 * Account positions with per-strategy attribution, realised and unrealised PnL, fees and
 * funding, all in Decimal. It holds no I/O: the executor journals a fill (exactly once, by
 * fillId) and only then applies it here, and rebuilds it from the journal's fills at start.
 */
export class PositionLedger {
  /** The lots by the id a fill finds them by (quote, else request): no key string hashed per fill. */
  private readonly byQuote = new Map<string, LedgerEntry>();
  private readonly byRequest = new Map<string, LedgerEntry>();
  /** The marks, read as Decimals (markPrice) or as floats (`marks.number`). */
  readonly marks = new Marks();
  /** Every realised amount and fee, in order: the account's totals are their sums, taken when read. */
  readonly realisedLog = new RunningSum();
  readonly feeLog = new RunningSum();
  /** Every fillId applied: a fill is applied once however often it is reported. */
  private readonly applied = new Set<string>();
  /** The lots with quantity still open: the few that reads iterate. */
  private readonly open = new Set<Lot>();
  /** Open counts and quantities per strategy and market, kept as fills change them (the gate's reads). */
  private readonly exposureBook = new OpenExposure();
  /** Realised, fees and funding of every lot ever booked, per strategy ('null': external); '*' holds only funding. */
  private readonly totals = new Map<string, Totals>();
  /** Per strategy, its totals and its exposure slot per market: what a new lot links to. */
  private readonly books = new Map<StrategyId | null, StrategyBook>();
  /**
   * While every lot is one strategy's (a backtest), its realised and fees are the account's, the
   * logs' sums: its totals are filled from them when a second strategy's first lot comes.
   */
  private sole: StrategyBook | undefined;
  private mixed = false;

  /** Applies a fill; false (and no change) when its id was applied before. */
  apply(fill: Fill): boolean {
    // One set operation: an id applied before leaves the set's size as it was.
    const seen = this.applied.size;
    this.applied.add(fill.fillId);
    if (this.applied.size === seen) return false;
    this.applyFresh(fill);
    return true;
  }

  /**
   * Applies a fill the caller has shown to be new: the executor's journal records each fill id
   * exactly once, and the ledger is rebuilt from those records at start, so a second set of every
   * fill id (a costly miss per fill in a long backtest) would only repeat the journal's answer.
   */
  applyFresh(fill: Fill): void {
    const entry = this.entryOf(fill);
    const lot = entry.lot;
    const before = lot.openQuantity;
    if (!fill.fee.isZero()) {
      lot.fees = addTo(lot.fees, fill.fee); // a lot's first fee is the sum itself: no addition
      this.feeLog.push(fill.ts, fill.fee);
      if (this.mixed) entry.totals.fees = addTo(entry.totals.fees, fill.fee);
    }
    const quantity = fill.quantity;
    const adds = fill.effect === 'open';
    if (adds) {
      if (lot.openedBy === null) lot.openedBy = fill.clientRequestId;
      if (before.isZero() && !quantity.isZero()) {
        // The first fill of a lot (the usual case): its price is the average, no Decimal division.
        lot.avgOpenPrice = fill.price;
        lot.openQuantity = quantity;
      } else {
        const qty = before.plus(quantity);
        lot.avgOpenPrice = qty.isZero()
          ? ZERO
          : lot.avgOpenPrice.times(before).plus(fill.price.times(quantity)).dividedBy(qty);
        lot.openQuantity = qty;
      }
    } else {
      // A short's move is avg − price: the negation of price − avg, rounded alike (half-even is symmetric).
      const pnl = (
        sideSign(lot.side) === 1 ? fill.price.minus(lot.avgOpenPrice) : lot.avgOpenPrice.minus(fill.price)
      ).times(quantity);
      lot.realisedPnl = addTo(lot.realisedPnl, pnl);
      // A whole close reports the open's very Decimal: x − x of a finite x ≠ 0 is +0, which ZERO is.
      lot.openQuantity =
        before === quantity && before.isFinite() && !before.isZero() ? ZERO : before.minus(quantity);
      lot.closedQuantity = addTo(lot.closedQuantity, quantity);
      this.realisedLog.push(fill.ts, pnl);
      if (this.mixed) entry.totals.realised = addTo(entry.totals.realised, pnl);
    }
    if (quantity.isZero()) return;
    // The open set and counts change only when a lot crosses zero (in `open` ⇔ quantity > 0).
    const after = lot.openQuantity;
    const was = isPositive(before);
    const now = isPositive(after);
    if (now && !was) this.open.add(lot);
    else if (was && !now) this.open.delete(lot);
    this.exposureBook.move(entry.slot, {
      quantity,
      adds,
      before,
      after,
      opened: before.isZero() && now,
      closed: was && !now,
    });
  }

  /** The lot a fill belongs to (its key: the venue's quote id when known, else our request id), made on its first fill. */
  private entryOf(fill: Fill): LedgerEntry {
    const quoteId = fill.quoteId;
    const request = fill.clientRequestId ?? 'none';
    const entry = quoteId !== null ? this.byQuote.get(quoteId) : this.byRequest.get(request);
    if (entry !== undefined) return entry;
    let book = this.books.get(fill.strategyId);
    if (book === undefined) {
      book = { totals: this.totalsFor(String(fill.strategyId)), slots: new Map() };
      this.books.set(fill.strategyId, book);
      if (this.sole === undefined) this.sole = book;
      else if (!this.mixed) {
        // The same sums, in the same order, as booking each amount to the sole strategy would have made.
        this.mixed = true;
        this.sole.totals.realised = this.realisedLog.total;
        this.sole.totals.fees = this.feeLog.total;
      }
    }
    let slot = book.slots.get(fill.symbol);
    if (slot === undefined) {
      slot = this.exposureBook.slot(String(fill.strategyId), fill.symbol);
      book.slots.set(fill.symbol, slot);
    }
    const made: LedgerEntry = { lot: newLot(fill, lotKeyOf(fill)), totals: book.totals, slot };
    if (quoteId !== null) this.byQuote.set(quoteId, made);
    else this.byRequest.set(request, made);
    return made;
  }

  /** Unrealised PnL of every open lot at the marks (the daily-loss check's, after each fill), as `summary()` has it. */
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
    for (const [symbol, cell] of this.exposureBook.quantities(
      strategyId === undefined ? '*' : String(strategyId),
    )) {
      const qty = cell.quantity;
      if (qty.isZero()) continue;
      const mark = this.markPrice(symbol);
      if (mark !== undefined) total = total.plus(qty.times(mark));
      else
        for (const l of this.openLots(strategyId))
          if (l.symbol === symbol) total = total.plus(l.openQuantity.times(l.avgOpenPrice));
    }
    return total;
  }

  /**
   * `openNotional` in floats, each step rounded once, for a check far from a limit; undefined when
   * a market has no mark or a term is not positive (the caller then takes the exact path).
   */
  approxOpenNotional(strategyId?: StrategyId | null): number | undefined {
    let total = 0;
    for (const [symbol, cell] of this.exposureBook.quantities(
      strategyId === undefined ? '*' : String(strategyId),
    )) {
      const qty = cell.quantity;
      if (qty.isZero()) continue;
      const mark = this.marks.number(symbol);
      const term = mark === undefined ? Number.NaN : exactNumber(qty) * mark;
      if (!(term > 0)) return undefined;
      total += term;
    }
    return total;
  }

  /** Funding as the venue accumulates it per position (a running total, not a delta). */
  setFunding(lot: Lot, accumulated: Decimal): void {
    const delta = accumulated.minus(lot.funding);
    lot.funding = accumulated;
    for (const t of [this.totalsFor(String(lot.strategyId)), this.totalsFor('*')])
      t.funding = t.funding.plus(delta);
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
    this.marks.set(symbol, price);
  }

  /** A mark as a plain number: one map write, no Decimal until something reads it. */
  markNumber(symbol: string, price: number): void {
    this.marks.setNumber(symbol, price);
  }

  markPrice(symbol: string): Decimal | undefined {
    return this.marks.get(symbol);
  }

  /** The lot of our request, while the venue's quote id is not known (null: a fill without one). */
  lotOfRequest(clientRequestId: string | null): Lot | undefined {
    return this.byRequest.get(clientRequestId ?? 'none')?.lot;
  }

  /** The lot of a venue position. */
  lotOfQuote(quoteId: QuoteId | string): Lot | undefined {
    return this.byQuote.get(quoteId)?.lot;
  }

  openLots(strategyId?: StrategyId | null): Lot[] {
    const out: Lot[] = [];
    for (const l of this.open) {
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
    const all = strategyId === undefined || (!this.mixed && t !== undefined && t === this.sole?.totals);
    return {
      realised: all ? this.realisedLog.total : (t?.realised ?? ZERO),
      unrealised: this.unrealisedOf(open),
      fees: all ? this.feeLog.total : (t?.fees ?? ZERO),
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
