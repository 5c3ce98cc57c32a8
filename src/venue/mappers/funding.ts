import { MarketSymbol } from '../../domain/ids.ts';
import type { FundingInfo } from '../VenuePort.ts';
import type { WireFundingInfo } from '../wire/funding.ts';

export function toFundingInfos(wire: WireFundingInfo): FundingInfo[] {
  return Object.entries(wire).map(([symbol, f]) => ({
    symbol: MarketSymbol(symbol),
    nextFundingTime: f.next_funding_time,
    rateLong: f.next_funding_rate_long,
    rateShort: f.next_funding_rate_short,
    // The solver reports the epoch in seconds.
    epochMs: f.funding_rate_epoch_duration * 1000,
  }));
}
