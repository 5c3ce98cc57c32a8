import { describe, expect, it } from 'vitest';
import { dec } from '../domain/money.ts';
import { RunningSum } from './RunningSum.ts';

describe('RunningSum', () => {
  it('sums the amounts stamped at or after a time, in order or not', () => {
    const s = new RunningSum();
    s.push(10, dec('1.5'));
    s.push(20, dec('-0.25'));
    s.push(20, dec('2'));
    s.push(30, dec('4'));
    expect(s.since(0).toString()).toBe('7.25');
    expect(s.since(20).toString()).toBe('5.75');
    expect(s.since(21).toString()).toBe('4');
    expect(s.since(31).toString()).toBe('0');
    s.push(15, dec('100'));
    expect(s.since(15).toString()).toBe('105.75');
    expect(s.total.toString()).toBe('107.25');
  });
});
