import { DatabaseSync } from 'node:sqlite';
import { Decimal } from '../../src/domain/money.ts';

/**
 * The drift report's figures computed straight from the two SQLite files, by other means than
 * src/report/drift: SQL rows, a position's realised PnL as (close − open) × quantity of the open
 * fill with the same quote id.
 */
interface Row {
  readonly intent: string;
  readonly created: number;
  readonly ts: number;
  readonly buying: boolean;
  readonly qty: Decimal;
  readonly price: Decimal;
}

function fillsByIntent(file: string, strategy: string, since: number): Map<string, Row[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  const rows = db
    .prepare(
      `SELECT r.intent_id, r.created_at, f.ts, f.side, f.effect, f.quantity, f.price FROM fills f
       JOIN requests r ON r.client_request_id = f.client_request_id
       WHERE r.strategy_id = ? AND r.created_at >= ?`,
    )
    .all(strategy, since);
  db.close();
  const out = new Map<string, Row[]>();
  for (const r of rows) {
    const row: Row = {
      intent: String(r.intent_id),
      created: Number(r.created_at),
      ts: Number(r.ts),
      buying: (r.effect === 'open') === (r.side === 'LONG'),
      qty: new Decimal(String(r.quantity)),
      price: new Decimal(String(r.price)),
    };
    out.set(row.intent, [...(out.get(row.intent) ?? []), row]);
  }
  return out;
}

function netPnlOf(file: string, strategy: string): Decimal {
  const db = new DatabaseSync(file, { readOnly: true });
  const fills = db.prepare('SELECT * FROM fills WHERE strategy_id = ?').all(strategy);
  db.close();
  let net = new Decimal(0);
  for (const f of fills) {
    net = net.minus(String(f.fee));
    if (f.effect !== 'close') continue;
    const open = fills.find((o) => o.effect === 'open' && o.quote_id === f.quote_id);
    if (open === undefined) throw new Error(`close ${String(f.fill_id)} has no open`);
    const move = new Decimal(String(f.price)).minus(String(open.price)).times(String(f.quantity));
    net = net.plus(f.side === 'LONG' ? move : move.negated());
  }
  return net;
}

const avg = (rows: readonly Row[]): Decimal =>
  rows
    .reduce((a, r) => a.plus(r.qty.times(r.price)), new Decimal(0))
    .dividedBy(rows.reduce((a, r) => a.plus(r.qty), new Decimal(0)));

export function driftFromJournals(liveFile: string, shadowFile: string, strategy: string, since: number) {
  const live = fillsByIntent(liveFile, strategy, since);
  const shadow = fillsByIntent(shadowFile, strategy, since);
  const matched = [...live.keys()].filter((k) => shadow.has(k));
  const bps = matched.map((k) => {
    const l = live.get(k) ?? [];
    const s = shadow.get(k) ?? [];
    const diff = avg(l).minus(avg(s)).dividedBy(avg(s)).times(10_000);
    return l[0]?.buying === true ? diff : diff.negated();
  });
  const latency = (rows: readonly Row[]) =>
    Math.max(...rows.map((r) => r.ts)) - Math.min(...rows.map((r) => r.created));
  const meanOf = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const livePnl = netPnlOf(liveFile, strategy);
  const shadowPnl = netPnlOf(shadowFile, strategy);
  return {
    matched: matched.length,
    liveMissed: [...shadow.keys()].filter((k) => !live.has(k)).sort(),
    shadowMissed: [...live.keys()].filter((k) => !shadow.has(k)).sort(),
    meanBps: Decimal.sum(...bps)
      .dividedBy(bps.length)
      .toFixed(2),
    worstBps: Decimal.max(...bps).toFixed(2),
    liveLatency: meanOf(matched.map((k) => latency(live.get(k) ?? []))),
    shadowLatency: meanOf(matched.map((k) => latency(shadow.get(k) ?? []))),
    livePnl,
    shadowPnl,
  };
}
