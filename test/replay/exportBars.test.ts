import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perpflowOutput } from '../run/runHarness.ts';
import { NTH, RecordedSession } from './support/recordedSession.ts';

describe('perpflow record export RECORDING --bars', () => {
  it('writes the recorded bars as CSV that `perpflow backtest` trades on', async () => {
    const s = new RecordedSession({}, 2);
    const t0 = s.clock.now();
    await s.run(t0 + 3 * 60_000);
    const out = join(s.dir, 'bars');
    const exported = await perpflowOutput([
      'record',
      'export',
      s.recording,
      '--bars',
      '--interval',
      '10s',
      '--out',
      out,
      '--json',
    ]);
    expect(exported.code).toBe(0);
    const { files } = JSON.parse(exported.stdout) as { files: { file: string; bars: number }[] };
    const btc = files.find((f) => f.file.endsWith('BTCUSDT-10s.csv'));
    // Three minutes of 10 s bars from the first poll at 09:00:00; the last one is still forming.
    expect(btc?.bars).toBe(18);
    const rows = readFileSync(join(out, 'BTCUSDT-10s.csv'), 'utf8').trim().split('\n');
    expect(rows[1]?.startsWith('2026-03-02T09:00:00.000Z,95000,')).toBe(true);

    const config = join(s.dir, 'backtest.yaml');
    writeFileSync(
      config,
      `mode: backtest
risk:
  account: { maxOpenPositions: 5, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 5000, maxDrawdownPct: 50 }
strategies:
  - { id: nth, module: ${NTH}, markets: [BTCUSDT], params: { every: 2, quantity: 0.002 } }
`,
    );
    const json = join(s.dir, 'backtest.json');
    const bt = await perpflowOutput([
      'backtest',
      config,
      '--data',
      `BTCUSDT=${join(out, 'BTCUSDT-10s.csv')}`,
      '--json',
      json,
    ]);
    expect(bt.stderr).toBe('');
    expect(bt.code).toBe(0);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as { trades: unknown[] };
    // An open every second bar and its close two bars later: 18 bars hold four round trips.
    expect(doc.trades.length).toBe(4);
  });
});
