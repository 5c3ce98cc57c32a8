import type { Point } from './coordinate.ts';
import type { TrialState } from './Sampler.ts';
import type { Claim, StoredTrial, StudyIdentity, StudyStore } from './studyStore.ts';

/** How a trial ends, as its owner writes it. */
export interface TrialOutcome {
  readonly state: TrialState;
  readonly value: number | null;
  readonly loss: number | null;
  readonly metrics: Readonly<Record<string, number | null>>;
  readonly error?: string;
  readonly intermediate?: Readonly<Record<string, number>>;
}

/** A trial outcome's columns, in the order both stores write them: state, value, loss, metrics, error, intermediate. */
export function outcomeColumns(
  o: TrialOutcome,
): [string, number | null, number | null, string, string | null, string] {
  return [
    o.state,
    o.value,
    // A loss of ±Infinity (no trades, an empty curve) is stored as no loss.
    o.loss !== null && Number.isFinite(o.loss) ? o.loss : null,
    JSON.stringify(o.metrics),
    o.error ?? null,
    JSON.stringify(o.intermediate ?? {}),
  ];
}

/**
 * Where a study's trials live: a SQLite file (StudyStore) or PostgreSQL (PgStudyStore). Both claim
 * a trial in one transaction before it runs and let only its owner finish it; each decides for
 * itself when a trial's owner is gone.
 */
export interface StudyStorage {
  trials(): Promise<readonly StoredTrial[]>;
  claim(
    owner: string,
    target: number,
    sample: (trials: readonly StoredTrial[], number: number) => Point,
  ): Promise<Claim | undefined>;
  finish(number: number, owner: string, outcome: TrialOutcome): Promise<boolean>;
  close(): Promise<void>;
}

/** The SQLite store behind the async port; an owner is gone when `isGone` says (its pid, on this host). */
export function sqliteStorage(store: StudyStore, isGone: (owner: string) => boolean): StudyStorage {
  return {
    trials: async () => store.trials(),
    claim: async (owner, target, sample) => store.claim(owner, target, isGone, sample),
    finish: async (number, owner, outcome) => store.finish(number, owner, outcome),
    close: async () => store.close(),
  };
}

export const isPostgresUrl = (storage: string): boolean => /^postgres(ql)?:\/\//.test(storage);

/** Opens the study in a SQLite file (or `:memory:`) or, for a postgres:// URL, in PostgreSQL. */
export async function openStudyStorage(
  storage: string,
  identity: StudyIdentity,
  o: { readonly owner: string; readonly isGone: (owner: string) => boolean },
): Promise<StudyStorage> {
  if (isPostgresUrl(storage)) {
    const { PgStudyStore } = await import('./pgStudyStore.ts');
    return PgStudyStore.open(storage, identity, o.owner);
  }
  const { StudyStore } = await import('./studyStore.ts');
  return sqliteStorage(StudyStore.open(storage, identity), o.isGone);
}
