import { describe, expect, it } from 'vitest';
import { runRange } from './seedRange.ts';

// Seeds 1-500 of the 1,000 that npm test runs (split in two files so both cores work).
describe('chaos: random intents, random faults, crashes at every labelled point', () => {
  it('keeps every invariant on seeds 1-500: no duplicate opens, all terminal, ledger = venue, fills once', async () => {
    const summary = await runRange(1, 500);
    expect(
      summary.failed.map((f) => ({
        seed: f.seed,
        crashedAt: f.crashedAt,
        violations: f.violations.slice(0, 3),
      })),
    ).toEqual([]);
    expect(Object.keys(summary.crashes).length).toBe(5);
  });
});
