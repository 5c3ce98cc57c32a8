import { writeFileSync } from 'node:fs';

export const WALK_T0 = Date.UTC(2020, 0, 1);
const MINUTE = 60_000;

/**
 * How the walk's prices are written: `4` rounds each to 4 decimals (the walk as the benches first
 * wrote it); `float` writes the float itself with the shortest digits that read back to it, as
 * pandas' `to_csv` of a float random walk writes them (Python's float repr and JS's
 * Number#toString both give the shortest round-trip digits): 15–17 significant digits, what users'
 * exported data looks like.
 */
export type WalkDigits = 4 | 'float';

/**
 * A seeded random walk (xorshift32) as 1-minute OHLC rows, ISO times with milliseconds; high and
 * low a little outside open and close. The same seed always writes the same bytes, so runs and
 * tools compare on identical data. With `float` digits the walk is the same but unrounded.
 */
export function writeRandomWalkCsv(file: string, rows: number, digits: WalkDigits = 4): void {
  const text = digits === 4 ? (p: number) => p.toFixed(4) : (p: number) => String(p);
  let x = 0x2545f491;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
  const out: string[] = ['time,open,high,low,close,volume'];
  let price = 100;
  for (let i = 0; i < rows; i++) {
    const open = price;
    const close = open * (1 + (rnd() - 0.5) * 0.004);
    const high = Math.max(open, close) * (1 + rnd() * 0.001);
    const low = Math.min(open, close) * (1 - rnd() * 0.001);
    out.push(
      `${new Date(WALK_T0 + i * MINUTE).toISOString()},${text(open)},${text(high)},${text(low)},${text(close)},0`,
    );
    price = close;
  }
  writeFileSync(file, `${out.join('\n')}\n`);
}

/**
 * A series on which SMA 10/30 never crosses: every close 1e-7 above its open, so the fast
 * average stays above the slow one from the first bar both exist. Its prices are written as
 * pandas writes floats (15–17 significant digits), like the `float` walk. Neither tool trades on
 * it: what a backtest costs without any trade (reading, the bar loop, the output).
 */
export function writeTrendCsv(file: string, rows: number): void {
  const out: string[] = ['time,open,high,low,close,volume'];
  let price = 100;
  for (let i = 0; i < rows; i++) {
    const close = price * 1.0000001;
    out.push(
      `${new Date(WALK_T0 + i * MINUTE).toISOString()},${price},${close * 1.00001},${price * 0.99999},${close},0`,
    );
    price = close;
  }
  writeFileSync(file, `${out.join('\n')}\n`);
}

/**
 * sma-cross 10/30 stop-and-reverse on WALK, 10 units, zero costs: backtesting.py's SmaCross
 * rules. `lastOpen` closes the trade still open at the end as backtesting.py's finalize does.
 */
export const smaReverseConfig = (closeAtEnd: 'lastOpen' | 'lastClose'): string => `mode: backtest
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 1000000, maxTotalNotional: 2000000, maxLeverage: 1, maxIntentsPerMinute: 1000, dailyLossLimit: 1000000, maxDrawdownPct: 99 }
strategies:
  - id: sma-cross
    module: sma-cross
    markets: [WALK]
    params: { fast: 10, slow: 30, quantity: 10, leverage: 1, mode: reverse }
backtest: { cash: 10000000, fees: { open: 0, close: 0 }, spread: 0, slippage: 0, fundingRate: 0, closeAtEnd: ${closeAtEnd} }
`;
