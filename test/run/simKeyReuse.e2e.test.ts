import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { fastConfig, perpflow, type SimServer, startSim, tempDir, until } from './runHarness.ts';

let sim: SimServer | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

/** A sim-mode bot that trades nothing in a test's time (a 1000-bar slow average): its account changes only by setup. */
const QUIET = `strategies:
  - { id: quiet, module: sma-cross, markets: [BTCUSDT], params: { fast: 2, slow: 1000, notional: 100 } }
`;

async function startAndStop(config: string): Promise<void> {
  const bot = perpflow(['run', config]);
  await until(() => bot.count(/trading: /) >= 1, 30_000, 'the bot to trade', bot);
  bot.child.kill('SIGINT');
  expect(await bot.exited).toBe(0);
}

describe('sim mode against a running perpflow sim reuses its account', () => {
  it('two starts: one API key, kept beside the journal (0600), and the collateral topped up to 100,000 once', async () => {
    sim = await startSim(13);
    const session = JSON.parse(sim.proc.lines.find((l) => l.startsWith('{"url"')) as string) as {
      sessionJwt: string;
    };
    const dir = tempDir();
    const config = fastConfig(dir, { mode: 'sim', url: sim.url });
    writeFileSync(config, readFileSync(config, 'utf8').replace(/strategies:\n[\s\S]*?(?=logging:)/, QUIET));
    await startAndStop(config);
    await startAndStop(config);

    const keys = (await (
      await fetch(`${sim.url}/v1/api-keys/list`, {
        headers: { authorization: `Bearer ${session.sessionJwt}` },
      })
    ).json()) as { data: { name: string }[] };
    expect(keys.data.filter((k) => k.name === 'perpflow-run')).toHaveLength(1);

    const file = join(dir, 'journal.sqlite.sim-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { apiKey: string; subaccount: string };
    const venue = createVenueClient({
      baseUrl: sim.url,
      apiKey: kept.apiKey,
      subaccount: kept.subaccount,
      clock: new SystemClock(),
    });
    expect((await venue.balance()).allocated.toString()).toBe('100000');
  }, 120_000);
});
