import { type MarketSpec, quantityStep } from '../../domain/market.ts';
import { type Decimal, dec } from '../../domain/money.ts';

interface StrategyMarkets {
  readonly id: string;
  readonly enabled: boolean;
  readonly markets: readonly string[];
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * `config validate --online`: a strategy that opens by a notional within one quantity step (at
 * the market's price now) of the market's minimum notional. Its quantity, rounded to the step at a
 * price that has moved, may fall under the minimum: perpflow then sends the smallest quantity the
 * market takes, up to a step more than configured. Said before the first trade, with the notional
 * that avoids it. One line per strategy and market.
 */
export function notionalNearMinimum(
  strategies: readonly StrategyMarkets[],
  specs: readonly MarketSpec[],
  priceOf: (symbol: string) => Decimal | undefined,
): string[] {
  const out: string[] = [];
  strategies.forEach((s, i) => {
    const notional = s.params.notional;
    if (!s.enabled || typeof notional !== 'number') return;
    for (const symbol of s.markets) {
      const spec = specs.find((m) => m.symbol === symbol);
      const price = priceOf(symbol);
      if (spec === undefined || price === undefined) continue;
      const step = quantityStep(spec);
      const stepValue = step.times(price);
      const enough = spec.minNotional.plus(stepValue);
      if (dec(notional).greaterThanOrEqualTo(enough)) continue;
      out.push(
        `strategies[${i}].params.notional (${s.id}): ${notional} on ${symbol} is within one quantity step (${step.toString()} ≈ ${stepValue.toFixed(2)} at ${price.toString()}) of the market's minimum notional ${spec.minNotional.toString()}: an open may go out at up to ${enough.toFixed(2)}, or be refused; a notional of at least ${enough.toFixed(2)} avoids it`,
      );
    }
  });
  return out;
}
