import type { Fill } from '../domain/fill.ts';
import type { StrategyId } from '../domain/ids.ts';
import { type Decimal, dec, sum, ZERO } from '../domain/money.ts';
import { type PositionSide, sideSign } from '../domain/side.ts';

/** One venue position as the ledger knows it, attributed to the strategy that opened it. */
export interface Lot {
  readonly key: string;
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
export function lotKeyOf(fill: Pick<Fill, 'quoteId' | 'clientRequestId'>): string {
  if (fill.quoteId !== null) return `q:${fill.quoteId}`;
  return `r:${fill.clientRequestId ?? 'none'}`;
}

/**
 * Account positions with per-strategy attribution, realised and unrealised PnL, fees and
 * funding, all in Decimal. It holds no I/O: the executor journals a fill (exactly once, by
 * fillId) and only then applies it here, and rebuilds it from the journal's fills at start.
 */
export class PositionLedger {
  private readonly lots = new Map<string, Lot>();
  private readonly marks = new Map<string, Decimal>();
  /** Marks as they arrive from a price feed, made Decimal only when read (the backtest hot path). */
  private readonly rawMarks = new Map<string, number>();
  private readonly realisedLog: { ts: number; pnl: Decimal }[] = [];
  private readonly feeLog: { ts: number; fee: Decimal }[] = [];
  private readonly applied = new Set<string>();

  /** Applies a fill; false (and no change) when its id was applied before. */
  apply(fill: Fill): boolean {
    if (this.applied.has(fill.fillId)) return false;
    this.applied.add(fill.fillId);
    const key = lotKeyOf(fill);
    let lot = this.lots.get(key);
    if (lot === undefined) {
      lot = {
        key,
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
    if (!fill.fee.isZero()) {
      lot.fees = lot.fees.plus(fill.fee);
      this.feeLog.push({ ts: fill.ts, fee: fill.fee });
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
      this.realisedLog.push({ ts: fill.ts, pnl });
    }
    return true;
  }

  hasApplied(fillId: string): boolean {
    return this.applied.has(fillId);
  }

  /** Funding as the venue accumulates it per position (a running total, not a delta). */
  setFunding(key: string, accumulated: Decimal): void {
    const lot = this.lots.get(key);
    if (lot !== undefined) lot.funding = accumulated;
  }

  /** Re-keys a lot opened before its quote id was known. */
  rekey(from: string, to: string): void {
    const lot = this.lots.get(from);
    if (lot === undefined || from === to || this.lots.has(to)) return;
    this.lots.delete(from);
    this.lots.set(to, { ...lot, key: to });
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

  lot(key: string): Lot | undefined {
    return this.lots.get(key);
  }

  openLots(strategyId?: StrategyId | null): Lot[] {
    return [...this.lots.values()].filter(
      (l) => l.openQuantity.greaterThan(0) && (strategyId === undefined || l.strategyId === strategyId),
    );
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
    const lots = [...this.lots.values()].filter(
      (l) => strategyId === undefined || l.strategyId === strategyId,
    );
    const open = lots.filter((l) => l.openQuantity.greaterThan(0));
    return {
      realised: sum(lots.map((l) => l.realisedPnl)),
      unrealised: sum(open.map((l) => this.unrealised(l))),
      fees: sum(lots.map((l) => l.fees)),
      funding: sum(lots.map((l) => l.funding)),
      openPositions: open.length,
      notional: sum(open.map((l) => l.openQuantity.times(this.markPrice(l.symbol) ?? l.avgOpenPrice))),
    };
  }

  feesSince(ts: number): Decimal {
    return sum(this.feeLog.filter((r) => r.ts >= ts).map((r) => r.fee));
  }

  realisedSince(ts: number): Decimal {
    return sum(this.realisedLog.filter((r) => r.ts >= ts).map((r) => r.pnl));
  }
}
