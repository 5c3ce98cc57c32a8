import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeExposure } from '../../src/kernel/venueAgreement.ts';
import { fastConfig, perpflow, type SimServer, startSim, tempDir, until } from './runHarness.ts';
import { journalLedger, venueExposure } from './venueCheck.ts';

let sim: SimServer | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

describe('perpflow run in sim mode, trading a `perpflow sim` over HTTP', () => {
  it('trades, exits 0 on SIGINT, and the venue then holds exactly what the journal books', async () => {
    sim = await startSim(11);
    const dir = tempDir();
    const bot = perpflow(['run', fastConfig(dir, { mode: 'sim', url: sim.url })]);
    await until(
      () => bot.count(/ opened BTCUSDT /) >= 2 && bot.count(/ closed BTCUSDT /) >= 1,
      45_000,
      'opens and closes',
      bot,
    );
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);

    const { ledger, nonTerminal, requests } = journalLedger(join(dir, 'journal.sqlite'));
    expect(nonTerminal).toEqual([]);
    expect(requests.filter((r) => r.kind === 'open' && r.status === 'FILLED').length).toBeGreaterThanOrEqual(
      2,
    );
    expect(describeExposure(await venueExposure(sim.url))).toBe(describeExposure(ledger.exposure()));
  }, 90_000);
});
