import { ClientRequestId } from '../domain/ids.ts';
import type { DashboardSnapshot } from '../report/terminal/DashboardSnapshot.ts';
import type { Kernel } from './Kernel.ts';
import { shownMode } from './shownMode.ts';

/** What the terminal view shows, read off the running kernel once per redraw. */
export function dashboardSnapshot(k: Kernel, venue: string): DashboardSnapshot {
  const ex = k.executor;
  const now = ex.clock.now();
  const pnl = ex.ledger.summary();
  const caps = (['open', 'close', 'cancel', 'read'] as const).filter(
    (c) => ex.gate.capabilityHalted(c) !== undefined,
  );
  const reason = ex.gate.stateReason;
  return {
    mode: shownMode(k.config.mode),
    venue,
    now,
    startedAt: k.startedAt,
    risk: { state: ex.gate.state, ...(reason === undefined ? {} : { reason }), haltedCapabilities: caps },
    pnl: {
      realised: pnl.realised.toNumber(),
      unrealised: pnl.unrealised.toNumber(),
      fees: pnl.fees.toNumber(),
      funding: pnl.funding.toNumber(),
    },
    positions: ex.ledger.openLots().map((l) => {
      const mark = ex.ledger.markPrice(l.symbol);
      return {
        strategy: l.strategyId ?? 'external',
        market: l.symbol,
        side: l.side,
        quantity: l.openQuantity.toNumber(),
        entryPrice: l.avgOpenPrice.toNumber(),
        mark: mark?.toNumber() ?? null,
        unrealised: mark === undefined ? null : ex.ledger.unrealised(l).toNumber(),
      };
    }),
    unprotected: unprotected(k),
    openRequests: ex.journal.nonTerminal().map((r) => ({
      id: r.clientRequestId,
      strategy: r.strategyId,
      kind: r.kind,
      market: r.symbol,
      status: r.status,
      ageMs: now - r.createdAt,
    })),
    prices: k.markets.map((m) => {
      const p = k.feed.latest(m);
      return {
        market: m,
        price: p?.mark ?? Number.NaN,
        ageMs: p === undefined ? Number.NaN : now - p.at,
        stale: k.feed.isStale(m),
      };
    }),
    strategies: [...k.stage.runners.values()].map((r) => ({
      id: r.id,
      state: r.paused || k.operator.pauses.isPaused(r.id) ? 'paused' : r.warming ? 'warming' : 'running',
      intents: k.acceptedOf(r.id),
      failures: r.failureCount,
    })),
    events: k.reporter.recent.slice(-12).map((e) => ({ at: e.at, level: e.level, text: e.text })),
  };
}

/**
 * The positions the bot's RequestEnds lists as unprotected (the source of `perpflow status` too),
 * with their size from the ledger; one closed since has nothing left to protect and is left out.
 */
function unprotected(k: Kernel): DashboardSnapshot['unprotected'] {
  const ex = k.executor;
  const out: DashboardSnapshot['unprotected'][number][] = [];
  for (const u of k.reporter.ends.unprotectedPositions()) {
    // The position is a quote id, or the open request a TP/SL waited for (its quote, once filled).
    const quoteId = ex.journal.get(ClientRequestId(u.position))?.quoteId ?? u.position;
    const lot = ex.ledger.lotOfQuote(quoteId);
    if (lot === undefined || !lot.openQuantity.greaterThan(0)) continue;
    out.push({
      strategy: u.strategyId,
      market: u.symbol,
      side: lot.side,
      quantity: lot.openQuantity.toNumber(),
      reason: u.reason,
    });
  }
  return out;
}
