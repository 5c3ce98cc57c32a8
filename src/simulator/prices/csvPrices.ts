import type { Clock } from '../../clock/Clock.ts';
import type { Bar } from '../../domain/bar.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { parseBarsCsvText } from '../../market/parseBarsCsvText.ts';
import { readBarsCsv } from '../../market/readBarsCsv.ts';
import type { PriceSink, PriceSource } from './PriceSource.ts';
import { pace } from './pace.ts';

interface Row {
  readonly ts: number;
  readonly symbol: string;
  readonly close: number;
}

const toRow = (b: Bar): Row => ({ ts: b.openTime, symbol: b.symbol, close: b.close });

/**
 * Parses bars in any format `readBarsCsv` reads (src/market); kept for callers that want the
 * closes only. Every error names file:line:column.
 */
export function parseBarsCsv(text: string, file: string, o: { symbol?: string } = {}): readonly Row[] {
  return parseBarsCsvText(text, file, o).map(toRow);
}

export interface CsvPricesOptions {
  /** Clock time between replayed bar timestamps; default 1 s. */
  readonly intervalMs?: number;
  /** Names a file's bars (or selects them from a file with a symbol column). */
  readonly symbol?: string;
  /** The simulator's markets: every replayed symbol must be one of them. */
  readonly markets?: readonly string[];
}

/** Refuses symbols the venue does not list, saying which exist and how to rename the file's bars. */
function checkMarkets(file: string, symbols: readonly string[], o: CsvPricesOptions): void {
  const markets = o.markets;
  const unknown = markets ? symbols.filter((s) => !markets.includes(s)) : [];
  if (!markets || unknown.length === 0) return;
  const how =
    o.symbol !== undefined
      ? 'put one of them after the colon'
      : `to replay these bars as one of them, append it: ${file}:${markets[0]}`;
  throw new ConfigError([
    {
      location: { file },
      path: '',
      message: `${unknown.join(', ')} ${unknown.length > 1 ? 'are not markets' : 'is not a market'} of the simulator (markets: ${markets.join(', ')}); ${how}`,
    },
  ]);
}

/**
 * Replays bar closes as marks: one bar timestamp per `intervalMs` of the clock, in time order;
 * when the file ends the last prices stay. Bar timestamps order the replay, the clock paces it.
 */
export function csvPrices(file: string, o: CsvPricesOptions = {}): PriceSource {
  const rows = readBarsCsv(file, o.symbol === undefined ? {} : { symbol: o.symbol }).map(toRow);
  const intervalMs = o.intervalMs ?? 1_000;
  const first = new Map<string, number>();
  for (const r of rows) if (!first.has(r.symbol)) first.set(r.symbol, r.close);
  checkMarkets(file, [...first.keys()], o);
  return {
    kind: 'csv',
    initial: (symbol) => first.get(symbol),
    start(clock: Clock, sink: PriceSink) {
      let i = 0;
      return pace(clock, intervalMs, () => {
        const ts = rows[i]?.ts;
        for (let r = rows[i]; r !== undefined && r.ts === ts; r = rows[++i])
          sink(r.symbol, r.close, clock.now(), r.close);
        return i < rows.length;
      });
    },
  };
}
