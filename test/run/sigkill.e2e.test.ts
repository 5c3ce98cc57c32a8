import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { describeExposure } from '../../src/kernel/venueAgreement.ts';
import { createRng } from '../../src/simulator/rng.ts';
import { fastConfig, perpflow, type SimServer, startSim, tempDir, until } from './runHarness.ts';
import { journalLedger, venueExposure } from './venueCheck.ts';

let sim: SimServer | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

describe('perpflow run killed with SIGKILL while trading', () => {
  it('restarts three times on the same journal: no intent sent twice, nothing left open in the journal, venue = ledger', async () => {
    sim = await startSim(23);
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'sim', url: sim.url });
    const rng = createRng(5);
    const clock = new SystemClock();
    for (let kill = 0; kill < 3; kill++) {
      const bot = perpflow(['run', cfg]);
      await until(() => bot.count(/ opened BTCUSDT /) >= 1, 45_000, `activity before kill ${kill + 1}`, bot);
      // A random moment in the next second and a half: mid-flight requests are likely.
      await clock.sleep(Math.floor(rng.next() * 1500));
      bot.child.kill('SIGKILL');
      expect(await bot.exited).toBeNull();
    }
    const last = perpflow(['run', cfg]);
    await until(() => last.count(/ opened BTCUSDT /) >= 1, 45_000, 'trading after the last restart', last);
    last.child.kill('SIGINT');
    expect(await last.exited).toBe(0);

    const { ledger, nonTerminal, requests } = journalLedger(join(dir, 'journal.sqlite'));
    expect(nonTerminal).toEqual([]);
    const sentPerIntent = new Map<string, number>();
    for (const r of requests)
      if (r.submittedAt !== undefined)
        sentPerIntent.set(r.intentId, (sentPerIntent.get(r.intentId) ?? 0) + 1);
    expect([...sentPerIntent].filter(([, n]) => n > 1)).toEqual([]);
    expect(describeExposure(await venueExposure(sim.url))).toBe(describeExposure(ledger.exposure()));
  }, 240_000);
});
