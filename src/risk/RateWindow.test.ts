import { describe, expect, it } from 'vitest';
import { RateWindow } from './RateWindow.ts';

describe('RateWindow', () => {
  it('counts an event for exactly one window: gone at the moment the window has passed', () => {
    const w = new RateWindow(60_000);
    w.record(0);
    w.record(1);
    expect(w.count(59_999)).toBe(2);
    expect(w.count(60_000)).toBe(1);
    expect(w.count(60_001)).toBe(0);
  });
});
