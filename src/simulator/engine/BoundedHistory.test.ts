import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { isTerminalVenueStatus } from '../../domain/venueStatus.ts';
import { statusRow } from '../http/serialize.ts';
import { ForgottenRecordError } from './ForgottenRecordError.ts';
import type { SimEngine } from './SimEngine.ts';
import { isQuoteEnd } from './simStatus.ts';
import type { Quote, Request, Subaccount } from './state.ts';
import { engine, openOn } from './testEngine.ts';

const op = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('open' as const), long: fc.boolean(), limit: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('close' as const), part: fc.boolean(), limit: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('tpsl' as const), tp: fc.boolean(), sl: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('mark' as const),
      move: fc.double({ min: 0.8, max: 1.2, noNaN: true }),
    }),
  },
  // Fills land after 100 ms; a LIMIT's time is 60 s here; 8 h passes every funding epoch.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.constantFrom(0, 100, 100, 250, 61_000, 28_800_000),
    }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** One engine driven by the ops; two drivers of identical engines make the same moves. */
function driver(history: number | undefined, symbol: string) {
  const { clock, e, sub } = engine({ limitTtlMs: 60_000, ...(history === undefined ? {} : { history }) });
  e.accounts.registerInstantToken(sub, VenueFacts.rwaSolver, 'tok-rwa-tok');
  e.accounts.faucet(sub.address, VenueFacts.defaultChainId, 1_000_000);
  const market = e.marketBySymbol(symbol);
  if (!market) throw new Error(`no ${symbol}`);
  const quotes: Quote[] = [];
  const pending: Request[] = [];
  const mark = () => e.mark(symbol)?.mark ?? market.initialPrice;
  const price = (x: number) => Number((mark() * x).toFixed(market.spec.pricePrecision));
  const apply = (o: Op): void => {
    const opened = quotes.filter((q) => q.status === 'OPENED');
    const q = opened[opened.length - 1];
    const track = (r: Request) => pending.push(r);
    try {
      if (o.kind === 'open') {
        const r = e.submitOpen(sub, {
          marketId: market.spec.id,
          positionType: o.long ? 'LONG' : 'SHORT',
          orderType: o.limit ? 'LIMIT' : 'MARKET',
          quantity: symbol === 'BTCUSDT' ? 0.02 : 2,
          leverage: 20,
          ...(o.limit ? { limitPrice: price(o.long ? 0.99 : 1.01) } : {}),
        });
        quotes.push(r.quote);
        track(r);
      } else if (o.kind === 'close' && q) {
        const all = q.quantity.minus(q.closedAmount).toNumber();
        const part = symbol === 'BTCUSDT' ? 0.01 : 1;
        track(
          e.submitClose(q, {
            quantityToClose: o.part && all > part ? part : all,
            orderType: o.limit ? 'LIMIT' : 'MARKET',
            ...(o.limit ? { closePrice: price(q.side === 'LONG' ? 1.01 : 0.99) } : {}),
          }),
        );
      } else if (o.kind === 'tpsl' && q) {
        const long = q.side === 'LONG';
        e.setTpSl(q, o.tp ? price(long ? 1.05 : 0.95) : null, o.sl ? price(long ? 0.95 : 1.05) : null);
      } else if (o.kind === 'cancel') {
        const r = pending.pop();
        if (r?.kind === 'open') track(e.submitCancelOpen(r.quote));
        else if (r?.kind === 'close') track(e.submitCancelClose(r));
      } else if (o.kind === 'mark') e.setMark(symbol, mark() * o.move);
      else if (o.kind === 'wait') clock.advanceSync(o.ms);
    } catch (err) {
      // Refusals (a state that does not allow the move) are the venue's answer.
      if (!(err instanceof Error) || err.name !== 'SimRejection') throw err;
    }
  };
  return { e, sub, apply, quotes };
}

/** What the engine answers about `id`: its status row, or that it forgot it. */
function answer(e: SimEngine, id: string): unknown {
  try {
    const r = e.request(id);
    return r === undefined ? undefined : statusRow(r);
  } catch (err) {
    if (err instanceof ForgottenRecordError) return 'forgotten';
    throw err;
  }
}

const tempIdOf = (n: number): string => `tmp-${n.toString().padStart(7, '0')}`;

/** A request nothing needs any more: ended, and (an open) its position ended too. */
const isOver = (r: Request): boolean =>
  isTerminalVenueStatus(r.kind, r.status) && (r.kind !== 'open' || isQuoteEnd(r.quote.status));

describe('a bounded history', () => {
  it('answers every lookup it still answers as the unbounded engine does, forgets only what is over and only beyond the last `history`, and keeps every position outcome', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('BTCUSDT', 'XAUUSD'),
        fc.constantFrom(0, 1, 3),
        fc.array(op, { minLength: 20, maxLength: 100 }),
        (symbol, history, ops) => {
          const all = driver(undefined, symbol);
          const bounded = driver(history, symbol);
          for (const o of ops) {
            all.apply(o);
            bounded.apply(o);
            let over = 0;
            let forgotten = 0;
            // Every request, those the engine makes itself (a TP/SL's close) too: ids run without gaps.
            for (let n = 1; all.e.request(tempIdOf(n)) !== undefined; n++) {
              const id = tempIdOf(n);
              const r = all.e.request(id) as Request;
              const said = answer(bounded.e, id);
              if (isOver(r)) over++;
              if (said === 'forgotten') {
                forgotten++;
                expect(isOver(r), `${id} forgotten while ${r.status}`).toBe(true);
              } else expect(said, id).toEqual(statusRow(r));
            }
            expect(forgotten).toBe(Math.max(0, over - history));
            let ended = 0;
            let gone = 0;
            for (const q of all.quotes) {
              if (q.quoteId === null) continue;
              if (isQuoteEnd(q.status)) ended++;
              expect(bounded.e.quoteOutcome(q.quoteId), q.quoteId).toEqual(all.e.quoteOutcome(q.quoteId));
              try {
                expect(bounded.e.quote(q.quoteId)?.status).toBe(q.status);
              } catch (err) {
                expect(err).toBeInstanceOf(ForgottenRecordError);
                expect(isQuoteEnd(q.status)).toBe(true);
                gone++;
              }
            }
            expect(gone).toBe(Math.max(0, ended - history));
            expect(bounded.e.balance(bounded.sub).equity.toFixed()).toBe(
              all.e.balance(all.sub).equity.toFixed(),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  const roundTrips = (e: SimEngine, sub: Subaccount, clock: { advanceSync(ms: number): void }, n: number) => {
    const opens: Request[] = [];
    for (let i = 0; i < n; i++) {
      const open = openOn(e, sub);
      clock.advanceSync(100);
      e.submitClose(open.quote, { quantityToClose: 0.01, orderType: 'MARKET' });
      clock.advanceSync(100);
      opens.push(open);
    }
    return opens;
  };

  it('is off by default: after many round trips the first open and position still answer', () => {
    const { clock, e, sub } = engine();
    const [first] = roundTrips(e, sub, clock, 50);
    const id = first?.tempId ?? '';
    expect(e.request(id)?.status).toBe('OPENED');
    expect(e.quote(first?.quote.quoteId ?? '')?.status).toBe('CLOSED');
    expect(e.forgottenLookups().count).toBe(0);
  });

  it('keeps the open of a position still open, however many records end after it', () => {
    const { clock, e, sub } = engine({ history: 1 });
    const held = openOn(e, sub);
    clock.advanceSync(100);
    roundTrips(e, sub, clock, 5);
    expect(e.request(held.tempId)).toBe(held);
    expect(e.quote(held.tempId)).toBe(held.quote);
  });

  it('counts a lookup of a forgotten record even when the caller swallows the error', () => {
    const { clock, e, sub } = engine({ history: 1 });
    const [first, second] = roundTrips(e, sub, clock, 3);
    expect(() => e.request(first?.tempId ?? '')).toThrow(ForgottenRecordError);
    expect(() => e.quote(second?.quote.quoteId ?? '')).toThrow(/forgotten/);
    expect(e.forgottenLookups()).toEqual({
      count: 2,
      ids: [first?.tempId, second?.quote.quoteId],
    });
    expect(e.quoteOutcome(first?.quote.quoteId ?? '')).toMatchObject({ status: 'CLOSED' });
  });
});
