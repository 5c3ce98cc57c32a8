import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { backtestDrift } from '../../src/report/drift/backtestDrift.ts';
import { ACCOUNT, runBoth, SYMBOL } from '../backtest/support/parityWorlds.ts';
import { perpflowOutput } from '../run/runHarness.ts';

const PARAMS = { fast: 5, slow: 20, quantity: 300, leverage: 2, mode: 'reverse' } as const;

/*
 * Issue #13's parity world: the dry-run kernel polls a simulator replaying the hourly bars, the
 * backtest walks the same bars; their fills before the last bar are identical, so the drift report
 * of the live journal against that backtest must pair every intent and show no drift.
 */
describe('the drift report of live against a backtest of the bars it saw', () => {
  let r: Awaited<ReturnType<typeof runBoth>>;
  let since: number;
  let until: number;
  beforeAll(async () => {
    r = await runBoth({ module: 'sma-cross', params: PARAMS });
    since = r.bars[0]?.openTime ?? 0;
    until = r.bars[r.bars.length - 1]?.openTime ?? 0;
  }, 60_000);

  it('pairs every intent of a live run that matched its backtest fill for fill, and shows no drift', () => {
    expect(r.liveFills).toEqual(r.backtestFills);
    const report = backtestDrift(r.live.journal, r.backtest, { strategies: ['s'], since, until });
    const filled = new Set(
      r.backtest.fills.flatMap((f) =>
        f.ts < until && f.clientRequestId !== null ? [f.clientRequestId] : [],
      ),
    );
    expect(filled.size).toBeGreaterThanOrEqual(4);
    expect(report).toEqual({
      since,
      until,
      strategies: [
        {
          strategyId: 's',
          since,
          matched: filled.size,
          liveMissed: [],
          shadowMissed: [],
          priceBps: { mean: '0.00', worst: '0.00' },
          latencyMs: { live: expect.any(Number), shadow: expect.any(Number) },
          pnl: { live: expect.any(String), shadow: expect.any(String), difference: '0' },
        },
      ],
    });
    const [s] = report.strategies;
    expect(s?.latencyMs?.live).toBe(s?.latencyMs?.shadow);
    expect(s?.pnl.live).toBe(s?.pnl.shadow);
  });

  it('is what `perpflow backtest --drift JOURNAL` prints for the same bars from a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-backtest-drift-'));
    const csv = join(dir, 'bars.csv');
    writeFileSync(
      csv,
      `timestamp,open,high,low,close,volume\n${r.bars
        .map(
          (b) => `${new Date(b.openTime).toISOString()},${b.open},${b.high},${b.low},${b.close},${b.volume}`,
        )
        .join('\n')}\n`,
    );
    const cfg = join(dir, 'bot.yaml');
    writeFileSync(
      cfg,
      `mode: backtest
risk:
  account: ${JSON.stringify(ACCOUNT)}
backtest: { cash: 100000, spread: 0.0004, slippage: 0 }
strategies:
  - { id: s, module: sma-cross, markets: [${SYMBOL}], interval: 1h, params: ${JSON.stringify(PARAMS)} }
`,
    );
    const out = await perpflowOutput([
      'backtest',
      cfg,
      '--data',
      `${SYMBOL}=${csv}`,
      '--to',
      new Date(until).toISOString(),
      '--drift',
      r.live.journal,
    ]);
    const report = backtestDrift(r.live.journal, r.backtest, { strategies: ['s'], since, until });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(
      `drift       live against the backtest since ${new Date(since).toISOString()} until ${new Date(until).toISOString()}\n  s: ${report.strategies[0]?.matched} matched · live missed 0 · backtest missed 0 · price vs model mean +0.00 bps, worst +0.00 bps`,
    );
  }, 60_000);
});
