import { MarketSymbol } from '../src/domain/ids.ts';
import { dec } from '../src/domain/money.ts';
import type { FundingInfo } from '../src/kernel/Kernel.ts';
import type { DrivenMarket } from '../src/market/DrivenMarket.ts';
import type { BacktestWorld } from './BacktestWorld.ts';

/**
 * Tells the kernel the markets' funding rates (what `ctx.funding` reads) as the venue quotes them:
 * once at the start, then at each bar open on or after a funding epoch, when the series' next
 * rates take over. A live kernel polls the venue's funding info; here the venue is in process,
 * so its rates are read directly, and only when an epoch passed (one comparison per bar).
 */
export function fundingPush(world: BacktestWorld, market: DrivenMarket): (now: number) => void {
  const engine = world.sim.engine;
  let due = Number.NEGATIVE_INFINITY;
  return (now) => {
    if (now < due) return;
    const infos: FundingInfo[] = world.markets.map((m) => {
      const r = engine.fundingRates(m);
      return {
        symbol: MarketSymbol(m.spec.symbol),
        nextFundingTime: engine.nextFundingTime(m),
        rateLong: dec(r.long),
        rateShort: dec(r.short),
        epochMs: m.fundingEpochMs,
      };
    });
    due = Math.min(...infos.map((f) => f.nextFundingTime));
    market.pushFunding(infos);
  };
}
