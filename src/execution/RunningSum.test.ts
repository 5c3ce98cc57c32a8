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

  it('gives the same total read alone, then beside since, then alone again', () => {
    const s = new RunningSum();
    s.push(1, dec('0.1'));
    s.push(2, dec('0.2'));
    expect(s.total.toString()).toBe('0.3');
    s.push(3, dec('0.4'));
    expect(s.total.toString()).toBe('0.7');
    expect(s.since(3).toString()).toBe('0.4');
    s.push(4, dec('0.8'));
    expect(s.total.toString()).toBe('1.5');
    expect(s.since(2).toString()).toBe('1.4');
  });
});
