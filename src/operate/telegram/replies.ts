import { dec } from '../../domain/money.ts';
import { dailySummary } from '../../kernel/dailySummary.ts';
import type { Kernel } from '../../kernel/Kernel.ts';
import type { Role } from '../api/contract.ts';
import {
  accountView,
  type BotIdentity,
  botView,
  openRequestViews,
  positionViews,
  type StrategyNotes,
  strategyViews,
} from '../api/views.ts';

/** A phone shows about this many lines without scrolling: longer lists end in "…and N more". */
const MAX_ITEMS = 8;
const NO_NOTES: StrategyNotes = { denials: () => [], decisions: () => [] };

/** Money for a phone: two decimals, a sign on profit. The ledger keeps it exact; this is display. */
export const money = (v: string | null): string => (v === null ? '—' : dec(v).toFixed(2));
const signed = (v: string | null): string => (v === null || dec(v).isNegative() ? money(v) : `+${money(v)}`);

function capped(lines: readonly string[][], none: string): string[] {
  if (lines.length === 0) return [none];
  const shown = lines.slice(0, MAX_ITEMS).flat();
  return lines.length > MAX_ITEMS ? [...shown, `…and ${lines.length - MAX_ITEMS} more`] : shown;
}

export function statusReply(k: Kernel, id: BotIdentity): string {
  const b = botView(k, id);
  const a = accountView(k);
  const positions = positionViews(k);
  const bare = positions.filter((p) => p.unprotected).length;
  return [
    `${b.name} · ${b.mode} · ${b.tradingState}`,
    ...(b.stateReason === undefined ? [] : [`reason: ${b.stateReason}`]),
    `equity ${signed(a.equity)}`,
    `positions ${positions.length}${bare === 0 ? '' : ` (⚠ ${bare} unprotected)`}`,
    `open requests ${openRequestViews(k).length}`,
  ].join('\n');
}

export function positionsReply(k: Kernel): string {
  const items = positionViews(k).map((p) => [
    `${p.market} ${p.side} ${p.quantity} @ ${money(p.entryPrice)}`,
    `  mark ${money(p.mark)} · uPnL ${signed(p.unrealised)} · ${p.strategy}`,
    ...(p.unprotected
      ? ['  ⚠ unprotected']
      : p.takeProfit === null && p.stopLoss === null
        ? []
        : [`  TP ${money(p.takeProfit)} · SL ${money(p.stopLoss)}`]),
  ]);
  return capped(items, 'No open positions.').join('\n');
}

export function profitReply(k: Kernel): string {
  const a = accountView(k);
  return [
    `realised ${signed(a.realised)}`,
    `unrealised ${signed(a.unrealised)}`,
    `fees ${money(a.fees)} · funding ${signed(a.funding)}`,
    `net ${signed(a.equity)}`,
  ].join('\n');
}

export function dailyReply(k: Kernel): string {
  const s = dailySummary(k);
  return [s.title, ...s.lines].join('\n');
}

export function balanceReply(k: Kernel): string {
  const a = accountView(k);
  const s = k.executor.ledger.summary();
  return [
    `equity ${signed(a.equity)} (since the journal began)`,
    `open notional ${s.notional.toFixed(2)}`,
    `positions ${s.openPositions}`,
  ].join('\n');
}

export function strategiesReply(k: Kernel): string {
  const items = strategyViews(k, NO_NOTES).map((s) => [
    `${s.id}: ${s.state} · ${s.intents} intents${s.failures === 0 ? '' : ` · ${s.failures} failures`}`,
  ]);
  return capped(items, 'No strategies.').join('\n');
}

export function helpReply(role: Role): string {
  const reads = ['Reads:', '/status /positions /profit', '/daily /balance /strategies'];
  const acts = [
    'Acts (each asks you to confirm):',
    '/halt [reason] · /resume',
    '/pause STRATEGY · /unpause STRATEGY',
    '/close MARKET · /close all',
    '/cancel REQUEST',
  ];
  return [...reads, ...(role === 'operator' ? acts : ['You are a viewer: reads only.'])].join('\n');
}
