import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { merge, type Subscription } from 'rxjs';
import type { Clock } from '../clock/Clock.ts';
import type { PerpflowConfig } from '../config/schema.ts';
import { MarketSymbol } from '../domain/ids.ts';
import type { Logger } from '../log/Logger.ts';
import { describeError } from '../log/redact.ts';
import { BAR_CSV_HEADER, barCsvLine } from '../market/barCsv.ts';
import { barsFromTicks } from '../market/barsFromTicks.ts';
import { MarkPriceFeed } from '../market/MarkPriceFeed.ts';
import { parseInterval } from '../market/parseInterval.ts';
import { dryRunEdges } from './edges/dryRunEdges.ts';
import { edgesFor } from './edges/edgesFor.ts';
import { liveEdges } from './edges/liveEdges.ts';
import type { VenueEdges } from './edges/VenueEdges.ts';

export interface RecordBarsOptions {
  readonly config: PerpflowConfig;
  readonly markets: readonly string[];
  readonly interval: string;
  readonly outDir: string;
  /** Stop once every market has this many bars; default: until `stop` is called. */
  readonly bars?: number;
  readonly clock: Clock;
  readonly log: Logger;
}

/**
 * Where the prices come from, and nothing more: a dry run's paper account is neither loaded,
 * advanced nor saved (its TP/SL must not fire while no bot runs), and no journal is opened.
 */
async function priceEdges(o: RecordBarsOptions): Promise<VenueEdges> {
  switch (o.config.mode) {
    case 'live':
      return liveEdges(o.config, { clock: o.clock });
    case 'dry-run':
      return dryRunEdges(o.config, { clock: o.clock, log: o.log, paperAccount: false });
    default:
      return edgesFor(o.config, o);
  }
}

export interface Recording {
  readonly files: readonly string[];
  /** Resolves when the recording ends (its bar count reached, or stopped). */
  readonly done: Promise<number>;
  stop(): void;
}

/**
 * `perpflow data record`: the venue's mark prices, polled as a running bot polls them, closed
 * into bars of `interval` and appended to one CSV per market (`<SYMBOL>-<interval>.csv`, the
 * format `perpflow backtest --data` reads). Recording only reads: a live config needs no
 * trading permission for it.
 */
export async function recordBars(o: RecordBarsOptions): Promise<Recording> {
  const intervalMs = parseInterval(o.interval);
  const edges = await priceEdges(o);
  const feed = new MarkPriceFeed({
    venue: edges.prices,
    clock: o.clock,
    intervalMs: Math.min(o.config.market.pollIntervalMs, intervalMs),
    onError: (e) => o.log.warn(`price poll failed: ${describeError(e)}`),
  });
  mkdirSync(o.outDir, { recursive: true });
  const files = o.markets.map((m) => join(o.outDir, `${m}-${o.interval}.csv`));
  for (const f of files) if (!existsSync(f)) appendFileSync(f, `${BAR_CSV_HEADER}\n`);
  const counts = new Map<string, number>();
  const startedAt = o.clock.now();
  let sub: Subscription | undefined;
  let finish: (n: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });
  const total = (): number => [...counts.values()].reduce((a, b) => a + b, 0);
  const stop = (): void => {
    sub?.unsubscribe();
    void edges.close().finally(() => finish(total()));
  };
  sub = merge(
    ...o.markets.map((m) =>
      barsFromTicks(feed.ticks(MarketSymbol(m)), {
        symbol: MarketSymbol(m),
        intervalMs,
        scheduler: o.clock.scheduler,
      }),
    ),
  ).subscribe((bar) => {
    // The bar already forming when the recording began lacks its start: it would lie about its open.
    if (bar.openTime < startedAt) return;
    const file = files[o.markets.indexOf(bar.symbol)];
    if (file === undefined) return; // a bar of a market not recorded
    appendFileSync(file, `${barCsvLine(bar)}\n`);
    counts.set(bar.symbol, (counts.get(bar.symbol) ?? 0) + 1);
    o.log.info(`${bar.symbol} ${new Date(bar.openTime).toISOString()} close ${bar.close}`);
    const wanted = o.bars;
    if (wanted !== undefined && o.markets.every((m) => (counts.get(m) ?? 0) >= wanted)) stop();
  });
  return { files, done, stop };
}
