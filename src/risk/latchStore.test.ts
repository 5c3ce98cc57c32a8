import { describe, expect, it } from 'vitest';
import { cachedLatches, type MetaTable } from './latchStore.ts';

/** A meta table that counts its reads; `commit` is another process writing (data_version moves). */
function countingMeta() {
  const rows = new Map<string, string>();
  let version = 1;
  const m = {
    reads: 0,
    versionFails: false,
    writeFailure: undefined as unknown,
    getMeta(key: string) {
      // A closed SQLite journal throws on every statement.
      if (m.versionFails) throw new Error('journal closed');
      m.reads++;
      return rows.get(key);
    },
    setMeta: (key: string, value: string) => void rows.set(key, value),
    deleteMeta: (key: string) => void rows.delete(key),
    dataVersion() {
      if (m.versionFails) throw new Error('journal closed');
      return version;
    },
    commit(key: string, value: string) {
      rows.set(key, value);
      version++;
    },
    rows,
  };
  return m satisfies MetaTable;
}

describe('cachedLatches', () => {
  it('reads a key from the table once while no other process commits', () => {
    const meta = countingMeta();
    const latches = cachedLatches(meta);
    expect([latches.get('tradingState'), latches.get('tradingState')]).toEqual([undefined, undefined]);
    latches.set('tradingState', 'halted');
    expect(latches.get('tradingState')).toBe('halted');
    expect(meta.reads).toBe(1);
  });

  it("sees another process's write (perpflow halt) at the next read", () => {
    const meta = countingMeta();
    const latches = cachedLatches(meta);
    expect(latches.get('tradingState')).toBeUndefined();
    meta.commit('tradingState', 'halted');
    expect(latches.get('tradingState')).toBe('halted');
  });

  it('deletes a latch in the table and in the cache', () => {
    const meta = countingMeta();
    const latches = cachedLatches(meta);
    latches.set('capabilityHalt:open', '403');
    latches.delete('capabilityHalt:open');
    expect([latches.get('capabilityHalt:open'), meta.rows.has('capabilityHalt:open')]).toEqual([
      undefined,
      false,
    ]);
  });

  it("keeps answering from the cache once the journal is closed, and reports the table's write failure", () => {
    const meta = countingMeta();
    const latches = cachedLatches(meta);
    latches.set('tradingState', 'halted');
    meta.versionFails = true;
    expect(latches.get('tradingState')).toBe('halted');
    const failure = new Error('disk full');
    meta.writeFailure = failure;
    expect(latches.writeFailure).toBe(failure);
  });
});
