/** Where the gate keeps what must survive a restart: trading state, capability and market halts. */
export interface LatchStore {
  get(key: string): string | undefined;
  /** Throws when the store cannot be written (the gate then fails closed through `writeFailure`). */
  set(key: string, value: string): void;
  delete(key: string): void;
  /** Set once a write failed: while set, the gate denies everything. */
  readonly writeFailure: unknown;
}

/** The journal's meta table as the gate sees it (the SQLite Journal and MemoryJournal both fit). */
export interface MetaTable {
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  deleteMeta(key: string): void;
  readonly writeFailure: unknown;
  /** Changes when another connection committed (SQLite `PRAGMA data_version`, read once a turn and after each BEGIN). */
  dataVersion(): number;
}

/**
 * Latches cached in memory and written through to the meta table: a check reads the cache, and
 * one cheap version probe notices a write by another process (`perpflow halt`, `resume`), which
 * drops the cache. Replaces three SELECTs per open.
 */
export function cachedLatches(meta: MetaTable): LatchStore {
  const cache = new Map<string, string | null>();
  let version = meta.dataVersion();
  const fresh = (): void => {
    let v: number;
    try {
      v = meta.dataVersion();
    } catch {
      return; // a closed journal: the cache is the last known state
    }
    if (v !== version) {
      version = v;
      cache.clear();
    }
  };
  return {
    get(key) {
      fresh();
      // null: read, and not set (one lookup per check, not has + get).
      const cached = cache.get(key);
      if (cached !== undefined) return cached ?? undefined;
      const value = meta.getMeta(key);
      cache.set(key, value ?? null);
      return value;
    },
    set(key, value) {
      meta.setMeta(key, value);
      cache.set(key, value);
    },
    delete(key) {
      meta.deleteMeta(key);
      cache.set(key, null);
    },
    get writeFailure() {
      return meta.writeFailure;
    },
  };
}
