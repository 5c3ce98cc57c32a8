import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { readBarsCsv } from '../../src/market/readBarsCsv.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { fastConfig, perpflow, tempDir } from '../run/runHarness.ts';

describe('perpflow data record', () => {
  it('writes whole bars of each market from the venue to CSV files that the bar reader reads back', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const out = join(dir, 'bars');
    const rec = perpflow([
      'data',
      'record',
      cfg,
      '--markets',
      'BTCUSDT,ETHUSDT',
      '--interval',
      '1s',
      '--bars',
      '3',
      '--out',
      out,
      '--json',
    ]);
    expect(await rec.exited).toBe(0);
    const result = JSON.parse(rec.lines.find((l) => l.startsWith('{"files"')) as string) as {
      files: string[];
      bars: number;
    };
    expect(result.files).toEqual([join(out, 'BTCUSDT-1s.csv'), join(out, 'ETHUSDT-1s.csv')]);
    for (const [i, symbol] of ['BTCUSDT', 'ETHUSDT'].entries()) {
      const bars = readBarsCsv(result.files[i] as string, { symbol });
      expect(bars.length).toBeGreaterThanOrEqual(3);
      // Whole seconds, one after another, no gap.
      expect(
        bars.every(
          (b, k) =>
            b.openTime % 1000 === 0 && (k === 0 || b.openTime - (bars[k - 1]?.openTime ?? 0) === 1000),
        ),
      ).toBe(true);
    }
  }, 60_000);

  it("leaves a dry run's paper account and journal alone: it neither loads, advances nor saves them", async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    // The paper account a stopped dry run left (the config's seed-7 simulator, its account set up).
    const sim = createSimulator({ clock: new VirtualClock(), seed: 7 });
    await bootstrapAccount(sim.fetch, { keyName: 'perpflow-run' });
    const paper = join(dir, 'journal.dry-run.paper.json');
    writeFileSync(paper, JSON.stringify(sim.engine.snapshot()));
    sim.stop();
    const before = { text: readFileSync(paper, 'utf8'), inode: statSync(paper).ino };
    const rec = perpflow([
      'data',
      'record',
      cfg,
      '--markets',
      'BTCUSDT',
      '--interval',
      '1s',
      '--bars',
      '2',
      '--out',
      join(dir, 'bars'),
    ]);
    expect(await rec.exited).toBe(0);
    expect({ text: readFileSync(paper, 'utf8'), inode: statSync(paper).ino }).toEqual(before);
    expect(existsSync(join(dir, 'journal.dry-run.sqlite'))).toBe(false);
    expect(rec.lines.join('\n')).not.toContain('paper account');
  }, 60_000);

  it('refuses a market list that is not symbols, with exit 2', async () => {
    const rec = perpflow(['data', 'record', 'config/default.yaml', '--markets', 'btc-usd']);
    expect(await rec.exited).toBe(2);
    expect(rec.lines.join('\n')).toContain('--markets: not market symbols: btc-usd (like BTCUSDT)');
  }, 30_000);
});
