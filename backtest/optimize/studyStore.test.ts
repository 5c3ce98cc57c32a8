import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { StudyStore } from './studyStore.ts';

const identity = { name: 's', configSha256: 'c', dataSha256: 'd', setup: '{}' };
const done = { state: 'complete', value: 1, loss: -1, metrics: {} } as const;
let n = 0;
const point = () => ({ x: n++ });

describe('StudyStore', () => {
  it("re-claims a dead owner's running trial with its params before any new one, and leaves a live owner's alone", () => {
    const store = StudyStore.open(':memory:', identity);
    const a = store.claim('A', 10, () => false, point);
    const b = store.claim('B', 10, () => false, point);
    expect([a?.number, b?.number]).toEqual([0, 1]);
    // B is alive: C gets a new trial; A is gone: C takes trial 0 over, once.
    const c1 = store.claim('C', 10, (o) => o === 'A', point);
    expect(c1).toEqual({ number: 0, point: a?.point, attempts: 2, reclaimed: true });
    const c2 = store.claim('C', 10, (o) => o === 'A', point);
    expect(c2?.number).toBe(2);
    expect(c2?.reclaimed).toBe(false);
  });

  it('lets only the owner finish a trial, once, and claims nothing past the target', () => {
    const store = StudyStore.open(':memory:', identity);
    const a = store.claim('A', 1, () => true, point);
    expect(store.finish(0, 'B', done)).toBe(false);
    expect(store.finish(0, 'A', done)).toBe(true);
    expect(store.finish(0, 'A', done)).toBe(false);
    expect(a?.number).toBe(0);
    expect(store.claim('A', 1, () => true, point)).toBeUndefined();
    expect(store.trials().map((t) => [t.number, t.state, t.value])).toEqual([[0, 'complete', 1]]);
  });

  it('refuses to resume a study under the same name made from other data', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'perpflow-study-')), 'studies.sqlite');
    StudyStore.open(file, identity).close();
    expect(() => StudyStore.open(file, { ...identity, dataSha256: 'other' })).toThrow(ConfigError);
    expect(() => StudyStore.open(file, { ...identity, dataSha256: 'other' })).toThrow(
      /the data files differ/,
    );
  });
});
