import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminalVenueStatus } from '../../domain/venueStatus.ts';
import type { EngineSnapshot } from './engineSnapshot.ts';
import { ForgottenRecordError } from './ForgottenRecordError.ts';
import type { RequestKeep } from './requestSnapshot.ts';
import type { SimEngine } from './SimEngine.ts';
import { SimRejection } from './SimRejection.ts';
import type { Request } from './state.ts';
import { engine, openOn } from './testEngine.ts';

const idOf = (n: number): string => `tmp-${String(n).padStart(7, '0')}`;

/** The rule a snapshot keeps requests by, applied to every request the engine holds: the walk the index replaces. */
function keptByWalk(e: SimEngine, issued: number, since: number, asked: readonly string[]): string[] {
  const out: string[] = [];
  for (let n = 1; n <= issued; n++) {
    let r: Request | undefined;
    try {
      r = e.request(idOf(n));
    } catch (err) {
      if (err instanceof ForgottenRecordError) continue;
      throw err;
    }
    if (r === undefined) continue;
    if (r.updatedAt < since && isTerminalVenueStatus(r.kind, r.status) && !asked.includes(r.tempId)) continue;
    out.push(r.tempId);
  }
  return out;
}

const roundTrip = (s: EngineSnapshot): EngineSnapshot => JSON.parse(JSON.stringify(s));

type Op =
  | { readonly op: 'open'; readonly limitOffset: number | null; readonly short: boolean }
  | { readonly op: 'close'; readonly pick: number; readonly limitOffset: number | null }
  | { readonly op: 'cancelOpen'; readonly pick: number }
  | { readonly op: 'cancelClose'; readonly pick: number }
  | { readonly op: 'tpsl'; readonly pick: number; readonly tp: number; readonly sl: number }
  | { readonly op: 'mark'; readonly price: number }
  | { readonly op: 'advance'; readonly ms: number }
  | { readonly op: 'snapshot'; readonly windowMs: number; readonly asked: readonly number[] }
  | { readonly op: 'restore'; readonly indexedFirst: boolean };

/** A LIMIT's distance from the mark, or null for a MARKET order: as often one as the other. */
const offset = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 20 }).map((k) => k * 500),
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant('open' as const), limitOffset: offset, short: fc.boolean() }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ op: fc.constant('close' as const), pick: fc.nat(), limitOffset: offset }),
    weight: 3,
  },
  { arbitrary: fc.record({ op: fc.constant('cancelOpen' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('cancelClose' as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('tpsl' as const),
      pick: fc.nat(),
      tp: fc.integer({ min: 1, max: 10 }).map((k) => k * 1000),
      sl: fc.integer({ min: 1, max: 10 }).map((k) => k * 1000),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('mark' as const),
      price: fc.integer({ min: -20, max: 20 }).map((k) => 95_000 + k * 500),
    }),
    weight: 3,
  },
  {
    // In steps of the fill latency, up to 20 min: answers land exactly on a window's edge too.
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      ms: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 12_000 })).map((k) => k * 100),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('snapshot' as const),
      windowMs: fc.oneof(
        fc.constant(10_000),
        fc.constant(15 * 60_000),
        fc.integer({ min: 0, max: 600 }).map((k) => k * 100),
      ),
      asked: fc.array(fc.integer({ min: 0, max: 80 }), { maxLength: 6 }),
    }),
    weight: 3,
  },
  // Restored into an engine that took a snapshot already, or not: its index exists before the restore, or is built after.
  { arbitrary: fc.record({ op: fc.constant('restore' as const), indexedFirst: fc.boolean() }), weight: 1 },
);

/** Runs `ops`, comparing each snapshot's requests with the walk's; rejections by the venue are part of a session. */
function session(ops: readonly Op[], history: number | undefined): void {
  let t = engine({ limitTtlMs: 40 * 60_000, ...(history === undefined ? {} : { history }) });
  t.e.accounts.faucet(t.sub.address, t.e.chainId, 1_000_000_000);
  t.e.setMark('BTCUSDT', 95_000);
  const tryIt = (f: () => void): void => {
    try {
      f();
    } catch (err) {
      if (err instanceof SimRejection) return;
      throw err;
    }
  };
  const requests = (): Request[] => {
    const out: Request[] = [];
    const issued = t.e.snapshot({ answeredWithinMs: 0, asked: () => [] }).requestsIssued;
    for (let n = 1; n <= issued; n++) {
      try {
        const r = t.e.request(idOf(n));
        if (r !== undefined) out.push(r);
      } catch (err) {
        if (!(err instanceof ForgottenRecordError)) throw err;
      }
    }
    return out;
  };
  const pick = <T>(xs: readonly T[], i: number): T | undefined =>
    xs.length === 0 ? undefined : xs[i % xs.length];
  for (const o of ops) {
    const mark = t.e.mark('BTCUSDT')?.mark ?? 95_000;
    switch (o.op) {
      case 'open':
        tryIt(() => {
          openOn(t.e, t.sub, {
            positionType: o.short ? 'SHORT' : 'LONG',
            leverage: 5,
            ...(o.limitOffset === null
              ? {}
              : { orderType: 'LIMIT', limitPrice: o.short ? mark + o.limitOffset : mark - o.limitOffset }),
          });
        });
        break;
      case 'close': {
        const q = pick(
          t.e.positions(t.sub).filter((p) => p.status === 'OPENED'),
          o.pick,
        );
        if (q !== undefined)
          tryIt(() => {
            t.e.submitClose(q, {
              quantityToClose: 0.01,
              ...(o.limitOffset === null
                ? { orderType: 'MARKET' }
                : {
                    orderType: 'LIMIT',
                    closePrice: q.side === 'LONG' ? mark + o.limitOffset : mark - o.limitOffset,
                  }),
            });
          });
        break;
      }
      case 'cancelOpen': {
        const q = pick(
          t.e.positions(t.sub).filter((p) => p.status === 'PENDING' || p.status === 'LOCKED'),
          o.pick,
        );
        if (q !== undefined) tryIt(() => t.e.submitCancelOpen(q));
        break;
      }
      case 'cancelClose': {
        const r = pick(
          requests().filter((x) => x.kind === 'close' && x.status === 'CLOSE_PENDING'),
          o.pick,
        );
        if (r !== undefined) tryIt(() => t.e.submitCancelClose(r));
        break;
      }
      case 'tpsl': {
        const q = pick(
          t.e.positions(t.sub).filter((p) => p.status === 'OPENED'),
          o.pick,
        );
        if (q !== undefined)
          tryIt(() =>
            t.e.setTpSl(
              q,
              q.side === 'LONG' ? mark + o.tp : mark - o.tp,
              q.side === 'LONG' ? mark - o.sl : mark + o.sl,
            ),
          );
        break;
      }
      case 'mark':
        t.e.setMark('BTCUSDT', o.price);
        break;
      case 'advance':
        t.clock.advanceSync(o.ms);
        break;
      case 'snapshot': {
        const asked = o.asked.map((n) => (n === 0 ? 'tmp-1' : idOf(n)));
        const keep: RequestKeep = { answeredWithinMs: o.windowMs, asked: () => asked };
        const s = t.e.snapshot(keep);
        const since = t.clock.now() - o.windowMs;
        expect(s.requests.map((r) => r.tempId)).toEqual(keptByWalk(t.e, s.requestsIssued, since, asked));
        break;
      }
      case 'restore': {
        const saved = roundTrip(t.e.snapshot());
        const next = engine({ limitTtlMs: 40 * 60_000, ...(history === undefined ? {} : { history }) });
        next.clock.advanceSync(t.clock.now() - next.clock.now());
        next.e.accounts.faucet(next.sub.address, next.e.chainId, 1_000_000_000);
        if (o.indexedFirst) next.e.snapshot();
        next.e.restore(saved);
        t.e.stop();
        t = next;
        break;
      }
    }
  }
}

describe('RequestIndex: the requests a snapshot keeps, without a walk of every request', () => {
  it('keeps exactly the requests a walk of them all keeps, in the same order, over random sessions and restores', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { minLength: 10, maxLength: 80, size: 'max' }),
        fc.option(fc.integer({ min: 0, max: 4 })),
        (ops, history) => session(ops, history ?? undefined),
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a request answered long ago while the journal still asks about it, and only then', () => {
    const { clock, e, sub } = engine();
    const asked = openOn(e, sub);
    const other = openOn(e, sub);
    clock.advanceSync(100);
    e.snapshot(); // the index exists from the first snapshot: later ones use it
    clock.advanceSync(60 * 60_000);
    const kept = e
      .snapshot({ answeredWithinMs: 10_000, asked: () => [asked.tempId] })
      .requests.map((r) => r.tempId);
    expect(kept).toEqual([asked.tempId]);
    expect(kept).not.toContain(other.tempId);
  });

  it('keeps a LIMIT issued long ago that filled within the window', () => {
    const { clock, e, sub } = engine({ limitTtlMs: 60 * 60_000 });
    e.setMark('BTCUSDT', 95_000);
    const limit = openOn(e, sub, { orderType: 'LIMIT', limitPrice: 90_000 });
    const market = openOn(e, sub);
    clock.advanceSync(100);
    e.snapshot();
    clock.advanceSync(30 * 60_000);
    e.setMark('BTCUSDT', 89_000);
    clock.advanceSync(100);
    expect(e.request(limit.tempId)?.status).toBe('OPENED');
    clock.advanceSync(5_000);
    const kept = e.snapshot({ answeredWithinMs: 10_000, asked: () => [] }).requests.map((r) => r.tempId);
    expect(kept).toEqual([limit.tempId]);
    expect(kept).not.toContain(market.tempId);
  });
});
