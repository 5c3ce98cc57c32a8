import { describe, expect, it } from 'vitest';
import { TrackedState } from './StrategyState.ts';

describe('TrackedState', () => {
  it('snapshots the values as set, replaced and deleted, in a fresh record each time', () => {
    const s = new TrackedState({ kept: 1, gone: 'x' });
    s.set('held:BTCUSDT', { side: 'LONG', intentId: 'in_a' });
    s.set('held:BTCUSDT', { side: 'SHORT', intentId: 'in_b' });
    s.delete('gone');
    expect(s.dirty).toBe(true);
    const first = s.snapshot();
    expect(first).toEqual({ kept: 1, 'held:BTCUSDT': { side: 'SHORT', intentId: 'in_b' } });
    expect(s.dirty).toBe(false);
    s.set('kept', 2);
    // The store keeps what it was given: a later change must not reach the record it holds.
    expect(s.snapshot()).toEqual({ kept: 2, 'held:BTCUSDT': { side: 'SHORT', intentId: 'in_b' } });
    expect(first.kept).toBe(1);
  });
});
