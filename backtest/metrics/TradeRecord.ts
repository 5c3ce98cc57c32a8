import type { PositionSide } from '../../src/domain/side.ts';

/**
 * One closed round trip. `pnl` is net: what the trade added to equity (price move − fees −
 * funding), so initial equity + Σ pnl is the final equity. `fees` and `funding` are what the
 * trade paid (positive = paid, negative = received). Times are epoch ms.
 */
export interface TradeRecord {
  readonly strategy: string;
  readonly market: string;
  readonly side: PositionSide;
  readonly quantity: number;
  readonly entryTime: number;
  readonly exitTime: number;
  readonly entryPrice: number;
  readonly exitPrice: number;
  readonly pnl: number;
  readonly fees: number;
  readonly funding: number;
}
