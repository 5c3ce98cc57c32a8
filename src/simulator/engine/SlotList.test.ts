import { describe, expect, it } from 'vitest';
import { SlotList } from './SlotList.ts';

interface Row {
  readonly name: number;
  a: number;
  b: number;
}
const row = (name: number): Row => ({ name, a: -1, b: -1 });
const names = (l: SlotList<'a', Row>): number[] => l.toArray().map((r) => r.name);

describe('SlotList', () => {
  it('keeps insertion order through deletes and the squeezes they cause', () => {
    const l = new SlotList<'a', Row>('a');
    const rows = Array.from({ length: 100 }, (_, i) => row(i));
    for (const r of rows) l.add(r);
    for (const r of rows) if (r.name % 3 !== 0) l.delete(r);
    expect(names(l)).toEqual(rows.filter((r) => r.name % 3 === 0).map((r) => r.name));
    expect(l.size).toBe(34);
    l.add(rows[1] as Row);
    expect(names(l).at(-1)).toBe(1);
    expect(l.has(rows[3] as Row)).toBe(true);
    expect(l.has(rows[2] as Row)).toBe(false);
  });

  it('adds a member once, and deletes only members', () => {
    const l = new SlotList<'a', Row>('a');
    const r = row(7);
    l.add(r);
    l.add(r);
    expect(l.size).toBe(1);
    expect(l.delete(row(8))).toBe(false);
    expect(l.delete(r)).toBe(true);
    expect(l.delete(r)).toBe(false);
    expect(l.size).toBe(0);
  });

  it('lets one record sit in two lists through different fields', () => {
    const bySub = new SlotList<'a', Row>('a');
    const bySymbol = new SlotList<'b', Row>('b');
    const [x, y] = [row(1), row(2)];
    bySub.add(x);
    bySub.add(y);
    bySymbol.add(y);
    bySymbol.add(x);
    bySub.delete(x);
    expect(names(bySub)).toEqual([2]);
    expect(bySymbol.toArray().map((r) => r.name)).toEqual([2, 1]);
    expect(bySymbol.has(x)).toBe(true);
  });

  it('agrees with a Set under any sequence of adds and deletes', () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i));
    let seed = 12345;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed;
    };
    const l = new SlotList<'a', Row>('a');
    const s = new Set<Row>();
    for (let step = 0; step < 20_000; step++) {
      const r = rows[next() % rows.length] as Row;
      if (next() % 2) {
        l.add(r);
        s.add(r);
      } else expect(l.delete(r)).toBe(s.delete(r));
    }
    expect(l.toArray()).toEqual([...s]);
    expect(l.size).toBe(s.size);
  });
});
