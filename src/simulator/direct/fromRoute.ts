import { MarketSymbol } from '../../domain/ids.ts';
import type { MarketSpec } from '../../domain/market.ts';
import type { Decimal } from '../../domain/money.ts';
import type { Position } from '../../domain/position.ts';
import type { PositionSide } from '../../domain/side.ts';
import type { VenueStatus } from '../../domain/venueStatus.ts';
import { toFundingInfos } from '../../venue/mappers/funding.ts';
import { toMarketSpecs } from '../../venue/mappers/market.ts';
import { toPosition } from '../../venue/mappers/position.ts';
import { toRequestStatus } from '../../venue/mappers/requestStatus.ts';
import type { FundingInfo, RequestStatusReport } from '../../venue/VenuePort.ts';
import { decimalOrUndefined } from '../../venue/wire/scalars.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import type { Quote } from '../engine/state.ts';
import { money } from '../http/serialize.ts';

/**
 * Route data (the objects the HTTP face would serialise) to the client's domain values, through
 * the client's own mappers and its one text → Decimal conversion: the same values and the same
 * string forms as a read over the wire, without the JSON in between.
 */
export function wireDec(text: unknown): Decimal {
  const d = decimalOrUndefined(text);
  if (d === undefined) throw new Error(`direct venue: not a venue number: ${String(text)}`);
  return d;
}

type Row = Record<string, unknown>;
const MARKET_DECIMALS = [
  'minNotionalValue',
  'maxNotionalValue',
  'hedgerFeeOpen',
  'hedgerFeeClose',
  'tradingFee',
];

export function marketsFrom(data: Record<string, { markets: Record<string, Row> }>): MarketSpec[] {
  const wire: Record<string, { markets: Record<string, never> }> = {};
  for (const [solver, group] of Object.entries(data)) {
    const markets: Record<string, never> = {};
    for (const [symbol, row] of Object.entries(group.markets)) {
      const out: Row = { ...row };
      for (const k of MARKET_DECIMALS) out[k] = wireDec(row[k]);
      markets[symbol] = out as never;
    }
    wire[solver] = { markets };
  }
  return toMarketSpecs(wire);
}

export function statusFrom(row: {
  tempId: string;
  quoteId: string | null;
  status: string;
  filledQuantity: string;
  avgPrice: string | null;
  errorCode?: string;
  reason?: string;
  updatedAt: number;
}): RequestStatusReport {
  return toRequestStatus({
    ...row,
    filledQuantity: wireDec(row.filledQuantity),
    avgPrice: row.avgPrice === null ? null : wireDec(row.avgPrice),
  });
}

export function fundingFrom(data: Record<string, Row>): FundingInfo[] {
  const wire: Record<string, never> = {};
  for (const [symbol, f] of Object.entries(data))
    wire[symbol] = {
      next_funding_time: f.next_funding_time,
      next_funding_rate_long: wireDec(f.next_funding_rate_long),
      next_funding_rate_short: wireDec(f.next_funding_rate_short),
      funding_rate_epoch_duration: f.funding_rate_epoch_duration,
    } as never;
  return toFundingInfos(wire);
}

/** One row of `positions/all` as `serialize.ts` writes it (money at ≤ 8 places), then mapped. */
export function positionFrom(engine: SimEngine, q: Quote): Position {
  return toPosition({
    id: q.quoteId,
    tempId: q.tempId,
    marketId: q.market.spec.id as number,
    symbol: MarketSymbol(q.market.spec.symbol),
    positionType: q.side as PositionSide,
    quantity: wireDec(money(q.quantity)),
    closedAmount: wireDec(money(q.closedAmount)),
    openedPrice: q.openedPrice ? wireDec(money(q.openedPrice)) : null,
    leverage: q.leverage,
    status: q.status as VenueStatus,
    unrealizedPnl: wireDec(money(engine.unrealizedPnl(q))),
    margin: wireDec(money(q.margin)),
    accumulatedFunding: wireDec(money(q.accumulatedFunding)),
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  });
}
