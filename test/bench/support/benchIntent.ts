import { MarketSymbol, StrategyId } from '../../../src/domain/ids.ts';
import type { OpenIntent } from '../../../src/domain/intent.ts';
import { deriveIntentId } from '../../../src/domain/intentId.ts';
import { dec } from '../../../src/domain/money.ts';

const S = StrategyId('bench');
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'] as const;
const QTY: Readonly<Record<string, string>> = { BTCUSDT: '0.002', ETHUSDT: '0.01', SOLUSDT: '0.1' };

/** The i-th intent a strategy would emit: a MARKET open, alternating side, over three markets. */
export function benchIntent(i: number): OpenIntent {
  const symbol = SYMBOLS[i % SYMBOLS.length] as string;
  return {
    kind: 'open',
    intentId: deriveIntentId(S, `bench-${i}`),
    strategyId: S,
    createdAt: 0,
    symbol: MarketSymbol(symbol),
    side: i % 2 === 0 ? 'LONG' : 'SHORT',
    quantity: dec(QTY[symbol] as string),
    leverage: 5,
    orderType: 'MARKET',
    allowStacking: true,
  };
}
