import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { dec } from '../../domain/money.ts';
import { createSimulator } from '../createSimulator.ts';
import { manualPrices } from '../prices/PriceSource.ts';
import { bootstrapAccount } from '../testing/bootstrapAccount.ts';

async function crossBook(seed: number) {
  const clock = new VirtualClock();
  const sim = createSimulator({ clock, seed, prices: manualPrices(), fillLatencyMs: { min: 1, max: 1 } });
  const acc = await bootstrapAccount(sim.fetch, { collateral: 250_000 });
  const e = sim.engine;
  const sub = e.accounts.subaccount(acc.subaccount, e.chainId);
  const open = (marketId: number, side: 'LONG' | 'SHORT', quantity: number) =>
    e.submitOpen(sub, { marketId, positionType: side, orderType: 'MARKET', quantity, leverage: 7 });
  open(1, 'LONG', 0.37);
  open(2, 'SHORT', 4.1);
  open(3, 'LONG', 93);
  clock.advanceSync(1);
  open(1, 'SHORT', 0.11); // pending: holds a reservation
  return { e, sub, clock };
}

describe('fitsInMargin', () => {
  it('decides exactly as the Decimal balance sheet, including needs equal to the available margin', async () => {
    const { e, sub, clock } = await crossBook(3);
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 1.5, noNaN: true }),
        fc.constantFrom('0', '1e-18', '-1e-18', '1e-6', '-1e-6', '250', '-250'),
        (move, delta) => {
          e.setMark('BTCUSDT', 95_000 * move, clock.now());
          const available = e.balance(sub).availableMargin;
          const need = available.plus(dec(delta));
          if (need.isNegative()) return;
          const exact = !need.greaterThan(available);
          expect(e.fitsInMargin(sub, need)).toBe(exact);
        },
      ),
      { numRuns: 400 },
    );
  });
});
