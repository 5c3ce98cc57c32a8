/**
 * The floor of vsBacktestingPy.bench.ts: the same backtest as a person would write it by hand, in
 * one plain loop, with nothing a framework keeps (no orders, no journal, no equity curve, no
 * output but two numbers). It reads the CSV (time,open,high,low,close,volume) into typed columns,
 * every cell parsed as perpflow parses it; runs SMA 10/30 stop-and-reverse, 10 units, zero costs,
 * filled at the next bar's open, the last trade closed at the last bar's open; and prints
 * `{"bars","trades","finalEquity"}`. No framework's whole process can be faster than this, so it
 * says what "10× backtesting.py" asks of one.
 * Usage: node plainBacktest.ts FILE
 */
import { readFileSync } from 'node:fs';

const FAST = 10;
const SLOW = 30;
const SIZE = 10;
const CASH = 10_000_000;

const file = process.argv[2];
if (file === undefined) throw new Error('usage: plainBacktest.ts FILE');
const text = readFileSync(file, 'latin1');
// Each row holds at least its 24-character time and a newline.
const rows = Math.ceil(text.length / 25);
const time = new Float64Array(rows);
const open = new Float64Array(rows);
const high = new Float64Array(rows);
const low = new Float64Array(rows);
const close = new Float64Array(rows);
let n = 0;
let at = text.indexOf('\n') + 1;
/** The next cell from `at` up to `stop` (a comma or a line's end), read as a number. */
const cell = (stop: string): number => {
  const end = text.indexOf(stop, at);
  const v = Number(text.slice(at, end));
  at = end + 1;
  return v;
};
while (at < text.length) {
  const end = text.indexOf(',', at);
  time[n] = Date.parse(text.slice(at, end));
  at = end + 1;
  open[n] = cell(',');
  high[n] = cell(',');
  low[n] = cell(',');
  close[n] = cell(',');
  const eol = text.indexOf('\n', at);
  at = eol < 0 ? text.length : eol + 1;
  n++;
}

/**
 * The mean of the `n` closes up to bar `i` from a running sum, re-summed left to right every `n`
 * bars as the strategies' Sma does (src/strategy/indicators/Sma.ts): an exact tie of the two
 * means then falls the same way in every tool the bench compares.
 */
const running = (n: number) => {
  let sum = 0;
  return (i: number): number => {
    sum += (close[i] as number) - (i >= n ? (close[i - n] as number) : 0);
    if (i % n === n - 1) {
      sum = 0;
      for (let k = i - n + 1; k <= i; k++) sum += close[k] as number;
    }
    return sum / n;
  };
};
const fastMean = running(FAST);
const slowMean = running(SLOW);
let prev = Number.NaN;
let position = 0;
let entry = 0;
let equity = CASH;
let trades = 0;
for (let i = 0; i < n - 1; i++) {
  const fast = fastMean(i);
  const slow = slowMean(i);
  if (i < SLOW - 1) continue;
  const diff = fast - slow;
  const up = prev < 0 && diff > 0;
  const down = prev > 0 && diff < 0;
  prev = diff;
  // An exact tie between two crosses to one side (possible on 4-decimal data) changes nothing held.
  if ((!up && !down) || (up ? position > 0 : position < 0)) continue;
  const price = open[i + 1] as number;
  if (position !== 0) {
    equity += position * (price - entry);
    trades++;
  }
  position = up ? SIZE : -SIZE;
  entry = price;
}
if (position !== 0) {
  equity += position * ((open[n - 1] as number) - entry);
  trades++;
}
process.stdout.write(`${JSON.stringify({ bars: n, trades, finalEquity: equity })}\n`);
