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
import { WireFundingInfo } from '../../venue/wire/funding.ts';
import { WireAggregatedMarkets } from '../../venue/wire/markets.ts';
import { decimalOrUndefined } from '../../venue/wire/scalars.ts';
import { WireRequestStatus } from '../../venue/wire/status.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import type { Quote } from '../engine/state.ts';
import { money } from '../http/serialize.ts';

/**
 * Route data (the objects the HTTP face would serialise) to the client's domain values, through
 * the client's own wire schemas and mappers: the same values and the same string forms as a read
 * over the wire, without the JSON in between, and no cast of what a route answered.
 */
export function wireDec(text: unknown): Decimal {
  const d = decimalOrUndefined(text);
  if (d === undefined) throw new Error(`direct venue: not a venue number: ${String(text)}`);
  return d;
}

/** The markets route's data, read by the client's own schema (money text → Decimal, ids checked). */
export function marketsFrom(data: unknown): MarketSpec[] {
  return toMarketSpecs(WireAggregatedMarkets.parse(data));
}

/** A status route's row, read as the client reads a poll's answer. */
export function statusFrom(row: unknown): RequestStatusReport {
  return toRequestStatus(WireRequestStatus.parse(row));
}

export function fundingFrom(data: unknown): FundingInfo[] {
  return toFundingInfos(WireFundingInfo.parse(data));
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
