import { describe, expect, it } from 'vitest';
import { tradeMarkers } from './tradeMarkers.ts';

const bars = [0, 60_000, 120_000, 180_000].map((time) => ({ time, open: 1, high: 1, low: 1, close: 1 }));

describe('tradeMarkers', () => {
  it('puts each entry and exit on the candle containing its time, sorted, coloured by side and outcome', () => {
    const markers = tradeMarkers(
      [
        {
          strategy: 's',
          market: 'X',
          side: 'SHORT',
          quantity: 1,
          entryTime: 130_000,
          entryPrice: 1,
          exitTime: 200_000,
          exitPrice: 2,
          pnl: -1,
        },
        {
          strategy: 's',
          market: 'X',
          side: 'LONG',
          quantity: 1,
          entryTime: 5_000,
          entryPrice: 1,
          exitTime: 61_000,
          exitPrice: 2,
          pnl: 1,
        },
      ],
      bars,
    );
    expect(markers).toEqual([
      { time: 0, position: 'belowBar', shape: 'arrowUp', color: '#15803d', text: 'L' },
      { time: 60, position: 'aboveBar', shape: 'circle', color: '#15803d', text: '' },
      { time: 120, position: 'aboveBar', shape: 'arrowDown', color: '#b91c1c', text: 'S' },
      { time: 180, position: 'belowBar', shape: 'circle', color: '#b91c1c', text: '' },
    ]);
  });

  it('draws an open trade with its entry only', () => {
    const open = {
      strategy: 's',
      market: 'X',
      side: 'LONG' as const,
      quantity: 1,
      entryTime: 0,
      entryPrice: 1,
      exitTime: null,
      exitPrice: null,
      pnl: null,
    };
    expect(tradeMarkers([open], bars)).toHaveLength(1);
  });
});
