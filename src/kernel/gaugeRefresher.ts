import { setRiskState } from '../report/metrics/createMetrics.ts';
import type { Kernel } from './Kernel.ts';

/**
 * The gauges that describe the book rather than count events — PnL, exposure, requests in flight,
 * trading state, price staleness — set from the kernel's state; polls counted since the last call.
 */
export function gaugeRefresher(k: Kernel): () => void {
  let polls = 0;
  return () => {
    const m = k.metrics;
    const ex = k.executor;
    const pnl = ex.ledger.summary();
    m.pnl.set({ kind: 'realised' }, pnl.realised.toNumber());
    m.pnl.set({ kind: 'unrealised' }, pnl.unrealised.toNumber());
    m.pnl.set({ kind: 'fees' }, pnl.fees.toNumber());
    m.pnl.set({ kind: 'funding' }, pnl.funding.toNumber());
    m.exposure.reset();
    for (const l of ex.ledger.openLots()) {
      const mark = ex.ledger.markPrice(l.symbol) ?? l.avgOpenPrice;
      m.exposure.inc({ market: l.symbol, side: l.side }, l.openQuantity.times(mark).toNumber());
    }
    m.inFlight.set(ex.journal.nonTerminalCount());
    setRiskState(m, ex.gate.state);
    for (const market of k.markets) m.priceStale.set({ market }, k.feed.isStale(market) ? 1 : 0);
    m.priceReads.inc({ outcome: 'ok' }, k.feed.polls - polls);
    polls = k.feed.polls;
  };
}
