/**
 * Issue 48 (j): a close the venue makes by firing a TP/SL leg is booked at the venue's fill, not
 * at the trigger level. The venue fills the MARKET close its trigger sends at the solver's price
 * after its latency, never exactly at the leg; the ledger books what the venue reports, so realised
 * PnL − fees − funding paid is the account's change in equity to the unit. Real simulator, real
 * client, VirtualClock.
 */
import { describe, expect, it } from 'vitest';
import type { PositionRef, SetTpSlIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { type Decimal, dec } from '../../src/domain/money.ts';
import type { PositionSide } from '../../src/domain/side.ts';
import { TransientVenueError } from '../../src/errors/venueErrors.ts';
import type { ExecutionEvent } from '../../src/execution/events.ts';
import type { VenueClient } from '../../src/venue/VenuePort.ts';
import {
  BTC,
  openIntent,
  S1,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
  type Venue,
  venueWith,
} from './harness.ts';
import { venueFillOf } from './venueFills.ts';

const markOf = (v: Venue): number => v.sim.engine.mark('BTCUSDT')?.mark as number;

async function walk(v: Venue, to: number, steps = 5): Promise<void> {
  const from = markOf(v);
  for (let i = 1; i <= steps; i++) {
    v.sim.engine.setMark('BTCUSDT', from + ((to - from) * i) / steps);
    await v.clock.advance(1_000);
  }
}

function tpsl(
  signal: string,
  intentId: string,
  legs: { takeProfit?: Decimal; stopLoss?: Decimal },
): SetTpSlIntent {
  const position: PositionRef = { by: 'intent', intentId: intentId as SetTpSlIntent['intentId'] };
  return {
    kind: 'setTpSl',
    intentId: deriveIntentId(S1, signal),
    strategyId: S1,
    createdAt: 0,
    symbol: BTC,
    position,
    ...legs,
  };
}

/** Opens a position with the given TP/SL legs (two intents: the open, then its legs) and settles both. */
async function openWithLegs(
  v: Venue,
  executor: Awaited<ReturnType<typeof startExecutor>>['executor'],
  signal: string,
  side: PositionSide,
  legs: { takeProfit?: Decimal; stopLoss?: Decimal },
): Promise<void> {
  const open = openIntent(signal, { side });
  await Promise.all([executor.submit(open), executor.submit(tpsl(`${signal}-set`, open.intentId, legs))]);
  expect(await settle(v, executor)).toBe(true);
}

/** Opens with TP/SL, walks the mark through one leg, lets the venue close, reconciles. */
async function fireLeg(
  side: PositionSide,
  leg: 'takeProfit' | 'stopLoss',
  venueOf: (v: Venue) => VenueClient = (v) => v.venue,
) {
  const v = await setupVenue();
  const { executor, events } = await startExecutor(v, { path: tempJournalPath(), venue: venueOf(v) });
  const before = (await v.venue.balance()).equity;
  const m0 = markOf(v);
  const up = (side === 'LONG') === (leg === 'takeProfit');
  const level = dec(Math.round(m0 * (up ? 1.02 : 0.98)));
  await openWithLegs(v, executor, `${side}-${leg}`, side, { [leg]: level });
  await walk(v, m0 * (up ? 1.03 : 0.97));
  await v.clock.advance(1_000); // the venue's MARKET close fills after its latency
  const reconciled = await executor.reconcileNow();
  const after = (await v.venue.balance()).equity;
  return { v, executor, events: events as readonly ExecutionEvent[], level, before, after, reconciled };
}

describe('a TP/SL close is booked at the venue fill', () => {
  for (const [side, leg] of [
    ['LONG', 'takeProfit'],
    ['SHORT', 'stopLoss'],
  ] as const)
    it(`books a ${side} ${leg} close at the price and fee the venue filled it at, and realised − fees − funding = Δequity`, async () => {
      const { v, executor, events, level, before, after, reconciled } = await fireLeg(side, leg);
      // The reconcile counts the booked close among what it settled.
      expect(reconciled).toMatchObject({ ok: true, resolved: 1 });
      const closes = executor.fills().filter((f) => f.effect === 'close');
      expect(closes).toHaveLength(1);
      const close = closes[0];
      const venue = close && venueFillOf(v.sim.engine, close, (id) => executor.journal.get(id));
      expect(venue).toBeDefined();
      // The trigger level is not where the venue filled: the test would pass on an estimate otherwise.
      expect(venue?.price.equals(level)).toBe(false);
      expect([close?.quantity.toString(), close?.price.toString(), close?.fee.toString()]).toEqual([
        venue?.quantity.toString(),
        venue?.price.toString(),
        venue?.fee.toString(),
      ]);
      // Every fill the ledger booked is the venue's, the open's too.
      for (const f of executor.fills())
        expect(f.price.toString()).toBe(
          venueFillOf(v.sim.engine, f, (id) => executor.journal.get(id))?.price.toString(),
        );
      expect(events.filter((e) => e.type === 'tpslClosed')).toMatchObject([
        { leg, price: venue?.price.toString(), estimated: false },
      ]);
      expect(events.filter((e) => e.type === 'alert')).toEqual([]);
      // The closed position's legs are no longer watched: nothing can fire on it again.
      expect(close?.quoteId).toBeDefined();
      expect(executor.armedTpSlOn(String(close?.quoteId))).toBeUndefined();
      const s = executor.ledger.summary();
      expect(s.openPositions).toBe(0);
      expect(s.realised.minus(s.fees).minus(s.funding).toString()).toBe(after.minus(before).toString());
      await executor.stop();
      v.sim.stop();
    });
});

describe('until the venue answers', () => {
  it('books nothing while the close the leg sent cannot be read, then the venue fill on the next cycle', async () => {
    let failing = true;
    const { v, executor, events } = await fireLeg('LONG', 'takeProfit', (v) =>
      venueWith(v.venue, {
        requestStatus: async (kind, id) => {
          if (failing && kind === 'close') throw new TransientVenueError('connection reset');
          return v.venue.requestStatus(kind, id);
        },
      }),
    );
    expect(executor.fills().filter((f) => f.effect === 'close')).toEqual([]);
    const unread = events.filter((e) => e.type === 'alert' && e.code === 'TPSL_CLOSE_UNREAD');
    expect(unread).not.toEqual([]);
    const quoteId = executor.ledger.openLots()[0]?.quoteId;
    expect(quoteId).toEqual(expect.any(String));
    for (const a of unread)
      expect(a).toMatchObject({
        message: expect.stringMatching(
          new RegExp(`quote ${quoteId} not booked yet: its close .+ could not be read \\(.*connection reset`),
        ),
      });
    failing = false;
    await executor.reconcileNow();
    const [close] = executor.fills().filter((f) => f.effect === 'close');
    expect(close?.price.toString()).toBe(
      close && venueFillOf(v.sim.engine, close, (id) => executor.journal.get(id))?.price.toString(),
    );
    await executor.stop();
    v.sim.stop();
  });

  it('books the trigger level labelled an estimate when the venue names no close', async () => {
    const { v, executor, events, level } = await fireLeg('LONG', 'takeProfit', (v) =>
      venueWith(v.venue, {
        listTpSl: async (ids) => (await v.venue.listTpSl(ids)).map((r) => ({ ...r, closeRequestId: null })),
      }),
    );
    const [close] = executor.fills().filter((f) => f.effect === 'close');
    expect(close?.price.toString()).toBe(level.toString());
    expect(events.filter((e) => e.type === 'tpslClosed')).toMatchObject([{ estimated: true }]);
    expect(events.filter((e) => e.type === 'alert')).toMatchObject([
      {
        code: 'TPSL_FILL_ESTIMATED',
        message: `TP/SL close of quote ${close?.quoteId} booked at the takeProfit level ${level}: the venue names no close, so its fill price and fee are estimates`,
      },
    ]);
    await executor.stop();
    v.sim.stop();
  });
});

describe('what the venue says of the close', () => {
  it('books nothing while the venue does not know the close yet, with an alert naming the quote, then its fill', async () => {
    let unknown = true;
    const { v, executor, events } = await fireLeg('LONG', 'takeProfit', (v) =>
      venueWith(v.venue, {
        requestStatus: async (kind, id) =>
          unknown && kind === 'close' ? null : v.venue.requestStatus(kind, id),
      }),
    );
    expect(executor.fills().filter((f) => f.effect === 'close')).toEqual([]);
    const quoteId = executor.ledger.openLots()[0]?.quoteId;
    const unread = events.filter((e) => e.type === 'alert' && e.code === 'TPSL_CLOSE_UNREAD');
    expect(unread).not.toEqual([]);
    for (const a of unread)
      expect(a).toMatchObject({
        message: expect.stringMatching(
          new RegExp(`quote ${quoteId} not booked yet: the venue does not know its close .+ yet$`),
        ),
      });
    unknown = false;
    await executor.reconcileNow();
    expect(events.filter((e) => e.type === 'tpslClosed')).toMatchObject([{ estimated: false }]);
    await executor.stop();
    v.sim.stop();
  });

  for (const [what, change] of [
    ['still CLOSE_PENDING', { status: 'CLOSE_PENDING' }],
    ['without a price', { avgPrice: null }],
    ['filled for less than the lot', { filledQuantity: dec('0.0001') }],
  ] as const)
    it(`does not book a named close the venue reports ${what}, and raises no alert about reading it`, async () => {
      const { v, executor, events, reconciled } = await fireLeg('LONG', 'takeProfit', (v) =>
        venueWith(v.venue, {
          requestStatus: async (kind, id) => {
            const rep = await v.venue.requestStatus(kind, id);
            return kind === 'close' && rep !== null ? { ...rep, ...change } : rep;
          },
        }),
      );
      expect(events.filter((e) => e.type === 'tpslClosed')).toEqual([]);
      expect(reconciled).toMatchObject({ ok: true, resolved: 0 });
      expect(events.filter((e) => e.type === 'alert' && e.code === 'TPSL_CLOSE_UNREAD')).toEqual([]);
      await executor.stop();
      v.sim.stop();
    });

  it('books the fill no later than the executor clock when the venue stamps its close in the future', async () => {
    const { v, executor } = await fireLeg('LONG', 'takeProfit', (v) =>
      venueWith(v.venue, {
        requestStatus: async (kind, id) => {
          const rep = await v.venue.requestStatus(kind, id);
          return kind === 'close' && rep !== null ? { ...rep, updatedAt: v.clock.now() + 3_600_000 } : rep;
        },
      }),
    );
    const [close] = executor.fills().filter((f) => f.effect === 'close');
    expect(close?.ts).toBe(v.clock.now());
    await executor.stop();
    v.sim.stop();
  });

  it('books a SHORT stop-loss estimate at the stop-loss level when the venue names no close', async () => {
    const { v, executor, level } = await fireLeg('SHORT', 'stopLoss', (v) =>
      venueWith(v.venue, {
        listTpSl: async (ids) => (await v.venue.listTpSl(ids)).map((r) => ({ ...r, closeRequestId: null })),
      }),
    );
    const [close] = executor.fills().filter((f) => f.effect === 'close');
    expect(close?.price.toString()).toBe(level.toString());
    await executor.stop();
    v.sim.stop();
  });

  it('books the close when the venue does not say what funding the position paid', async () => {
    const { v, executor, events } = await fireLeg('LONG', 'takeProfit', (v) =>
      venueWith(v.venue, {
        listTpSl: async (ids) =>
          (await v.venue.listTpSl(ids)).map((r) => ({ ...r, accumulatedFunding: null })),
      }),
    );
    expect(events.filter((e) => e.type === 'tpslClosed')).toMatchObject([{ estimated: false }]);
    expect(executor.ledger.summary().openPositions).toBe(0);
    await executor.stop();
    v.sim.stop();
  });
});

describe('a close the venue filled after the price came back between the legs', () => {
  for (const [fired, set] of [
    ['takeProfit', ['takeProfit']],
    ['stopLoss', ['stopLoss']],
    ['takeProfit', ['takeProfit', 'stopLoss']],
    ['stopLoss', ['takeProfit', 'stopLoss']],
  ] as const)
    it(`is booked to the ${fired} leg, the one nearer its fill, when ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set and no crossing was seen`, async () => {
      const v = await setupVenue();
      const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
      const m0 = markOf(v);
      const levels = { takeProfit: dec(Math.round(m0 * 1.02)), stopLoss: dec(Math.round(m0 * 0.98)) };
      const legs = Object.fromEntries(set.map((l) => [l, levels[l]]));
      await openWithLegs(v, executor, `back-${fired}-${set.join('-')}`, 'LONG', legs);
      await walk(v, m0 * (fired === 'takeProfit' ? 1.03 : 0.97));
      await v.clock.advance(1_000); // the venue's MARKET close fills after its latency
      v.sim.engine.setMark('BTCUSDT', m0); // back between the legs before the executor looks
      await executor.reconcileNow();
      const [close] = executor.fills().filter((f) => f.effect === 'close');
      expect(close?.price.toString()).toBe(
        close && venueFillOf(v.sim.engine, close, (id) => executor.journal.get(id))?.price.toString(),
      );
      expect(events.filter((e) => e.type === 'tpslClosed')).toMatchObject([{ leg: fired, estimated: false }]);
      await executor.stop();
      v.sim.stop();
    });
});

it('claims no TP/SL close when the venue names no close and the price came back between the legs', async () => {
  const v = await setupVenue();
  const venue = venueWith(v.venue, {
    listTpSl: async (ids) => (await v.venue.listTpSl(ids)).map((r) => ({ ...r, closeRequestId: null })),
  });
  const { executor, events } = await startExecutor(v, { path: tempJournalPath(), venue });
  const m0 = markOf(v);
  await openWithLegs(v, executor, 'back-unnamed', 'LONG', { takeProfit: dec(Math.round(m0 * 1.02)) });
  await walk(v, m0 * 1.03);
  await v.clock.advance(1_000);
  v.sim.engine.setMark('BTCUSDT', m0);
  const reconciled = await executor.reconcileNow();
  expect(reconciled).toMatchObject({ ok: true, resolved: 0 });
  expect(events.filter((e) => e.type === 'tpslClosed')).toEqual([]);
  await executor.stop();
  v.sim.stop();
});

it('books nothing when the executor stops while the close the leg sent is read', async () => {
  const v = await setupVenue();
  let stopping: Promise<void> | undefined;
  let stop: (() => Promise<void>) | undefined;
  const venue = venueWith(v.venue, {
    requestStatus: async (kind, id) => {
      const rep = await v.venue.requestStatus(kind, id);
      if (kind === 'close') stopping ??= stop?.();
      return rep;
    },
    // Funding the venue says the position paid: booked only with the close.
    listTpSl: async (ids) =>
      (await v.venue.listTpSl(ids)).map((r) => ({ ...r, accumulatedFunding: dec('1.5') })),
  });
  const { executor, events } = await startExecutor(v, { path: tempJournalPath(), venue });
  stop = () => executor.stop();
  const m0 = markOf(v);
  await openWithLegs(v, executor, 'stop-during-read', 'LONG', { takeProfit: dec(Math.round(m0 * 1.02)) });
  await walk(v, m0 * 1.03);
  await v.clock.advance(1_000);
  const funding = executor.ledger.summary().funding.toString();
  // The stopped executor's reconcile ends void and counts nothing settled.
  expect(await executor.reconcileNow()).toMatchObject({ ok: false, resolved: 0 });
  expect(stopping).toBeDefined();
  await stopping;
  const after = executor.ledger.summary();
  expect([after.openPositions, after.funding.toString()]).toEqual([1, funding]);
  expect(events.filter((e) => e.type === 'tpslClosed')).toEqual([]);
  v.sim.stop();
});
