import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import type { Bar } from '../../domain/bar.ts';
import { MarketSymbol } from '../../domain/ids.ts';
import { barReplayPrices } from './barReplayPrices.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 0, 5);
const bar = (i: number, open: number, high: number, low: number, close: number): Bar => ({
  symbol: MarketSymbol('XRPUSDT'),
  openTime: T0 + i * H,
  intervalMs: H,
  open,
  high,
  low,
  close,
  volume: 1,
});

/** Every mark the source pushes, as [clock time, stamp, price]. */
async function replay(
  bars: readonly Bar[],
  o: Parameters<typeof barReplayPrices>[1] = {},
  clock = new VirtualClock(T0),
) {
  const seen: [number, number, number][] = [];
  const source = barReplayPrices(bars, o);
  const stop = source.start(clock, (_s, mark, ts) => seen.push([clock.now() - T0, ts - T0, mark]));
  await clock.advance(2 * H);
  stop();
  return { seen, initial: source.initial('XRPUSDT') };
}

describe('barReplayPrices', () => {
  it('pushes each bar at its own time: open, low, high, close a quarter bar apart, each stamped with the time it is pushed', async () => {
    const { seen, initial } = await replay([bar(0, 10, 12, 9, 11), bar(1, 11, 11, 11, 11)]);
    const q = H / 4;
    expect(initial).toBe(10);
    expect(seen).toEqual([
      [0, 0, 10],
      [q, q, 9],
      [2 * q, 2 * q, 12],
      [3 * q, 3 * q, 11],
      // A flat bar has no walk: its intrabar slots stay quiet.
      [H, H, 11],
      [H + 3 * q, H + 3 * q, 11],
    ]);
  });

  it('asks the path at the first intrabar slot and puts points beyond the free slots on the last one', async () => {
    const clock = new VirtualClock(T0);
    const asked: number[] = [];
    const { seen } = await replay(
      [bar(0, 10, 12, 9, 11)],
      {
        steps: 3,
        path: () => {
          asked.push(clock.now() - T0);
          return [12, 10.5, 9];
        },
      },
      clock,
    );
    const third = H / 3;
    expect(asked).toEqual([Math.round(third)]);
    expect(seen.map(([t, , p]) => [Math.round(t), p])).toEqual([
      [0, 10],
      [Math.round(third), 12],
      [Math.round(third), 10.5],
      [Math.round(third), 9],
      [Math.round(2 * third), 11],
    ]);
  });

  it('stops pushing once stopped', async () => {
    const clock = new VirtualClock(T0);
    const seen: number[] = [];
    const stop = barReplayPrices([bar(0, 10, 12, 9, 11)]).start(clock, (_s, mark) => seen.push(mark));
    await clock.advance(H / 4);
    stop();
    await clock.advance(H);
    expect(seen).toEqual([10, 9]);
    expect(clock.pendingTimers).toBe(0);
  });
});
