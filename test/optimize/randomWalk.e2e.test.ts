import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perpflow } from './support/optimizeCli.ts';

const dir = mkdtempSync(join(tmpdir(), 'perpflow-optimize-walk-'));
const HOUR = 3_600_000;

/** A seeded random walk of hourly bars: no rule has an edge on it, whatever the past suggests. */
function writeWalk(file: string, rows: number): void {
  let x = 0x9e3779b9;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
  const out = ['time,open,high,low,close,volume'];
  let price = 100;
  for (let i = 0; i < rows; i++) {
    const open = price;
    const close = open * (1 + (rnd() - 0.5) * 0.02);
    const high = Math.max(open, close) * (1 + rnd() * 0.002);
    const low = Math.min(open, close) * (1 - rnd() * 0.002);
    out.push(`${new Date(Date.UTC(2020, 0, 1) + i * HOUR).toISOString()},${open},${high},${low},${close},0`);
    price = close;
  }
  writeFileSync(file, `${out.join('\n')}\n`);
}

describe('perpflow optimize on a random walk', () => {
  it('finds an in-sample optimum that fails out of sample, and says so loudly', async () => {
    const data = join(dir, 'walk.csv');
    const config = join(dir, 'walk.yaml');
    writeWalk(data, 3_000);
    writeFileSync(
      config,
      `mode: backtest
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 1000000, maxTotalNotional: 2000000, maxLeverage: 1, maxIntentsPerMinute: 1000, dailyLossLimit: 1000000, maxDrawdownPct: 99 }
strategies:
  - id: sma-cross
    module: sma-cross
    markets: [WALK]
    params: { fast: 10, slow: 30, quantity: 10, mode: reverse }
    optimize:
      fast: [2, 40]
      slow: [5, 200, log]
      mode: [long, short, reverse]
      constraints: ['fast < slow']
backtest: { cash: 100000, fees: { open: 0, close: 0 }, spread: 0, slippage: 0, fundingRate: 0 }
`,
    );
    const r = await perpflow([config, '--data', `WALK=${data}`, '--trials', '30', '--train', '70%']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/in sample 2020-01-01→2020-03-28\s+out of sample 2020-03-28→2020-05-04/);
    expect(r.stderr).toMatch(
      /^WARNING: out of sample sharpe -?[\d.]+ \(in sample [\d.]+\) is (negative|below 50% of in sample): the in-sample optimum is likely a fluke/m,
    );
    expect(r.stdout).toContain('WARNING: out of sample sharpe');
    // Each warning once on stderr (it was written twice: by the table's writer and by the command).
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('WARNING: '));
    expect(lines).toEqual([...new Set(lines)]);
  }, 60_000);
});
