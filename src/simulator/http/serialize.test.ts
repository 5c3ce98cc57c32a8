import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { createSimulator } from '../createSimulator.ts';
import { manualPrices } from '../prices/PriceSource.ts';
import { bootstrapAccount } from '../testing/bootstrapAccount.ts';
import { positionJson } from './serialize.ts';

async function openPosition() {
  const clock = new VirtualClock();
  const sim = createSimulator({
    clock,
    seed: 5,
    prices: manualPrices(),
    fillLatencyMs: { min: 10, max: 10 },
  });
  const acc = await bootstrapAccount(sim.fetch, { collateral: 1_000_000 });
  const e = sim.engine;
  const sub = e.accounts.subaccount(acc.subaccount, e.chainId);
  const req = e.submitOpen(sub, {
    marketId: 1,
    positionType: 'LONG',
    orderType: 'MARKET',
    quantity: 0.2,
    leverage: 5,
  });
  return { clock, e, q: req.quote };
}

const row = (json: string) => JSON.parse(json) as Record<string, unknown>;

describe('positionJson', () => {
  it('re-serialises a cached row when the fill changes its status, price and quote id', async () => {
    const { clock, e, q } = await openPosition();
    const pending = row(positionJson(e, q));
    expect(pending).toMatchObject({ status: 'PENDING', id: null, openedPrice: null });
    clock.advanceSync(10);
    const opened = row(positionJson(e, q));
    expect(opened.status).toBe('OPENED');
    expect(opened.id).toBe(q.quoteId);
    expect(opened.openedPrice).not.toBeNull();
  });

  it('follows the mark into unrealizedPnl and a partial close into closedAmount', async () => {
    const { clock, e, q } = await openPosition();
    clock.advanceSync(10);
    const before = row(positionJson(e, q));
    e.setMark('BTCUSDT', (e.mark('BTCUSDT')?.mark ?? 0) * 1.01, clock.now());
    const moved = row(positionJson(e, q));
    expect(Number(moved.unrealizedPnl)).toBeGreaterThan(Number(before.unrealizedPnl));
    e.submitClose(q, { quantityToClose: 0.05, orderType: 'MARKET' });
    clock.advanceSync(10);
    expect(row(positionJson(e, q))).toMatchObject({ closedAmount: '0.05', status: 'OPENED' });
  });
});
