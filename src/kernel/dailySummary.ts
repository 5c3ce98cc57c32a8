import type { Notification } from '../report/notify/Notification.ts';
import type { Kernel } from './Kernel.ts';

const DAY_MS = 86_400_000;

/** The day's account in a few lines, for the 00:00 UTC webhook: PnL since yesterday, fees, what is open. */
export function dailySummary(k: Kernel): Notification {
  const ex = k.executor;
  const now = ex.clock.now();
  const since = now - DAY_MS;
  const pnl = ex.ledger.summary();
  return {
    kind: 'summary',
    severity: 'info',
    title: `Daily summary (${k.config.mode})`,
    lines: [
      `realised (24 h) ${ex.ledger.realisedSince(since).toFixed(2)}, fees (24 h) ${ex.ledger.feesSince(since).toFixed(2)}`,
      `open positions ${pnl.openPositions}, unrealised ${pnl.unrealised.toFixed(2)}, notional ${pnl.notional.toFixed(2)}`,
      `trading ${ex.gate.state}${ex.gate.stateReason === undefined ? '' : ` (${ex.gate.stateReason})`}`,
    ],
    at: now,
  };
}
