import type { Decimal } from '../../domain/money.ts';
import { PositionLedger } from '../../execution/PositionLedger.ts';
import type { DriftJournal } from './driftJournal.ts';

/**
 * Realised PnL less fees of one strategy's fills at or after `since`, booked by the executor's own
 * ledger (funding is the venue's and not journaled: neither side counts it).
 */
export function netPnl(journal: DriftJournal, strategyId: string, since: number): Decimal {
  const ledger = new PositionLedger();
  for (const f of journal.fills) if (f.strategyId === strategyId && f.ts >= since) ledger.apply(f);
  const { realised, fees } = ledger.summary();
  return realised.minus(fees);
}
