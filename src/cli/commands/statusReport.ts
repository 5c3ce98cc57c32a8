import { dec, sum, ZERO } from '../../domain/money.ts';
import { isTerminal, REQUEST_STATUSES } from '../../domain/requestStatus.ts';
import { PositionLedger } from '../../execution/PositionLedger.ts';
import type { ReadOnlyJournal } from '../../journal/readOnlyJournal.ts';
import { readAudit } from '../../kernel/operator/auditStore.ts';
import { PAUSED_PREFIX } from '../../kernel/operator/strategyPauses.ts';
import { unprotectedInJournal } from '../../kernel/requestEnds.ts';
import type { EngineSnapshot } from '../../simulator/engine/SimEngine.ts';

/**
 * Open positions whose protective TP/SL the venue refused (and no later TP/SL on them was
 * accepted): the same record the running bot keeps (RequestEnds), replayed from the journal.
 */
function unprotectedPositions(
  j: ReadOnlyJournal,
  byQuote: ReadonlyMap<string, StatusPosition>,
): readonly (StatusPosition & { readonly reason: string })[] {
  return unprotectedInJournal(j.tpslRequests(), (position) => byQuote.has(position)).flatMap((u) => {
    const p = byQuote.get(u.position);
    return p === undefined ? [] : [{ ...p, reason: u.reason }];
  });
}

/** A status this version does not know is shown as open: better seen than hidden. */
function endedStatus(text: string): boolean {
  const status = REQUEST_STATUSES.find((s) => s === text);
  return status !== undefined && isTerminal(status);
}

export interface StatusPosition {
  readonly market: string;
  readonly side: string;
  readonly size: string;
  readonly entry: string;
  /** Null when no mark is known offline (only a dry run's paper account keeps its marks). */
  readonly mark: string | null;
  readonly unrealisedPnl: string | null;
  readonly strategy: string;
}

/**
 * What `perpflow status` shows and prints as JSON: the journal's record (trading state, the
 * ledger rebuilt from its fills, requests) and, for a dry run, its paper account (marks,
 * funding, collateral). Money as decimal strings.
 */
export function statusReport(j: ReadOnlyJournal, paper: { file: string; state: EngineSnapshot } | undefined) {
  const ledger = new PositionLedger();
  for (const f of j.fills()) ledger.apply(f);
  const held = paper?.state.subaccounts.flatMap((s) => s.positions) ?? [];
  for (const p of held) {
    const lot = ledger.lotOfQuote(p.quoteId);
    if (lot !== undefined) ledger.setFunding(lot, dec(p.accumulatedFunding));
  }
  const marks = paper?.state.marks ?? {};
  for (const [symbol, m] of Object.entries(marks)) ledger.markNumber(symbol, m.mark);
  const lots = ledger.openLots();
  const byQuote = new Map<string, StatusPosition>();
  const positions: StatusPosition[] = lots.map((l) => {
    const mark = ledger.markPrice(l.symbol);
    const p: StatusPosition = {
      market: l.symbol,
      side: l.side,
      size: l.openQuantity.toString(),
      entry: l.avgOpenPrice.toString(),
      mark: mark === undefined ? null : mark.toString(),
      unrealisedPnl: mark === undefined ? null : ledger.unrealised(l).toFixed(2),
      strategy: l.strategyId ?? 'external',
    };
    if (l.quoteId !== null) byQuote.set(l.quoteId, p);
    return p;
  });
  const total = ledger.summary();
  const marked = lots.every((l) => ledger.markPrice(l.symbol) !== undefined);
  const collateral = paper?.state.subaccounts.reduce((a, s) => a.plus(dec(s.collateral)), ZERO);
  const isolated = sum(
    held
      .filter((p) => p.marginMode === 'isolated')
      .map((p) => dec(p.margin).minus(dec(p.accumulatedFunding))),
  );
  const fills = j.fills();
  const requestCounts: Record<string, number> = {};
  for (const s of j.requestStatuses()) requestCounts[s] = (requestCounts[s] ?? 0) + 1;
  return {
    journal: j.path,
    paperAccount: paper?.file ?? null,
    tradingState: j.meta('tradingState') ?? 'active',
    reason: j.meta('tradingStateReason') ?? null,
    capabilityHalts: j.metaWithPrefix('capabilityHalt:').map((m) => ({
      capability: m.key.slice(15),
      reason: m.value,
    })),
    marketHalts: j.metaWithPrefix('marketHalt:').map((m) => ({ market: m.key.slice(11), reason: m.value })),
    lease: j.lease(),
    positions,
    pnl: {
      realised: total.realised.toFixed(2),
      unrealised: marked ? total.unrealised.toFixed(2) : null,
      fees: total.fees.toFixed(2),
      // Funding is charged by the venue and not journaled: known offline only from a paper account.
      funding: paper === undefined ? null : total.funding.toFixed(2),
      collateral: collateral === undefined ? null : collateral.toFixed(2),
      equity:
        collateral === undefined || !marked
          ? null
          : collateral.plus(isolated).plus(total.unrealised).toFixed(2),
    },
    strategies: j.strategyCounts().map((s) => ({
      id: s.strategyId,
      intents: s.intents,
      requests: s.byStatus,
      fills: fills.filter((f) => f.strategyId === s.strategyId).length,
      openPositions: lots.filter((l) => l.strategyId === s.strategyId).length,
    })),
    requests: requestCounts,
    open: j.requests().filter((r) => !endedStatus(r.status)),
    fills: fills.length,
    externalPositions: j.externalCount(),
    unprotected: unprotectedPositions(j, byQuote),
    paused: j
      .metaWithPrefix(PAUSED_PREFIX)
      .map((m) => ({ strategy: m.key.slice(PAUSED_PREFIX.length), by: m.value })),
    // The operator audit, newest first: who did what, from where, and what came of it.
    audit: readAudit({ getMeta: (k) => j.meta(k) })
      .slice(-20)
      .reverse(),
  };
}

export type StatusReport = ReturnType<typeof statusReport>;

const signed = (v: string | null): string => (v === null ? '—' : v.startsWith('-') ? v : `+${v}`);

export function renderStatus(s: StatusReport): string {
  const lines = [
    `journal     ${s.journal}${s.paperAccount === null ? '' : ` (paper account ${s.paperAccount})`}`,
    `trading     ${s.tradingState}${s.reason ? ` (${s.reason})` : ''}`,
    ...s.capabilityHalts.map((c) => `halted      ${c.capability}: ${c.reason}`),
    ...s.marketHalts.map((m) => `halted      ${m.market}: ${m.reason}`),
    `lease       ${s.lease.map((l) => `${l.scope} pid ${l.pid} on ${l.host}`).join(', ') || 'none'}`,
    `positions   ${s.positions.length === 0 ? 'none' : s.positions.length}`,
    ...s.positions.map(
      (p) =>
        `  ${p.market} ${p.side} ${p.size} entry ${p.entry} mark ${p.mark ?? '—'} uPnL ${signed(p.unrealisedPnl)} (${p.strategy})`,
    ),
    `pnl         realised ${signed(s.pnl.realised)} · unrealised ${signed(s.pnl.unrealised)} · fees ${s.pnl.fees} · funding ${s.pnl.funding ?? '— (not journaled)'}`,
    `equity      ${s.pnl.equity ?? '— (known to the venue; a dry run keeps it in its paper account)'}`,
    `requests    ${
      Object.entries(s.requests)
        .map(([k, n]) => `${k}=${n}`)
        .join(' ') || 'none'
    }`,
    ...(s.strategies.length === 0 ? ['strategies  none'] : ['strategies']),
    ...s.strategies.map(
      (t) =>
        `  ${t.id}: intents ${t.intents} · requests ${Object.entries(t.requests)
          .map(([k, n]) => `${k}=${n}`)
          .join(' ')} · fills ${t.fills} · open positions ${t.openPositions}`,
    ),
    `fills       ${s.fills}; external positions ${s.externalPositions}`,
    ...(s.open.length === 0 ? ['open        none'] : ['open/unknown:']),
    ...s.open.map(
      (r) =>
        `  ${r.id} ${r.kind} ${r.symbol} ${r.side ?? ''} ${r.quantity ?? ''} ${r.status} ${r.tempId ?? ''}`,
    ),
    ...s.paused.map((p) => `paused      ${p.strategy} (${p.by})`),
    ...(s.audit.length === 0 ? ['operator    no actions'] : ['operator actions (newest first):']),
    ...s.audit.map(
      (e) =>
        `  ${new Date(e.at).toISOString()} ${e.actor.name} (${e.actor.via}, ${e.actor.from}) ${e.action.kind}${'market' in e.action ? ` ${e.action.market}` : ''}${'strategy' in e.action ? ` ${e.action.strategy}` : ''}${'requestId' in e.action ? ` ${e.action.requestId}` : ''}: ${e.outcome.status === 'refused' ? `refused (${e.outcome.reason})` : e.outcome.status}`,
    ),
    `unprotected ${s.unprotected.length === 0 ? 'none' : s.unprotected.map((p) => `${p.market} ${p.side} ${p.size} (${p.strategy}: TP/SL refused: ${p.reason})`).join(', ')}`,
  ];
  return `${lines.join('\n')}\n`;
}
