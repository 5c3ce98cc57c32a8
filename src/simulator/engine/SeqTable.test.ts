import { describe, expect, it } from 'vitest';
import { SeqTable } from './SeqTable.ts';

describe('SeqTable', () => {
  it('names records with the prefix and the zero-padded sequence, after the base', () => {
    const t = new SeqTable<string>('tmp-', 7);
    const a = t.issue();
    t.store(a, 'first');
    const b = t.issue();
    t.store(b, 'second');
    expect([a, b]).toEqual(['tmp-0000001', 'tmp-0000002']);
    expect(t.get('tmp-0000002')).toBe('second');
    const q = new SeqTable<string>('', 0, 1000);
    const id = q.issue();
    q.store(id, 'position');
    expect(id).toBe('1001');
    expect(q.get('1001')).toBe('position');
  });

  it('finds nothing for other spellings of an issued number, nor for ids never issued', () => {
    const t = new SeqTable<string>('tmp-', 7);
    t.store(t.issue(), 'first');
    for (const id of [
      'tmp-1',
      'tmp-00000001',
      'TMP-0000001',
      'tmp-0000001 ',
      'tmp-+000001',
      'tmp-0000002',
      'tmp-',
      '',
      '1',
    ])
      expect(t.get(id), id).toBeUndefined();
    const q = new SeqTable<string>('', 0, 1000);
    q.store(q.issue(), 'position');
    for (const id of ['01001', '1000', '1e3', '1001.0', '-1001', '999'])
      expect(q.get(id), id).toBeUndefined();
  });

  it('keeps going past the padded width', () => {
    const t = new SeqTable<number>('t', 1);
    for (let i = 1; i <= 12; i++) t.store(t.issue(), i);
    expect(t.get('t12')).toBe(12);
    expect(t.get('t012')).toBeUndefined();
  });

  it('leaves an id issued but never stored naming nothing, and refuses to store under a stale id', () => {
    const t = new SeqTable<string>('r', 3);
    const lost = t.issue();
    const kept = t.issue();
    expect(() => t.store(lost, 'late')).toThrow(/not the id issued last/);
    t.store(kept, 'kept');
    expect(t.get(lost)).toBeUndefined();
    expect(t.get(kept)).toBe('kept');
    expect([...t.values()]).toEqual(['kept']);
  });

  it('forgets a stored record for good: get finds nothing, values skip it, and only that id says forgotten', () => {
    const t = new SeqTable<string>('', 0, 1000);
    const a = t.issue();
    t.store(a, 'a');
    const b = t.issue();
    t.store(b, 'b');
    const never = t.issue();
    t.forget(a);
    expect(t.get(a)).toBeUndefined();
    expect(t.forgotten(a)).toBe(true);
    expect([b, never, '01001', '1000', 'x'].map((id) => t.forgotten(id))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([...t.values()]).toEqual(['b']);
    expect(() => t.forget(a)).toThrow(/nothing stored/);
    expect(() => t.forget(never)).toThrow(/nothing stored/);
    expect(t.get(b)).toBe('b');
  });
});
