export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/**
 * A strategy's small persisted memory (last signal, grid levels armed …): JSON values by key.
 * Replace a value with set(); never mutate one in place (the store keeps what set() gave it).
 */
export interface StrategyState {
  get<T extends Json = Json>(key: string): T | undefined;
  set(key: string, value: Json): void;
  delete(key: string): void;
}

/** Where states live between runs; the kernel supplies one backed by the journal. */
export interface StateStore {
  load(strategyId: string): Readonly<Record<string, Json>> | undefined;
  save(strategyId: string, state: Readonly<Record<string, Json>>): void;
}

export class MemoryStateStore implements StateStore {
  private readonly states = new Map<string, Readonly<Record<string, Json>>>();
  load(strategyId: string): Readonly<Record<string, Json>> | undefined {
    return this.states.get(strategyId);
  }
  save(strategyId: string, state: Readonly<Record<string, Json>>): void {
    // Values are replaced by set(), never mutated in place, so a shallow copy is a snapshot.
    this.states.set(strategyId, { ...state });
  }
}

/** The state object hooks see: changes are saved once after the hook returns, not on every set. */
export class TrackedState implements StrategyState {
  private data: Record<string, Json>;
  dirty = false;

  constructor(initial: Readonly<Record<string, Json>> | undefined) {
    this.data = { ...initial };
  }

  get<T extends Json = Json>(key: string): T | undefined {
    return this.data[key] as T | undefined;
  }

  set(key: string, value: Json): void {
    this.data[key] = value;
    this.dirty = true;
  }

  delete(key: string): void {
    if (key in this.data) {
      delete this.data[key];
      this.dirty = true;
    }
  }

  snapshot(): Readonly<Record<string, Json>> {
    this.dirty = false;
    return this.data;
  }

  /** Back to the last saved state, after a hook failed half way. */
  restore(saved: Readonly<Record<string, Json>> | undefined): void {
    this.data = { ...saved };
    this.dirty = false;
  }
}
