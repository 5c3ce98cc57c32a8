import { ClientRequestId, MarketSymbol } from '../../src/domain/ids.ts';
import type { CancelIntent, Intent, OpenIntent, SetTpSlIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { dec } from '../../src/domain/money.ts';
import { isLimitOrder } from '../../src/domain/requestOrder.ts';
import type { Executor } from '../../src/execution/Executor.ts';
import type { Rng } from '../../src/simulator/rng.ts';
import { closeIntent, openIntent, type Venue } from '../execution/harness.ts';

export const MARKETS = [
  {
    symbol: MarketSymbol('BTCUSDT'),
    sizes: ['0.002', '0.01', '0.02'],
    rest: { LONG: 50_000, SHORT: 150_000 },
  },
  { symbol: MarketSymbol('ETHUSDT'), sizes: ['0.01', '0.1'], rest: { LONG: 1_500, SHORT: 5_000 } },
  { symbol: MarketSymbol('SOLUSDT'), sizes: ['0.1', '1'], rest: { LONG: 90, SHORT: 300 } },
] as const;

/** A cancel of the open request an intent made (its client id is derived from the intent id). */
function cancelOf(signal: string, target: OpenIntent): CancelIntent {
  return {
    kind: 'cancel',
    intentId: deriveIntentId(target.strategyId, signal),
    strategyId: target.strategyId,
    createdAt: 0,
    symbol: target.symbol,
    target: ClientRequestId(`cr_${target.intentId.slice(3)}`),
  };
}

/** TP and SL a few tenths of a percent from the open's fill: the marks' walk fires many of them. */
function tpslOn(signal: string, open: OpenIntent, rng: Rng): SetTpSlIntent {
  return {
    kind: 'setTpSl',
    intentId: deriveIntentId(open.strategyId, signal),
    strategyId: open.strategyId,
    createdAt: 0,
    symbol: open.symbol,
    position: { by: 'intent', intentId: open.intentId },
    takeProfit: { fraction: dec(rng.int(2, 8)).div(1000) },
    stopLoss: { fraction: dec(rng.int(2, 8)).div(1000) },
  };
}

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)] as T;

/**
 * Random intents: opens on a few markets and sizes (fingerprints collide on purpose), some with
 * TP/SL relative to their fill, repeats, closes.
 */
export function randomIntents(rng: Rng, n: number): Intent[] {
  const out: Intent[] = [];
  const opens: OpenIntent[] = [];
  const resting: OpenIntent[] = [];
  for (let i = 0; i < n; i++) {
    const roll = rng.next();
    if (roll < 0.15 && opens.length > 0) {
      out.push(closeIntent(`close-${i}`, pick(rng, opens)));
    } else if (roll < 0.25 && out.length > 0) {
      out.push(pick(rng, out)); // the strategy repeats a signal
    } else if (roll < 0.32 && resting.length > 0) {
      out.push(cancelOf(`cancel-${i}`, pick(rng, resting)));
    } else {
      const m = pick(rng, MARKETS);
      const side = rng.next() < 0.5 ? 'LONG' : 'SHORT';
      const limit = rng.next() < 0.15;
      const o = openIntent(`open-${i}`, {
        symbol: m.symbol,
        side,
        quantity: dec(pick(rng, m.sizes)),
        allowStacking: rng.next() < 0.5,
        ...(limit ? { orderType: 'LIMIT' as const, limitPrice: dec(m.rest[side]) } : {}),
      });
      (limit ? resting : opens).push(o);
      out.push(o);
      if (!limit && rng.next() < 0.5) out.push(tpslOn(`tpsl-${i}`, o, rng));
    }
  }
  return out;
}

/** The strategy's clean-up: cancel LIMIT opens still resting (a cancel may itself end unknown). */
export async function cancelResting(v: Venue, ex: Executor): Promise<void> {
  for (let round = 0; round < 10; round++) {
    // What rests is known once every request is answered or settled: intents just replayed are
    // still on their way out, and an unknown LIMIT may turn out to be resting.
    await v.clock.runUntil(
      () =>
        ex.isDead ||
        ex.journal
          .nonTerminal()
          .every((r) => r.status !== 'CREATED' && r.status !== 'SUBMITTING' && r.status !== 'UNKNOWN'),
      300_000,
    );
    if (ex.isDead) return;
    const resting = ex.journal
      .nonTerminal()
      .filter((r) => r.kind === 'open' && isLimitOrder(r.order) && r.status === 'ACCEPTED');
    const cancelling = new Set(
      ex.journal
        .nonTerminal()
        .filter((r) => r.kind === 'cancelOpen')
        .map((r) => (r.order.kind === 'cancelOpen' ? r.order.target : '')),
    );
    const todo = resting.filter((r) => !cancelling.has(r.clientRequestId));
    if (todo.length === 0 && cancelling.size === 0) return;
    for (const r of todo)
      await ex.submit({
        kind: 'cancel',
        intentId: deriveIntentId(r.strategyId, `cleanup-${round}-${r.clientRequestId}`),
        strategyId: r.strategyId,
        createdAt: 0,
        symbol: r.symbol,
        target: r.clientRequestId,
      });
    await v.clock.runUntil(() => ex.journal.nonTerminal().every((r) => isLimitOrder(r.order)), 120_000);
    await v.clock.advance(5_000);
  }
}

/** Each market's mark moves at random by up to ±0.6 % (or stays): TP/SL legs are crossed, LIMITs stay far. */
export function moveMarks(v: Venue, rng: Rng): void {
  for (const m of MARKETS) {
    if (rng.next() < 0.5) continue;
    const mark = v.sim.engine.mark(m.symbol)?.mark;
    if (mark !== undefined) v.sim.engine.setMark(m.symbol, mark * (1 + (rng.next() - 0.5) * 0.012));
  }
}

/** Sizes only the manual trader uses: its positions never share a fingerprint with ours. */
export const MANUAL_SIZES = [
  { symbol: MarketSymbol('BTCUSDT'), quantity: '0.003' },
  { symbol: MarketSymbol('ETHUSDT'), quantity: '0.03' },
  { symbol: MarketSymbol('SOLUSDT'), quantity: '0.3' },
] as const;
