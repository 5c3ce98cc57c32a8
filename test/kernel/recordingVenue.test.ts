/**
 * The recording of the venue's answers, against the simulator: every method of the port is
 * recorded under its own name with its arguments, answer or error, at the clock time it was made.
 */
import { describe, expect, it } from 'vitest';
import { MarketSymbol, QuoteId, TempId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { VenueRejectedError } from '../../src/errors/venueErrors.ts';
import { Recorder } from '../../src/kernel/record/Recorder.ts';
import { decodeValue, encodeValue } from '../../src/kernel/record/recordCodec.ts';
import { recordingPrices, recordingVenue } from '../../src/kernel/record/recordingVenue.ts';
import { setupVenue } from '../execution/harness.ts';
import { MemoryLines } from './support/MemoryLines.ts';

type Line = {
  k: string;
  t: number;
  d: number;
  p: string;
  op: string;
  a: unknown[];
  r?: unknown;
  e?: { n: string };
};

describe('recordingVenue', () => {
  it('records every call of the port under its name, with its arguments and its answer or error, and hands the answer on', async () => {
    const v = await setupVenue();
    const sink = new MemoryLines();
    const venue = recordingVenue(v.venue, new Recorder(sink, v.clock, []), v.clock);
    expect([venue.subaccount, venue.chainId, venue.watchRequests]).toEqual([
      v.venue.subaccount,
      v.venue.chainId,
      v.venue.watchRequests,
    ]);
    const BTC = MarketSymbol('BTCUSDT');
    const answers = [
      await venue.markets(),
      await venue.market(BTC),
      await venue.markPrices([BTC]),
      await venue.positions(),
      await venue.balance(),
      await venue.fundingInfo(),
      await venue.listPermissions(),
      await venue.listTpSl([]),
      await venue.closeAll(),
      await venue.requestStatus('open', TempId('t-unknown')),
    ];
    const refused = await venue
      .setTpSl({ quoteId: QuoteId('q-unknown'), takeProfit: dec(1) })
      .catch((e: unknown) => e);
    const refusedSubmit = await venue
      .submit({ kind: 'cancelOpen', items: [TempId('t-unknown')] })
      .catch((e: unknown) => e);
    const lines = sink.lines.map((l) => decodeValue<Line>(l));
    expect(lines.map((l) => [l.k, l.p, l.op])).toEqual(
      [
        'markets',
        'market',
        'markPrices',
        'positions',
        'balance',
        'fundingInfo',
        'listPermissions',
        'listTpSl',
        'closeAll',
        'requestStatus',
        'setTpSl',
        'submit',
      ].map((op) => ['c', 'v', op]),
    );
    expect(lines.slice(0, 10).map((l) => l.r)).toEqual(answers.map((a) => decodeValue(encodeValue(a))));
    expect(lines[1]?.a).toEqual(['BTCUSDT']);
    expect(lines[9]?.a).toEqual(['open', 't-unknown']);
    expect(refused).toBeInstanceOf(Error);
    expect(lines[10]?.e?.n).toBe((refused as Error).name);
    expect(lines[10]?.r).toBeUndefined();
    expect(refusedSubmit).toBeInstanceOf(VenueRejectedError);
    expect(lines[11]?.e).toMatchObject({ n: 'VenueRejectedError', c: 'NOT_FOUND', s: 404 });
  });

  it('records a call at the clock time it was made, and how long it took', async () => {
    const v = await setupVenue();
    const sink = new MemoryLines();
    const slow = {
      ...v.venue,
      positions: async () => {
        await v.clock.sleep(250);
        return [];
      },
    };
    const venue = recordingVenue(slow as typeof v.venue, new Recorder(sink, v.clock, []), v.clock, 'p');
    const start = v.clock.now();
    const done = venue.positions();
    await v.clock.advance(250);
    await done;
    expect(decodeValue<Line>(sink.lines[0] ?? '')).toMatchObject({
      k: 'c',
      t: start,
      d: 250,
      p: 'p',
      op: 'positions',
    });
  });
});

describe('recordingPrices', () => {
  it('records a poll compactly as prices, and a failed one as a call of the price port, rethrown', async () => {
    const v = await setupVenue();
    const sink = new MemoryLines();
    const rec = new Recorder(sink, v.clock, []);
    const BTC = MarketSymbol('BTCUSDT');
    const ticks = await recordingPrices(v.venue, rec, v.clock).markPrices([BTC]);
    const failing = recordingPrices(
      { markPrices: async () => Promise.reject(new Error('feed down')) },
      rec,
      v.clock,
    );
    await expect(failing.markPrices([BTC])).rejects.toThrow('feed down');
    const [poll, failed] = sink.lines.map((l) => decodeValue<Record<string, unknown>>(l));
    expect(poll).toEqual({
      k: 'p',
      t: v.clock.now(),
      d: 0,
      r: ticks.map((x) =>
        x.last === undefined ? [x.symbol, x.mark, x.ts] : [x.symbol, x.mark, x.ts, x.last],
      ),
    });
    expect(failed).toEqual({
      k: 'c',
      t: v.clock.now(),
      d: 0,
      p: 'p',
      op: 'markPrices',
      a: [['BTCUSDT']],
      e: { n: 'Error', m: 'feed down' },
    });
  });
});
