import type { VirtualClock } from '../src/clock/VirtualClock.ts';
import { MarketSymbol, StrategyId } from '../src/domain/ids.ts';
import type { CloseIntent } from '../src/domain/intent.ts';
import { deriveIntentId } from '../src/domain/intentId.ts';
import { dec } from '../src/domain/money.ts';
import type { Kernel } from '../src/kernel/Kernel.ts';

/** The kernel's own stop (drain, last reconciliation, journal closed), on the backtest's clock. */
export async function stopKernel(kernel: Kernel, clock: VirtualClock): Promise<void> {
  let stopped = false;
  const stopping = kernel.stop().then(() => {
    stopped = true;
  });
  await clock.runUntil(() => stopped, 60_000);
  await stopping;
}

/** Positions still open after the last bar close at its close price, as backtesting.py does. */
export async function closeEverything(kernel: Kernel, clock: VirtualClock): Promise<void> {
  const ex = kernel.executor;
  for (const lot of ex.ledger.openLots()) {
    if (lot.strategyId === null || lot.quoteId === null) continue;
    const close: CloseIntent = {
      kind: 'close',
      intentId: deriveIntentId(
        StrategyId(lot.strategyId),
        `backtest-end:${lot.key}`,
        0,
        kernel.intentIdScheme,
      ),
      strategyId: StrategyId(lot.strategyId),
      createdAt: clock.now(),
      symbol: MarketSymbol(lot.symbol),
      position: { by: 'quote', quoteId: lot.quoteId },
      quantity: 'all',
      orderType: 'MARKET',
      slippage: dec('0.5'),
      reason: 'end of the backtest data',
    };
    await kernel.submit(close);
  }
  await clock.runUntil(() => ex.isIdle(), 60_000);
}
