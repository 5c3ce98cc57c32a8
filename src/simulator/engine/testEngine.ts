import { VirtualClock } from '../../clock/VirtualClock.ts';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { defaultMarkets } from '../markets.ts';
import { manualPrices, type PriceSource } from '../prices/PriceSource.ts';
import { createRng } from '../rng.ts';
import { AccountBook } from './AccountBook.ts';
import type { FillLatency } from './FillLatency.ts';
import { type OpenParams, SimEngine } from './SimEngine.ts';
import type { Subaccount } from './state.ts';

/** A test engine on a VirtualClock with manual prices, and one funded subaccount able to trade BTC. */
export function engine(
  o: { fillLatencyMs?: FillLatency; limitTtlMs?: number; prices?: PriceSource; history?: number } = {},
) {
  const clock = new VirtualClock();
  const accounts = new AccountBook(clock);
  const e = new SimEngine({
    clock,
    rng: createRng(1),
    markets: defaultMarkets(),
    prices: o.prices ?? manualPrices(),
    fillLatencyMs: o.fillLatencyMs ?? { min: 100, max: 100 },
    chainId: VenueFacts.defaultChainId,
    accounts,
    ...(o.limitTtlMs === undefined ? {} : { limitTtlMs: o.limitTtlMs }),
    ...(o.history === undefined ? {} : { history: o.history }),
  });
  accounts.signIn('0x00000000000000000000000000000000000a11ce', VenueFacts.defaultChainId);
  const sub = accounts.subaccountsOf('0x00000000000000000000000000000000000a11ce')[0];
  if (!sub) throw new Error('no subaccount');
  accounts.registerInstantToken(sub, VenueFacts.defaultSolver, 'tok-tok-tok');
  accounts.faucet(sub.address, VenueFacts.defaultChainId, 10_000);
  return { clock, e, sub };
}

/** An open on `sub`: 0.01 BTCUSDT long at 10×, MARKET, unless `over` says otherwise. */
export function openOn(e: SimEngine, sub: Subaccount, over: Partial<OpenParams> = {}) {
  return e.submitOpen(sub, {
    marketId: 1,
    positionType: 'LONG',
    orderType: 'MARKET',
    quantity: 0.01,
    leverage: 10,
    ...over,
  });
}
