import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { readRecording, type Segment } from '../kernel/record/readRecording.ts';
import { BarAggregator } from '../market/BarAggregator.ts';
import { BAR_CSV_HEADER, barCsvLine } from '../market/barCsv.ts';
import { intervalText } from '../market/parseInterval.ts';

/**
 * The bars of every market a recording polled, rebuilt from its price polls by the rules the
 * running bot built them by (BarAggregator: a bar per interval of tick time, a late tick dropped,
 * an interval without ticks absent), complete bars only: the forming one at the end is left out.
 */
export function recordedBars(recording: string | readonly Segment[], intervalMs: number): Map<string, Bar[]> {
  const aggs = new Map<string, BarAggregator>();
  const out = new Map<string, Bar[]>();
  for (const seg of typeof recording === 'string' ? readRecording(recording) : recording)
    for (const l of seg.lines) {
      if (l.k !== 'p' || l.r === undefined) continue;
      for (const [symbol, mark, ts] of l.r) {
        let agg = aggs.get(symbol);
        if (agg === undefined) {
          agg = new BarAggregator(MarketSymbol(symbol), intervalMs);
          aggs.set(symbol, agg);
          out.set(symbol, []);
        }
        const bar = agg.push({ symbol: MarketSymbol(symbol), mark, ts });
        if (bar !== undefined) out.get(symbol)?.push(bar);
      }
    }
  return out;
}

/**
 * `perpflow record export RECORDING --bars`: one CSV per market, `<out>/<SYMBOL>-<interval>.csv`,
 * in the format `perpflow backtest --data SYMBOL=FILE` reads. Returns the files and their bar counts.
 */
export function exportBars(
  recording: string | { readonly name: string; readonly segments: readonly Segment[] },
  intervalMs: number,
  outDir: string,
): { file: string; bars: number }[] {
  const name = typeof recording === 'string' ? recording : recording.name;
  const bars = recordedBars(typeof recording === 'string' ? recording : recording.segments, intervalMs);
  if (bars.size === 0) throw new ConfigError(`${name}: the recording holds no price polls`);
  mkdirSync(outDir, { recursive: true });
  const files: { file: string; bars: number }[] = [];
  for (const [symbol, list] of bars) {
    const file = join(outDir, `${symbol}-${intervalText(intervalMs)}.csv`);
    writeFileSync(file, `${[BAR_CSV_HEADER, ...list.map(barCsvLine)].join('\n')}\n`);
    files.push({ file, bars: list.length });
  }
  return files;
}
