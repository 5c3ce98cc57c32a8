import { closeSync, openSync, writeSync } from 'node:fs';
import type { BacktestOutcome } from '../backtestFromFiles.ts';
import type { TradeRecord } from '../metrics/TradeRecord.ts';

const iso = (ms: number): string => new Date(ms).toISOString();
/** Points and trades per write: big enough for few syscalls, small enough to stay a few MB. */
const CHUNK = 4_096;

const tradeJson = (t: TradeRecord) => ({
  strategy: t.strategy,
  market: t.market,
  side: t.side,
  quantity: t.quantity,
  entryTime: iso(t.entryTime),
  exitTime: iso(t.exitTime),
  entryPrice: t.entryPrice,
  exitPrice: t.exitPrice,
  pnl: t.pnl,
  fees: t.fees,
  funding: t.funding,
});

/**
 * Writes the `--json FILE` document: metrics (overall, per strategy, per market), final equity,
 * the equity curve and every trade with ISO 8601 UTC times. Money is a plain number here: it is
 * a report, not a ledger. The curve (one point per bar: millions) and the trades are written in
 * chunks, one per line, rather than built as one object tree and one string: on a 1M-bar run
 * that tree and its pretty-printed text were most of the process's peak memory.
 */
export function writeBacktestJson(file: string, o: BacktestOutcome): void {
  const r = o.result;
  const head = {
    strategies: o.strategies,
    settings: o.settings,
    intervalMs: r.intervalMs,
    initialCash: r.initialCash,
    finalEquity: r.finalEquity,
    metrics: o.metrics,
  };
  const fd = openSync(file, 'w');
  try {
    const headText = JSON.stringify(head, null, 2);
    writeSync(fd, `${headText.slice(0, -2)},\n  "equity": [`);
    const { time, equity } = r.equity;
    for (let from = 0; from < time.length; from += CHUNK) {
      const lines: string[] = [];
      const to = Math.min(time.length, from + CHUNK);
      for (let i = from; i < to; i++)
        lines.push(JSON.stringify({ time: iso(time[i] as number), equity: equity[i] as number }));
      writeSync(fd, `${from === 0 ? '' : ','}\n    ${lines.join(',\n    ')}`);
    }
    writeSync(fd, '\n  ],\n  "trades": [');
    for (let from = 0; from < r.trades.length; from += CHUNK) {
      const chunk = r.trades.slice(from, from + CHUNK).map((t) => JSON.stringify(tradeJson(t)));
      writeSync(fd, `${from === 0 ? '' : ','}\n    ${chunk.join(',\n    ')}`);
    }
    const tail = JSON.stringify({ denials: r.denials, strategyEvents: r.strategyEvents }, null, 2);
    writeSync(fd, `\n  ],\n  ${tail.slice(4, -2)}\n}\n`);
  } finally {
    closeSync(fd);
  }
}
