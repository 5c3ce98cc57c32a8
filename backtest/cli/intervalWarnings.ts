import { parseInterval } from '../../src/market/parseInterval.ts';
import type { BacktestOutcome } from '../backtestFromFiles.ts';

function text(ms: number): string {
  for (const [unit, size] of [
    ['w', 604_800_000],
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
  ] as const)
    if (ms % size === 0) return `${ms / size}${unit}`;
  return `${ms / 1000}s`;
}

/**
 * A config entry that sets one bar interval (`interval:`), backtested on data of another: the backtest walks the
 * data's bars, so a strategy written for `3s` bars meets `1h` ones and its lookbacks and
 * schedules mean something else. Said, not refused: a user may mean it.
 */
export function intervalWarnings(outcome: Pick<BacktestOutcome, 'feeds' | 'strategies'>): string[] {
  const data = new Map(outcome.feeds.map((f) => [String(f.symbol), f.intervalMs]));
  const warnings: string[] = [];
  for (const s of outcome.strategies) {
    if (s.interval === undefined) continue;
    let wanted: number;
    try {
      wanted = parseInterval(s.interval);
    } catch {
      continue;
    }
    for (const market of s.markets) {
      const have = data.get(market);
      if (have !== undefined && have !== wanted)
        warnings.push(
          `${s.id} is set to ${s.interval} bars but the ${market} data has ${text(have)} bars: it runs on ${text(have)} bars`,
        );
    }
  }
  return warnings;
}
