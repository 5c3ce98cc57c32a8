import { ClientRequestId, IntentId, MarketId, MarketSymbol, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { newRequest } from '../domain/newRequest.ts';
import type { RequestRecord } from '../domain/request.ts';

/** A CREATED open request for tests of the journal and the components above it. */
export function sampleOpenRecord(n: number, at = 0): RequestRecord {
  const quantity = dec('0.010');
  return newRequest(
    {
      clientRequestId: ClientRequestId(`cr_${n}`),
      intentId: IntentId(`in_${n}`),
      strategyId: StrategyId('s1'),
      symbol: MarketSymbol('BTCUSDT'),
      side: 'LONG',
      quantity,
      status: 'CREATED',
      createdAt: at,
      updatedAt: at,
    },
    { kind: 'open', marketId: MarketId(1), side: 'LONG', orderType: 'MARKET', quantity, leverage: 1 },
  );
}
