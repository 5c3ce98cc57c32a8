import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { fastConfig, perpflow, startSim, tempDir } from './runHarness.ts';

/** fastConfig with its one strategy on BTCUSD, a market the simulator does not list (it lists BTCUSDT). */
function configWithUnknownMarket(mode: string): string {
  const cfg = fastConfig(tempDir(), { mode });
  writeFileSync(cfg, readFileSync(cfg, 'utf8').replace('markets: [BTCUSDT]', 'markets: [BTCUSD]'));
  return cfg;
}

/** The line of `markets: [BTCUSD]` in fastConfig, and the column of BTCUSD in it. */
const AT = ':11:15 strategies[0].markets[0]';

describe('a market the venue does not list', () => {
  it.each(['dry-run', 'sim'])(
    '`run` in %s refuses it at start with exit 2, naming it and the closest listed, and polls no price',
    async (mode) => {
      const cfg = configWithUnknownMarket(mode);
      const bot = perpflow(['run', cfg]);
      expect(await bot.exited).toBe(2);
      const out = bot.lines.join('\n');
      expect(out).toContain(`${cfg}${AT}: the simulator does not list market BTCUSD (closest: BTCUSDT`);
      expect(out).not.toContain('price poll failed');
    },
    30_000,
  );

  it('`config validate` refuses it offline (the simulator lists its markets) and `--online`, with exit 2', async () => {
    const cfg = configWithUnknownMarket('dry-run');
    for (const flags of [[], ['--online']]) {
      const validate = perpflow(['config', 'validate', ...flags, cfg]);
      expect(await validate.exited).toBe(2);
      expect(validate.lines.join('\n')).toContain(
        `${cfg}${AT}: the simulator does not list market BTCUSD (closest: BTCUSDT`,
      );
    }
  }, 30_000);

  it('`config validate --online` asks the venue at venue.url for its markets, with the key from the environment', async () => {
    const sim = await startSim(5);
    try {
      const acc = await bootstrapAccount(fetch, { baseUrl: sim.url, collateral: 0, keyName: 'validate' });
      const cfg = configWithUnknownMarket('sim');
      const venue = `venue: { url: ${sim.url}, apiKey: "\${env:PF_KEY}", subaccount: "\${env:PF_SUB}" }`;
      writeFileSync(cfg, readFileSync(cfg, 'utf8').replace(`venue: { url: null }`, venue));
      const env = { PF_KEY: acc.apiKey, PF_SUB: acc.subaccount };
      const online = perpflow(['config', 'validate', '--online', cfg], undefined, env);
      expect(await online.exited).toBe(2);
      const host = new URL(sim.url).host;
      expect(online.lines.join('\n')).toContain(
        `strategies[0].markets[0]: the venue at ${host} does not list market BTCUSD (closest: BTCUSDT`,
      );
      expect(online.lines.join('\n')).not.toContain(acc.apiKey);
      writeFileSync(cfg, readFileSync(cfg, 'utf8').replace('markets: [BTCUSD]', 'markets: [BTCUSDT]'));
      const ok = perpflow(['config', 'validate', '--online', cfg], undefined, env);
      expect(await ok.exited).toBe(0);
    } finally {
      await sim.stop();
    }
  }, 60_000);
});
