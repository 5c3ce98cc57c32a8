import type { Decimal } from '../../domain/money.ts';
import { PositionLedger } from '../../execution/PositionLedger.ts';
import type { DriftJournal } from './driftJournal.ts';
import type { DriftWindow } from './intentFills.ts';

/**
 * Realised PnL less fees of one strategy's fills within the window, booked by the executor's own
 * ledger (funding is the venue's and not journaled: neither side counts it).
 */
export function netPnl(journal: DriftJournal, strategyId: string, window: DriftWindow): Decimal {
  const ledger = new PositionLedger();
  for (const f of journal.fills)
    if (f.strategyId === strategyId && f.ts >= window.since && f.ts < window.until) ledger.apply(f);
  const { realised, fees } = ledger.summary();
  return realised.minus(fees);
}
