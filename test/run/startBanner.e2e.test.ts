import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastConfig, perpflow, tempDir, until } from './runHarness.ts';

const CSV = join(process.cwd(), 'data/samples/BTCUSD-1mo.csv');

/** The start banner of a dry run with `prices` as simulator.prices. */
async function banner(prices: string | undefined): Promise<string> {
  const cfg = fastConfig(tempDir(), { mode: 'dry-run' });
  if (prices !== undefined)
    writeFileSync(
      cfg,
      readFileSync(cfg, 'utf8').replace(
        'simulator: { seed: 7,',
        `simulator: { prices: "${prices}", seed: 7,`,
      ),
    );
  const bot = perpflow(['run', cfg]);
  await until(() => bot.count(/ status: http/) >= 1, 45_000, 'the start', bot);
  bot.child.kill('SIGINT');
  expect(await bot.exited).toBe(0);
  return bot.lines.find((l) => l.includes('perpflow dry-run:')) ?? '';
}

describe('the dry run start banner names where prices come from', () => {
  it('says "simulated prices" for the seeded walk', async () => {
    expect(await banner(undefined)).toContain('embedded simulator (in process), simulated prices (seed 7)');
  }, 60_000);

  it('names the CSV, and never says "simulated prices", when prices are replayed from one', async () => {
    const line = await banner(`${CSV}:BTCUSDT`);
    expect(line).toContain(`prices replayed from ${CSV}:BTCUSDT`);
    expect(line).not.toContain('simulated prices');
  }, 60_000);
});
