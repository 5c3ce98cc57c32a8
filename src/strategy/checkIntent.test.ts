import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StrategyId } from '../domain/ids.ts';
import { checkIntent } from './checkIntent.ts';
import { strategyIntentSchema } from './strategyIntent.ts';
import { toDomainIntents } from './toDomainIntents.ts';

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 3 });
/** Mostly valid numbers, and every kind of wrong one. */
const num = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 1e-6, max: 1e6, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, -1, 0.5, 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY) },
  { weight: 1, arbitrary: fc.constantFrom('1', null, true) },
);
/** A TP/SL leg: a price, `{ fraction }` of the fill (valid or not), or something else in that shape. */
const leg = fc.oneof(
  { weight: 4, arbitrary: num },
  { weight: 2, arbitrary: fc.record({ fraction: num }) },
  { weight: 1, arbitrary: fc.constantFrom({}, { fraction: 0.1, x: 1 }, { fractions: 0.1 }, [0.1]) },
);
const str = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('BTCUSDT', 'ETHUSDT', 'x') },
  { weight: 1, arbitrary: fc.constantFrom('', 5) },
);
const ref = fc.oneof(
  fc.record({ intentId: str }),
  fc.record({ quoteId: str }),
  fc.constantFrom({ intentId: 'a', quoteId: 'b' }, {}, null, 'in_1'),
);
const common = { market: str, signal: maybe(str), reason: maybe(fc.constantFrom('why', 7)) };
const options = { requiredKeys: ['kind', 'market'] as ('kind' | 'market')[] };

const intent = fc.oneof(
  fc.record(
    {
      kind: fc.constant('open'),
      ...common,
      side: fc.constantFrom('LONG', 'SHORT', 'long'),
      quantity: maybe(num),
      notional: maybe(num),
      leverage: num,
      type: maybe(fc.constantFrom('MARKET', 'LIMIT', 'STOP')),
      slippage: maybe(num),
      price: maybe(num),
      takeProfit: maybe(leg),
      stopLoss: maybe(leg),
      allowStacking: maybe(fc.constantFrom(true, false, 'yes')),
    },
    { requiredKeys: ['kind', 'market', 'side', 'leverage'] },
  ),
  fc.record(
    {
      kind: fc.constant('close'),
      ...common,
      position: ref,
      quantity: maybe(fc.oneof(num, fc.constantFrom('all', 'half'))),
      type: maybe(fc.constantFrom('MARKET', 'LIMIT')),
      slippage: maybe(num),
      price: maybe(num),
    },
    { requiredKeys: ['kind', 'market', 'position'] },
  ),
  fc.record({ kind: fc.constant('cancel'), ...common, request: str }, options),
  fc.record(
    { kind: fc.constant('setTpSl'), ...common, position: ref, takeProfit: maybe(leg), stopLoss: maybe(leg) },
    { requiredKeys: ['kind', 'market', 'position'] },
  ),
  fc.record({ kind: fc.constantFrom('clearTpSl', 'closeAll'), ...common, position: ref }, options),
);
/** Now and then a key the schema does not know, or the intent inside something else. */
const candidate = fc.oneof(
  { weight: 8, arbitrary: intent },
  { weight: 1, arbitrary: intent.map((i) => ({ ...i, extra: 1 })) },
  { weight: 1, arbitrary: fc.constantFrom(null, 'open', [], 42) },
);

const context = {
  strategyId: StrategyId('s'),
  now: 1,
  defaultSignal: 'onBar@1',
  index: 0,
  price: () => 100,
};
const converted = (i: Parameters<typeof toDomainIntents>[0]) => JSON.stringify(toDomainIntents(i, context));

describe('checkIntent, the fast structural check', () => {
  it('accepts exactly what the zod schema accepts, over 20,000 generated near-valid intents', () => {
    fc.assert(
      fc.property(candidate, (x) => {
        expect(checkIntent(x)).toBe(strategyIntentSchema.safeParse(x).success);
      }),
      { numRuns: 20_000, seed: 23 },
    );
  });

  it('lets the converter apply the defaults: the same domain intents as from the parsed copy', () => {
    fc.assert(
      fc.property(intent, (x) => {
        if (!checkIntent(x)) return;
        expect(converted(x)).toBe(converted(strategyIntentSchema.parse(x)));
      }),
      { numRuns: 5_000, seed: 24 },
    );
  });

  it('leaves a class instance to zod, even one with the right fields', () => {
    class Open {
      readonly kind = 'open';
      readonly market = 'BTCUSDT';
      readonly side = 'LONG';
      readonly quantity = 1;
      readonly leverage = 1;
    }
    expect(checkIntent(new Open())).toBe(false);
    expect(checkIntent({ kind: 'open', market: 'BTCUSDT', side: 'LONG', quantity: 1, leverage: 1 })).toBe(
      true,
    );
  });
});
