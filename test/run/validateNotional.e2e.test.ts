import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { fastConfig, perpflow, startSim, tempDir } from './runHarness.ts';

/** fastConfig with its strategy's notional set (200 there). */
function configWithNotional(notional: number, venue?: string): string {
  const cfg = fastConfig(tempDir(), { mode: 'dry-run' });
  let text = readFileSync(cfg, 'utf8').replace('notional: 200', `notional: ${notional}`);
  if (venue !== undefined)
    text = text.replace('venue: { url: null }', venue).replace('mode: dry-run', 'mode: sim');
  writeFileSync(cfg, text);
  return cfg;
}

const NEAR =
  /^warning: .*strategies\[0\]\.params\.notional \(sma-fast\): 100 on BTCUSDT is within one quantity step \(0\.001 ≈ \d+\.\d\d at [\d.]+\) of the market's minimum notional 100: .* a notional of at least \d+\.\d\d avoids it$/;

describe('`config validate --online` and a notional at the market minimum', () => {
  it('warns (exit 0) when the notional is within one quantity step of the minimum, and is silent well above it', async () => {
    const near = perpflow(['config', 'validate', '--online', configWithNotional(100)]);
    expect(await near.exited).toBe(0);
    expect(near.count(NEAR)).toBe(1);
    const clear = perpflow(['config', 'validate', '--online', configWithNotional(300)]);
    expect(await clear.exited).toBe(0);
    expect(clear.count(/^warning: /)).toBe(0);
  }, 30_000);

  it('judges by the price of the venue at venue.url', async () => {
    const sim = await startSim(5);
    try {
      const acc = await bootstrapAccount(fetch, { baseUrl: sim.url, collateral: 0, keyName: 'validate' });
      const venue = `venue: { url: ${sim.url}, apiKey: "\${env:PF_KEY}", subaccount: "\${env:PF_SUB}" }`;
      const env = { PF_KEY: acc.apiKey, PF_SUB: acc.subaccount };
      const near = perpflow(
        ['config', 'validate', '--online', configWithNotional(100, venue)],
        undefined,
        env,
      );
      expect(await near.exited).toBe(0);
      expect(near.count(NEAR), near.lines.join('\n')).toBe(1);
    } finally {
      await sim.stop();
    }
  }, 60_000);
});
