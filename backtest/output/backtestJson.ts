import { closeSync, openSync, writeSync } from 'node:fs';
import { itemAt } from '../../src/domain/itemAt.ts';
import type { BacktestOutcome } from '../backtestFromFiles.ts';
import type { TradeRecord } from '../metrics/TradeRecord.ts';
import { isoTimes } from './isoTimes.ts';
import { outcomeMetrics } from './outcomeMetrics.ts';

const iso = (ms: number): string => new Date(ms).toISOString();
/** What JSON.stringify writes for a number. */
const jsonNumber = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');
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
    metrics: outcomeMetrics(o),
  };
  const tail = { warnings: r.warnings, denials: r.denials, strategyEvents: r.strategyEvents };
  /** `"key": value` at the document's first level, pretty-printed like the rest. */
  const fields = (obj: Record<string, unknown>) =>
    Object.entries(obj)
      // JSON.stringify leaves an undefined field out; so does this.
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replaceAll('\n', '\n  ')}`);
  /** `"key": [` then the items (JSON text) `CHUNK` per write, one per line. */
  const list = (fd: number, key: string, length: number, item: (i: number) => string) => {
    writeSync(fd, `  ${JSON.stringify(key)}: [`);
    for (let from = 0; from < length; from += CHUNK) {
      const lines: string[] = [];
      for (let i = from; i < Math.min(length, from + CHUNK); i++) lines.push(item(i));
      writeSync(fd, `${from === 0 ? '' : ','}\n    ${lines.join(',\n    ')}`);
    }
    writeSync(fd, '\n  ],\n');
  };
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `{\n${fields(head).join(',\n')},\n`);
    const { time, equity } = r.equity;
    // A point per bar: the text JSON.stringify({ time, equity }) gives, without the object.
    const pointTime = isoTimes();
    list(
      fd,
      'equity',
      time.length,
      (i) => `{"time":"${pointTime(time[i] ?? Number.NaN)}","equity":${jsonNumber(equity[i] ?? Number.NaN)}}`,
    );
    list(fd, 'trades', r.trades.length, (i) => JSON.stringify(tradeJson(itemAt(r.trades, i))));
    writeSync(fd, `${fields(tail).join(',\n')}\n}\n`);
  } finally {
    closeSync(fd);
  }
}
