import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import type { Request } from '../engine/state.ts';
import { engine, openOn } from '../engine/testEngine.ts';
import { money, statusRow } from '../http/serialize.ts';
import { createRng } from '../rng.ts';
import { statusFrom, wireDec } from './fromRoute.ts';
import { asPolled, polledStatus } from './polledStatus.ts';

/** Everything a reader can tell of a Decimal: its text, its sign and its value. */
const seen = (d: ReturnType<typeof dec> | null) =>
  d === null
    ? null
    : { text: d.toString(), fixed: d.toFixed(), negative: d.isNegative(), value: d.toNumber() };

describe('polledStatus', () => {
  it('rounds money exactly as writing it to the wire and reading it back does, over 20,000 values', () => {
    const r = createRng(7);
    const rng = () => r.next();
    const edges = [
      '0',
      '-0',
      '1e-9',
      '0.000000005',
      '0.000000015',
      '-0.000000005',
      '123456789.123456789',
      '5e-8',
    ];
    const values = [...edges.map(dec)];
    for (let i = 0; i < 20_000; i++) {
      const digits = Math.floor(rng() * 14);
      const scale = 10 ** Math.floor(rng() * 8);
      const v = dec((rng() - 0.3) * scale).toDecimalPlaces(digits);
      values.push(v);
    }
    for (const v of values) expect(seen(asPolled(v))).toEqual(seen(wireDec(money(v))));
  });

  it('reports every ended request (opens, partial and whole closes) as a poll of the status route would', () => {
    const r0 = createRng(11);
    const rng = () => r0.next();
    const { clock, e, sub } = engine();
    const ended: Request[] = [];
    e.onRequestEnded((r) => ended.push(r));
    for (let i = 0; i < 300; i++) {
      e.setMark('BTCUSDT', 90_000 + rng() * 10_000);
      const open = openOn(e, sub, { quantity: (4 + Math.floor(rng() * 6)) / 1000, leverage: 5 });
      clock.advanceSync(100);
      // Sometimes in two closes, the first of them partial.
      if (rng() < 0.5) {
        e.submitClose(open.quote, { quantityToClose: 0.002, orderType: 'MARKET' });
        clock.advanceSync(100);
      }
      e.setMark('BTCUSDT', 90_000 + rng() * 10_000);
      e.submitClose(open.quote, {
        quantityToClose: open.quote.quantity.minus(open.quote.closedAmount).toNumber(),
        orderType: 'MARKET',
      });
      clock.advanceSync(100);
    }
    expect(ended.length).toBeGreaterThan(700);
    for (const r of ended) {
      const direct = polledStatus(r);
      const polled = statusFrom(statusRow(r));
      expect({
        ...direct,
        filledQuantity: seen(direct.filledQuantity),
        avgPrice: seen(direct.avgPrice),
      }).toEqual({
        ...polled,
        filledQuantity: seen(polled.filledQuantity),
        avgPrice: seen(polled.avgPrice),
      });
    }
  });

  it('reports a LIMIT open cancelled before any fill (no price, no reason) as a poll of the status route would', () => {
    const { clock, e, sub } = engine();
    const ended: Request[] = [];
    e.onRequestEnded((r) => ended.push(r));
    e.setMark('BTCUSDT', 95_000);
    const open = openOn(e, sub, { orderType: 'LIMIT', limitPrice: 50_000 });
    clock.advanceSync(100);
    e.submitCancelOpen(open.quote);
    clock.advanceSync(100);
    const cancelled = ended.find((r) => r === open);
    if (cancelled === undefined) throw new Error('the open did not end');
    expect([cancelled.status, cancelled.avgPrice, cancelled.reason, cancelled.errorCode]).toEqual([
      'CANCELED',
      null,
      null,
      null,
    ]);
    expect(polledStatus(cancelled)).toEqual(statusFrom(statusRow(cancelled)));
  });
});
