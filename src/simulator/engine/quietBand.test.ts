import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { isolatedLiquidationPrice } from './accounting.ts';
import { EngineCore } from './EngineCore.ts';
import type { SimEngine } from './SimEngine.ts';
import { SymbolWatch } from './SymbolWatch.ts';
import type { Quote, Request } from './state.ts';
import { engine } from './testEngine.ts';

/** The engine's core, read through its private field: the watches are not on the public surface. */
function coreOf(e: SimEngine): EngineCore {
  const h: unknown = Reflect.get(e, 'h');
  if (!(h instanceof EngineCore)) throw new Error('no engine core');
  return h;
}

/** The band `rebuild` makes from what `w` watches now: the narrowest one that misses nothing. */
function exactBand(w: SymbolWatch): [number, number] {
  const probe = new SymbolWatch();
  for (const r of w.limits) probe.limits.add(r);
  for (const q of w.tpsl) probe.tpsl.add(q);
  for (const q of w.isolated) probe.isolated.add(q);
  probe.rebuild(isolatedLiquidationPrice);
  return [probe.upMin, probe.downMax];
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    long: fc.boolean(),
    limit: fc.boolean(),
    at: fc.double({ min: 0.9, max: 1.1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('close' as const),
    part: fc.boolean(),
    limit: fc.boolean(),
    at: fc.double({ min: 0.9, max: 1.1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('tpsl' as const),
    tp: fc.option(fc.double({ min: 0.01, max: 0.3, noNaN: true })),
    sl: fc.option(fc.double({ min: 0.01, max: 0.3, noNaN: true })),
  }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({ kind: fc.constant('mark' as const), move: fc.double({ min: 0.9, max: 1.1, noNaN: true }) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 300 }) }),
);

describe('the quiet band', () => {
  it('never leaves out a watched threshold, whatever opens, closes, TP/SL, cancels and marks come, cross and isolated', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('BTCUSDT', 'XAUUSD'),
        fc.array(op, { minLength: 1, maxLength: 60 }),
        (symbol, ops) => {
          const { clock, e, sub } = engine();
          e.accounts.registerInstantToken(sub, VenueFacts.rwaSolver, 'tok-rwa-tok');
          e.accounts.faucet(sub.address, VenueFacts.defaultChainId, 1_000_000);
          const market = e.marketBySymbol(symbol);
          if (!market) throw new Error(`no ${symbol}`);
          const w = coreOf(e).watchOfSymbol(symbol);
          const quotes: Quote[] = [];
          const pending: Request[] = [];
          const mark = () => e.mark(symbol)?.mark ?? market.initialPrice;
          const price = (x: number) => Number((mark() * x).toFixed(market.spec.pricePrecision));
          for (const o of ops) {
            try {
              const opened = quotes.filter((q) => q.status === 'OPENED');
              const q = opened[opened.length - 1];
              if (o.kind === 'open') {
                const r = e.submitOpen(sub, {
                  marketId: market.spec.id,
                  positionType: o.long ? 'LONG' : 'SHORT',
                  orderType: o.limit ? 'LIMIT' : 'MARKET',
                  quantity: symbol === 'BTCUSDT' ? 0.02 : 2,
                  leverage: 5,
                  ...(o.limit ? { limitPrice: price(o.at) } : {}),
                });
                quotes.push(r.quote);
                pending.push(r);
              } else if (o.kind === 'close' && q) {
                const all = q.quantity.minus(q.closedAmount).toNumber();
                pending.push(
                  e.submitClose(q, {
                    quantityToClose: o.part && all > 0.01 ? (symbol === 'BTCUSDT' ? 0.01 : 1) : all,
                    orderType: o.limit ? 'LIMIT' : 'MARKET',
                    ...(o.limit ? { closePrice: price(o.at) } : {}),
                  }),
                );
              } else if (o.kind === 'tpsl' && q) {
                const long = q.side === 'LONG';
                e.setTpSl(
                  q,
                  o.tp === null ? null : price(long ? 1 + o.tp : 1 - o.tp),
                  o.sl === null ? null : price(long ? 1 - o.sl : 1 + o.sl),
                );
              } else if (o.kind === 'cancel') {
                const r = pending.pop();
                if (r?.kind === 'open') e.submitCancelOpen(r.quote);
                else if (r?.kind === 'close') e.submitCancelClose(r);
              } else if (o.kind === 'mark') e.setMark(symbol, mark() * o.move);
              else if (o.kind === 'wait') clock.advanceSync(o.ms);
            } catch (err) {
              // Refusals (a state that does not allow the move, a price on the wrong side) are the venue's answer.
              if (!(err instanceof Error) || err.name !== 'SimRejection') throw err;
            }
            const [up, down] = exactBand(w);
            expect(w.upMin).toBeLessThanOrEqual(up);
            expect(w.downMax).toBeGreaterThanOrEqual(down);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
