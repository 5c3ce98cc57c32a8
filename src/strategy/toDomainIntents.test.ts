import { describe, expect, it } from 'vitest';
import { StrategyId } from '../domain/ids.ts';
import { deriveIntentId } from '../domain/intentId.ts';
import { type StrategyIntent, strategyIntentSchema } from './strategyIntent.ts';
import { toDomainIntents } from './toDomainIntents.ts';

const SID = StrategyId('s1');
const convert = (i: StrategyIntent, price?: number) =>
  toDomainIntents(strategyIntentSchema.parse(i), {
    strategyId: SID,
    now: 1_000,
    defaultSignal: 'onBar@1000',
    index: 0,
    price: () => price,
  });

describe('toDomainIntents', () => {
  it('turns an open with TP/SL into the open and a setTpSl naming it by intent id', () => {
    const [open, tpsl, ...rest] = convert({
      kind: 'open',
      market: 'BTCUSDT',
      side: 'LONG',
      quantity: 0.01,
      leverage: 5,
      slippage: 0.005,
      takeProfit: 110_000,
      stopLoss: 90_000,
      signal: 'x',
    });
    expect(rest).toEqual([]);
    expect(open).toMatchObject({
      kind: 'open',
      intentId: deriveIntentId(SID, 'x', 0),
      orderType: 'MARKET',
      leverage: 5,
    });
    expect(open?.kind === 'open' && [open.quantity.toString(), open.slippage?.toString()]).toEqual([
      '0.01',
      '0.005',
    ]);
    expect(tpsl).toMatchObject({
      kind: 'setTpSl',
      intentId: deriveIntentId(SID, 'x', 1),
      position: { by: 'intent', intentId: deriveIntentId(SID, 'x', 0) },
    });
    expect(tpsl?.kind === 'setTpSl' && [tpsl.takeProfit?.toString(), tpsl.stopLoss?.toString()]).toEqual([
      '110000',
      '90000',
    ]);
  });

  it('derives the same id for the same signal, so a repeated decision is recognised', () => {
    const a = convert({ kind: 'open', market: 'BTCUSDT', side: 'SHORT', quantity: 1, leverage: 1 });
    const b = convert({ kind: 'open', market: 'BTCUSDT', side: 'SHORT', quantity: 1, leverage: 1 });
    expect(a[0]?.intentId).toBe(b[0]?.intentId);
    expect(a[0]?.intentId).toBe(deriveIntentId(SID, 'onBar@1000#0', 0));
  });

  it('sizes a notional open at the latest price, and a LIMIT notional open at its limit price', () => {
    const m = convert({ kind: 'open', market: 'ETHUSDT', side: 'LONG', notional: 500, leverage: 2 }, 2_000);
    expect(m[0]?.kind === 'open' && m[0].quantity.toString()).toBe('0.25');
    const l = convert(
      {
        kind: 'open',
        market: 'ETHUSDT',
        side: 'LONG',
        notional: 500,
        leverage: 2,
        type: 'LIMIT',
        price: 1_000,
      },
      2_000,
    );
    expect(l[0]?.kind === 'open' && [l[0].quantity.toString(), l[0].limitPrice?.toString()]).toEqual([
      '0.5',
      '1000',
    ]);
  });

  it('refuses a notional open before any price is known', () => {
    expect(() =>
      convert({ kind: 'open', market: 'ETHUSDT', side: 'LONG', notional: 500, leverage: 2 }),
    ).toThrow('open on ETHUSDT by notional: no price for the market yet');
  });

  it('makes a setTpSl naming one leg leave the other out (the venue keeps it as it is)', () => {
    const [set] = convert({
      kind: 'setTpSl',
      market: 'BTCUSDT',
      position: { quoteId: '42' },
      takeProfit: 120_000,
    });
    expect(set?.kind === 'setTpSl' && set.takeProfit?.toString()).toBe('120000');
    expect(set !== undefined && 'stopLoss' in set).toBe(false);
  });

  it('makes a clearTpSl a setTpSl with both legs null (cleared), and a partial close a Decimal quantity', () => {
    const [clear] = convert({ kind: 'clearTpSl', market: 'BTCUSDT', position: { quoteId: '42' } });
    expect(clear).toEqual({
      kind: 'setTpSl',
      intentId: deriveIntentId(SID, 'onBar@1000#0', 0),
      strategyId: SID,
      createdAt: 1_000,
      symbol: 'BTCUSDT',
      position: { by: 'quote', quoteId: '42' },
      takeProfit: null,
      stopLoss: null,
    });
    const [close] = convert({
      kind: 'close',
      market: 'BTCUSDT',
      position: { intentId: 'in_1' },
      quantity: 0.5,
    });
    expect(close?.kind === 'close' && [close.quantity.toString(), close.orderType]).toEqual([
      '0.5',
      'MARKET',
    ]);
  });

  it('rejects a LIMIT open without a price and an open with both quantity and notional', () => {
    const limit = strategyIntentSchema.safeParse({
      kind: 'open',
      market: 'X',
      side: 'LONG',
      quantity: 1,
      leverage: 1,
      type: 'LIMIT',
    });
    expect(limit.error?.issues.map((i) => i.message)).toEqual(['a LIMIT open needs a price']);
    const both = strategyIntentSchema.safeParse({
      kind: 'open',
      market: 'X',
      side: 'LONG',
      quantity: 1,
      notional: 5,
      leverage: 1,
    });
    expect(both.error?.issues.map((i) => i.message)).toEqual(['give exactly one of quantity and notional']);
  });
});
