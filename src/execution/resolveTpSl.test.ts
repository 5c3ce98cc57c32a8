import { describe, expect, it } from 'vitest';
import { dec } from '../domain/money.ts';
import type { TpSlRequestOrder } from '../domain/requestOrder.ts';
import { relativeLegPrice, resolveTpSl, unresolved } from './resolveTpSl.ts';

const price = (...a: Parameters<typeof relativeLegPrice>) => relativeLegPrice(...a).toString();

describe('relativeLegPrice: a TP/SL leg priced from the fill', () => {
  it("puts a long's TP above the fill and its SL below, a short's mirrored", () => {
    const fill = dec('50000');
    const f = dec('0.01');
    expect(price('LONG', 'takeProfit', fill, f, 1)).toBe('50500');
    expect(price('LONG', 'stopLoss', fill, f, 1)).toBe('49500');
    expect(price('SHORT', 'takeProfit', fill, f, 1)).toBe('49500');
    expect(price('SHORT', 'stopLoss', fill, f, 1)).toBe('50500');
  });

  it('rounds to the price grid away from the fill: up above it, down below it', () => {
    // 50100.3 × 1.0005 = 50125.35015; × 0.9995 = 50075.24985.
    const fill = dec('50100.3');
    const f = dec('0.0005');
    expect(price('LONG', 'takeProfit', fill, f, 1)).toBe('50125.4');
    expect(price('LONG', 'stopLoss', fill, f, 1)).toBe('50075.2');
    expect(price('SHORT', 'takeProfit', fill, f, 1)).toBe('50075.2');
    expect(price('SHORT', 'stopLoss', fill, f, 1)).toBe('50125.4');
    expect(price('LONG', 'takeProfit', fill, f, 0)).toBe('50126');
    expect(price('LONG', 'stopLoss', fill, f, 0)).toBe('50075');
  });

  it('never lands on the fill or on its wrong side, even when the fraction is smaller than one grid step', () => {
    const fill = dec('3200.17');
    const tiny = dec('0.000001'); // 0.0032: less than the 0.01 grid step
    for (const side of ['LONG', 'SHORT'] as const)
      for (const leg of ['takeProfit', 'stopLoss'] as const)
        for (const pp of [0, 1, 2, 3]) {
          const p = relativeLegPrice(side, leg, fill, tiny, pp);
          const above = (side === 'LONG') === (leg === 'takeProfit');
          expect(above ? p.greaterThan(fill) : p.lessThan(fill), `${side} ${leg} at ${pp}: ${p}`).toBe(true);
          expect(p.decimalPlaces()).toBeLessThanOrEqual(pp);
        }
  });
});

describe('resolveTpSl', () => {
  const order: TpSlRequestOrder = {
    kind: 'setTpSl',
    stopLoss: dec('48000'),
    relative: { takeProfit: dec('0.0005'), pricePrecision: 1 },
  };

  it('prices only the relative legs, keeps the absolute ones and the fractions beside the prices', () => {
    expect(unresolved(order)).toBe(true);
    const r = resolveTpSl(order, 'LONG', dec('50100.3'));
    expect(typeof r !== 'string' && [r.takeProfit?.toString(), r.stopLoss?.toString()]).toEqual([
      '50125.4',
      '48000',
    ]);
    expect(typeof r !== 'string' && r.relative).toEqual(order.relative);
    expect(typeof r !== 'string' && unresolved(r)).toBe(false);
  });

  it('leaves an order without relative legs as it is', () => {
    const absolute: TpSlRequestOrder = { kind: 'setTpSl', takeProfit: dec('51000') };
    expect(resolveTpSl(absolute, 'LONG', dec('50000'))).toBe(absolute);
  });

  it("refuses a short's TP that rounds to 0 on a tiny fill, naming the leg", () => {
    const o: TpSlRequestOrder = {
      kind: 'setTpSl',
      relative: { takeProfit: dec('0.5'), pricePrecision: 1 },
    };
    expect(resolveTpSl(o, 'SHORT', dec('0.1'))).toMatch(/^takeProfit 0.5 of the fill 0.1 rounds to 0/);
  });
});
