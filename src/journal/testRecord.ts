import { ClientRequestId, IntentId, MarketSymbol, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';

/** A CREATED open request for tests of the journal and the components above it. */
export function sampleOpenRecord(n: number, at = 0): RequestRecord {
  return {
    clientRequestId: ClientRequestId(`cr_${n}`),
    intentId: IntentId(`in_${n}`),
    strategyId: StrategyId('s1'),
    kind: 'open',
    symbol: MarketSymbol('BTCUSDT'),
    side: 'LONG',
    quantity: dec('0.010'),
    params: { marketId: 1, quantity: 0.01, positionType: 'LONG' },
    status: 'CREATED',
    createdAt: at,
    updatedAt: at,
  };
}
