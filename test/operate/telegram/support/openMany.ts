import { IntentId, MarketSymbol, StrategyId } from '../../../../src/domain/ids.ts';
import { dec } from '../../../../src/domain/money.ts';
import type { WatcherKernel } from '../../../kernel/support/watcherKernel.ts';

let next = 0;

/** `n` market opens of 0.002 BTCUSDT at 20x by `watch`, all submitted at the same instant; resolves once all filled. */
export async function openMany({ kernel, clock }: WatcherKernel, n: number): Promise<void> {
  const watch = StrategyId('watch');
  const before = kernel.executor.ledger.openLots(watch).length;
  await Promise.all(
    Array.from({ length: n }, () =>
      kernel.executor.submit({
        kind: 'open',
        intentId: IntentId(`in_many_${next++}`),
        strategyId: watch,
        createdAt: clock.now(),
        symbol: MarketSymbol('BTCUSDT'),
        side: 'LONG',
        quantity: dec('0.002'),
        leverage: 20,
        orderType: 'MARKET',
        allowStacking: true,
      }),
    ),
  );
  await clock.runUntil(() => kernel.executor.ledger.openLots(watch).length === before + n, 60_000);
}
