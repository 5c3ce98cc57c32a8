import type { Fill } from '../../domain/fill.ts';
import type { Intent } from '../../domain/intent.ts';
import { clientRequestIdOf } from '../../execution/requestBuilder.ts';
import { openReadOnlyJournal } from '../../journal/readOnlyJournal.ts';
import type { DriftJournal } from './driftJournal.ts';
import { type DriftReport, driftReport } from './driftReport.ts';

/** What a backtest hands back that the drift report reads: its intents and its fills. */
export interface BacktestSide {
  readonly intents: readonly { readonly decidedAt: number; readonly intent: Intent }[];
  readonly fills: readonly Fill[];
}

/**
 * A backtest as one side of the drift report. It journals in memory, so its requests are rebuilt
 * from its intents: each intent's request has its first attempt's client id (a backtest's venue
 * never leaves a request unsent, so there is no second), decided at the bar time it was decided.
 */
export function backtestDriftJournal(b: BacktestSide): DriftJournal {
  return {
    requests: b.intents.map(({ decidedAt, intent }) => ({
      clientRequestId: clientRequestIdOf(intent.intentId),
      intentId: intent.intentId,
      strategyId: intent.strategyId,
      createdAt: decidedAt,
    })),
    fills: b.fills,
  };
}

/**
 * Live's journal (a SQLite file, read-only) against a backtest of the bars live saw (`perpflow
 * record export --bars`), over the backtest's bars [since, until): the backtest takes the
 * shadow's place, as the model.
 */
export function backtestDrift(
  liveJournalFile: string,
  backtest: BacktestSide,
  o: { readonly strategies: readonly string[]; readonly since: number; readonly until: number },
): DriftReport {
  const j = openReadOnlyJournal(liveJournalFile);
  try {
    return driftReport({ requests: j.origins(), fills: j.fills() }, backtestDriftJournal(backtest), o);
  } finally {
    j.close();
  }
}
