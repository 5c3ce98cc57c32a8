import { describe, expect, it } from 'vitest';
import { StrategyId } from '../domain/ids.ts';
import { deriveIntentId } from '../domain/intentId.ts';
import { ConvertMemo } from './ConvertMemo.ts';

describe('ConvertMemo', () => {
  const S = StrategyId('s');
  it('gives every signal and leg its own derived id, whatever order they are asked in', () => {
    const m = new ConvertMemo(S);
    const asked = ['a', 'b', 'a', 'c', 'b', 'a', 'a', 'c'];
    for (const signal of asked) {
      expect(m.idOf(signal, 0)).toBe(deriveIntentId(S, signal, 0));
      expect(m.idOf(signal, 1)).toBe(deriveIntentId(S, signal, 1));
    }
  });

  it('gives one Decimal per value, equal to the number', () => {
    const m = new ConvertMemo(S);
    expect(m.dec(0.1)).toBe(m.dec(0.1));
    expect(m.dec(0.1).toString()).toBe('0.1');
    for (let i = 0; i < 600; i++) expect(m.dec(i / 8).toNumber()).toBe(i / 8);
  });
});
