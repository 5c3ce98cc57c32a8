import { describe, expect, it } from 'vitest';
import { runRange } from './seedRange.ts';

/** The chaos suite over `count` seeds from `first`; npm test splits 1,000 seeds over files so both cores work. */
export function chaosSuite(first: number, count: number): void {
  const last = first + count - 1;
  describe('chaos: random intents, random faults, crashes at every labelled point and during recovery', () => {
    it(`keeps every invariant on seeds ${first}-${last}: no duplicate opens, all terminal, externals adopted, ledger = venue in exposure, PnL, fees and funding, fills applied once`, async () => {
      const summary = await runRange(first, count);
      expect(
        summary.failed.map((f) => ({
          seed: f.seed,
          crashedAt: f.crashedAt,
          violations: f.violations.slice(0, 3),
        })),
      ).toEqual([]);
      expect(Object.keys(summary.crashes).length).toBe(5);
      // The process-level faults were drawn too, not only the venue's.
      expect(Object.keys(summary.events).sort()).toEqual([
        'journalReadOnly',
        'manualTrades',
        'operatorRestart',
        'recoveryCrash',
      ]);
    });
  });
}
