import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import { riskOptionsFromConfig } from '../../src/risk/limits.ts';
import { closeIntent, openIntent, settle, setupVenue, startExecutor, tempJournalPath } from './harness.ts';

/** The harness's clock starts at 00:00 UTC; these trade in the afternoon of the same UTC day. */
const AFTERNOON = [Date.UTC(2026, 0, 1, 12, 0, 1), Date.UTC(2026, 0, 1, 23, 59)].map((t) => ({
  iso: new Date(t).toISOString(),
  at: t,
}));

describe('the daily loss limit counts the UTC day the loss was made in, morning or afternoon', () => {
  it.each(AFTERNOON)(
    'halts on a realised loss beyond the limit made at $iso (after 12:00 UTC)',
    async ({ at }) => {
      const v = await setupVenue();
      await v.clock.advanceTo(at);
      const risk = riskOptionsFromConfig({ account: { dailyLossLimit: 5 } });
      const { executor } = await startExecutor(v, { path: tempJournalPath(), risk });
      const a = openIntent('pm1', { quantity: dec('0.1') });
      await executor.submit(a);
      await settle(v, executor);
      const mark = v.sim.engine.mark('BTCUSDT')!.mark;
      v.sim.engine.setMark('BTCUSDT', mark * 0.98);
      await executor.submit(closeIntent('pm1-close', a));
      await settle(v, executor);
      // Still the same UTC day: the loss is today's.
      expect(new Date(v.clock.now()).getUTCDate()).toBe(1);
      expect(executor.gate.state).toBe('halted');
      expect(executor.gate.stateReason).toMatch(/daily loss/);
    },
  );
});
