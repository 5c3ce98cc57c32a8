import { describe, expect, it } from 'vitest';
import { StrategyId } from './ids.ts';
import { deriveIntentId } from './intentId.ts';

describe('deriveIntentId', () => {
  it('keeps the ids journals already hold: sha256 of strategy, signal and leg, first 24 hex digits', () => {
    // Computed once with createHash('sha256').update(…).digest('hex'): an id that changed across
    // versions would let a restarted bot resend an intent its journal already has.
    expect([
      deriveIntentId(StrategyId('sma-cross'), 'bar-42'),
      deriveIntentId(StrategyId('sma-cross'), 'bar-42', 1),
    ]).toEqual(['in_83e0ab22c60c6dbcbe2f438f', 'in_ff7385fc635225595decfc86']);
  });
});
