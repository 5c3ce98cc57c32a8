import type { JournalPort } from '../journal/JournalPort.ts';
import type { Json, StateStore } from '../strategy/StrategyState.ts';

const PREFIX = 'strategy.state.';

/** Strategy states in the journal's meta table: a restart resumes what each strategy remembered. */
export function journalStateStore(journal: Pick<JournalPort, 'getMeta' | 'setMeta'>): StateStore {
  return {
    load(strategyId) {
      const raw = journal.getMeta(PREFIX + strategyId);
      if (raw === undefined) return undefined;
      const value = JSON.parse(raw) as unknown;
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Readonly<Record<string, Json>>)
        : undefined;
    },
    save(strategyId, state) {
      journal.setMeta(PREFIX + strategyId, JSON.stringify(state));
    },
  };
}
