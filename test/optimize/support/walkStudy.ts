import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeRandomWalkCsv } from '../../bench/support/randomWalkCsv.ts';

/**
 * A seeded random walk of `bars` one-minute bars in `dir` and a config that tunes sma-cross on it
 * (fast, slow on a log scale, mode; fast < slow): the study the queue test and bench run.
 */
export function writeWalkStudy(dir: string, bars: number): { readonly csv: string; readonly config: string } {
  const csv = join(dir, 'WALK-1m.csv');
  const config = join(dir, 'walk.yaml');
  writeRandomWalkCsv(csv, bars);
  writeFileSync(
    config,
    `mode: backtest
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 1000000, maxTotalNotional: 2000000, maxLeverage: 1, maxIntentsPerMinute: 1000, dailyLossLimit: 1000000, maxDrawdownPct: 99 }
strategies:
  - id: sma-cross
    module: sma-cross
    markets: [WALK]
    params: { fast: 10, slow: 30, quantity: 10, leverage: 1, mode: reverse }
    optimize: { fast: [2, 30], slow: [10, 120, log], mode: [long, reverse], constraints: ['fast < slow'] }
backtest: { cash: 10000000, fees: { open: 0, close: 0 }, spread: 0, slippage: 0, fundingRate: 0, closeAtEnd: lastClose }
`,
  );
  return { csv, config };
}
