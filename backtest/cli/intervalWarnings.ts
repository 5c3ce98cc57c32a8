import { intervalText, parseInterval } from '../../src/market/parseInterval.ts';
import type { BacktestOutcome } from '../backtestFromFiles.ts';

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
          `${s.id} is set to ${s.interval} bars but the ${market} data has ${intervalText(have)} bars: it runs on ${intervalText(have)} bars`,
        );
    }
  }
  return warnings;
}
