import { describe, expect, it } from 'vitest';
import { StrategyId } from './ids.ts';
import { deriveIntentId, intentIdsOf } from './intentId.ts';

const S = StrategyId('sma-cross');

describe('deriveIntentId', () => {
  it('keeps the ids sha256 journals hold: sha256 of strategy, signal and leg, first 24 hex digits', () => {
    // Computed once with createHash('sha256').update(…).digest('hex'): an id that changed across
    // versions would let a restarted bot resend an intent its journal already has.
    expect([deriveIntentId(S, 'bar-42', 0, 'sha256'), deriveIntentId(S, 'bar-42', 1, 'sha256')]).toEqual([
      'in_83e0ab22c60c6dbcbe2f438f',
      'in_ff7385fc635225595decfc86',
    ]);
  });

  it('keeps the ids hash96 journals hold, and makes hash96 ids by default (a new journal’s scheme)', () => {
    // Computed once at the scheme's introduction; they must never change either.
    expect([
      deriveIntentId(S, 'bar-42'),
      deriveIntentId(S, 'bar-42', 1),
      deriveIntentId(S, 'BTCUSDT:1767571200000:LONG'),
      deriveIntentId(StrategyId('s'), 'é€😀'),
    ]).toEqual([
      'in_f57a4b194bf0a083e1d83810',
      'in_361c74ca82539fd20f7293da',
      'in_2db1213bf9913cf617e3e862',
      'in_e651e435ba9be8718d605110',
    ]);
    expect(deriveIntentId(S, 'bar-42', 0, 'hash96')).toBe('in_f57a4b194bf0a083e1d83810');
  });

  it('gives the same ids from one deriver reused across signals and legs as from a fresh one per id, in either scheme', () => {
    for (const scheme of ['sha256', 'hash96'] as const) {
      const ids = intentIdsOf(S, scheme);
      for (const signal of ['a', 'ab', 'BTCUSDT:1767571200000:exit', '', 'é€😀'])
        for (const leg of [0, 1]) expect(ids(signal, leg)).toBe(deriveIntentId(S, signal, leg, scheme));
    }
  });
});
