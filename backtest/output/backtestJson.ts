import type { BacktestOutcome } from '../backtestFromFiles.ts';
import { ByteFile } from './ByteFile.ts';
import { writeEquityItems } from './equityJson.ts';
import { outcomeMetrics } from './outcomeMetrics.ts';
import { writeTradeItems } from './tradesJson.ts';

/**
 * Writes the `--json FILE` document: metrics (overall, per strategy, per market), final equity,
 * the equity curve and every trade with ISO 8601 UTC times. Money is a plain number here: it is
 * a report, not a ledger. The curve (one point per bar: millions) and the trades go one per line
 * straight into a reused buffer (`ByteFile`), the text JSON.stringify would give, rather than
 * built as one object tree and one string: on a 1M-bar run that tree and its pretty-printed text
 * were most of the process's peak memory, and strings per point most of this writer's time.
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
  const out = new ByteFile(file);
  try {
    out.text(`{\n${fields(head).join(',\n')},\n`);
    out.text('  "equity": [');
    writeEquityItems(out, r.equity);
    out.text('\n  ],\n  "trades": [');
    writeTradeItems(out, r.trades);
    out.text('\n  ],\n');
    out.text(`${fields(tail).join(',\n')}\n}\n`);
  } finally {
    out.close();
  }
}
