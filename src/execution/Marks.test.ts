import { describe, expect, it } from 'vitest';
import { dec } from '../domain/money.ts';
import { Marks } from './Marks.ts';

describe('Marks', () => {
  it('answers the last mark of a market, whether it came as a number or a Decimal', () => {
    const m = new Marks();
    expect(m.get('BTC')).toBeUndefined();
    m.setNumber('BTC', 100.5);
    expect(m.get('BTC')?.toString()).toBe('100.5');
    m.set('BTC', dec('101.25'));
    expect(m.get('BTC')?.toString()).toBe('101.25');
    m.setNumber('BTC', 99);
    m.setNumber('BTC', 98.75);
    expect(m.get('BTC')?.toString()).toBe('98.75');
    expect(m.get('BTC')?.toString()).toBe('98.75');
    m.setNumber('BTC', 96);
    m.set('BTC', dec('97'));
    expect(m.get('BTC')?.toString()).toBe('97');
    m.setNumber('ETH', 3);
    expect([m.get('BTC')?.toString(), m.get('ETH')?.toString()]).toEqual(['97', '3']);
  });

  it('refuses a mark that is not a finite number when it is read, as before the cells', () => {
    const m = new Marks();
    m.setNumber('BTC', Number.NaN);
    expect(() => m.get('BTC')).toThrow('not a finite number');
  });

  it("gives each mark as a float too: the feed's very number, or the nearest double of a Decimal", () => {
    const m = new Marks();
    expect(m.number('BTC')).toBeUndefined();
    m.setNumber('BTC', 100.1);
    expect(m.number('BTC')).toBe(100.1);
    expect(m.get('BTC')?.toString()).toBe('100.1');
    expect(m.number('BTC')).toBe(100.1);
    m.set('BTC', dec('0.3'));
    expect(m.number('BTC')).toBe(0.3);
  });
});
