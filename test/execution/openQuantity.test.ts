import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import { openQuantity } from '../../src/execution/openQuantity.ts';
import { defaultMarkets } from '../../src/simulator/markets.ts';

// The simulator's BTCUSDT: minimum notional 100, quantity step 0.001 (≈ 95 at 95,000).
const btc = defaultMarkets().find((m) => m.spec.symbol === 'BTCUSDT')?.spec;
if (btc === undefined) throw new Error('no BTCUSDT in the simulator catalog');
const at = dec(95_000);
// The simulator's XRPUSDT: minimum notional 10, whole units.
const xrp = defaultMarkets().find((m) => m.spec.symbol === 'XRPUSDT')?.spec;
if (xrp === undefined) throw new Error('no XRPUSDT in the simulator catalog');

describe('openQuantity', () => {
  it('rounds down when that keeps the notional at or above the market minimum', () => {
    expect(openQuantity(btc, dec('0.0029'), at).toString()).toBe('0.002');
  });

  it('rounds up to the smallest quantity the market takes when down would fall under its minimum', () => {
    expect(openQuantity(btc, dec(100).div(95_000), at).toString()).toBe('0.002');
    // Sized at an older, higher price (97,000): 0.00103 BTC is worth 97.9 at the mark now.
    expect(openQuantity(btc, dec(100).div(97_000), at).toString()).toBe('0.002');
  });

  it('sends an open asked more than one step under the minimum as asked: the venue refuses it, nothing is inflated', () => {
    expect(openQuantity(btc, dec('0.001'), dec(40_000)).toString()).toBe('0.001');
  });

  it('judges the notional exactly at the minimum: 0.002 at 50,000 is 100 and stays, at 49,999.99 it is under', () => {
    expect(openQuantity(btc, dec('0.0025'), dec(50_000)).toString()).toBe('0.002');
    expect(openQuantity(btc, dec('0.0025'), dec('49999.99')).toString()).toBe('0.003');
  });

  it('judges a notional under the minimum by less than a part in 10⁹ as under: 0.002 at 49,999.99999 (99.99999998) rounds up to 0.003', () => {
    expect(openQuantity(btc, dec('0.0025'), dec('49999.99999')).toString()).toBe('0.003');
  });

  it('judges a notional by quantity times price, at a mark under 1 too: 19 XRP at 0.5 (9.5) rounds up to 20', () => {
    expect(openQuantity(xrp, dec('19.5'), dec('0.5')).toString()).toBe('20');
  });

  it('keeps the rounded-down quantity when its notional is above the minimum by less than a part in 10⁹, though a step less would also reach it', () => {
    // A step of 10⁻⁸ at 5 is worth 5 × 10⁻⁸: 20.00000001 is worth 100.00000005, and 20 is worth 100.
    const fine = { ...btc, quantityPrecision: 8 };
    expect(openQuantity(fine, dec('20.000000015'), dec(5)).toString()).toBe('20.00000001');
  });

  it('rounds down without a price to judge by', () => {
    expect(openQuantity(btc, dec(100).div(95_000), undefined).toString()).toBe('0.001');
  });
});
