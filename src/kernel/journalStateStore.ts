import { isRecord } from '../domain/isRecord.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { Json, StateStore } from '../strategy/StrategyState.ts';

const PREFIX = 'strategy.state.';

/** Parsed JSON is JSON: checked all the same, the state goes to strategy code typed by it. */
function isJson(value: unknown): value is Json {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string')
    return true;
  if (Array.isArray(value)) return value.every(isJson);
  return isJsonObject(value);
}

function isJsonObject(value: unknown): value is Readonly<Record<string, Json>> {
  return isRecord(value) && Object.values(value).every(isJson);
}

/** Strategy states in the journal's meta table: a restart resumes what each strategy remembered. */
export function journalStateStore(journal: Pick<JournalPort, 'getMeta' | 'setMeta'>): StateStore {
  return {
    load(strategyId) {
      const raw = journal.getMeta(PREFIX + strategyId);
      if (raw === undefined) return undefined;
      const value: unknown = JSON.parse(raw);
      return isJsonObject(value) ? value : undefined;
    },
    save(strategyId, state) {
      journal.setMeta(PREFIX + strategyId, JSON.stringify(state));
    },
  };
}
