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

  it('answers every since as a scan of all amounts would, asked again and again between pushes', () => {
    let x = 0x9e3779b9;
    const rnd = (k: number) => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) % k;
    };
    for (let run = 0; run < 200; run++) {
      const s = new RunningSum();
      const seen: [number, string][] = [];
      let t = 0;
      const unordered = run % 4 === 0;
      for (let step = 0; step < 60; step++) {
        if (rnd(3) > 0) {
          t += rnd(3);
          const at = unordered && rnd(5) === 0 ? t - rnd(10) : t;
          const amount = `${rnd(2) === 0 ? '-' : ''}${rnd(1000)}.${rnd(100)}`;
          s.push(at, dec(amount));
          seen.push([at, amount]);
        }
        // The same day again (the gate after each fill), or another time (a new day, the last 24 h).
        const ts = rnd(4) === 0 ? rnd(t + 5) : Math.floor(t / 10) * 10;
        const scan = seen.filter(([at]) => at >= ts).reduce((a, [, v]) => a.plus(v), dec(0));
        expect(s.since(ts).toString()).toBe(scan.toString());
      }
      expect(s.total.toString()).toBe(seen.reduce((a, [, v]) => a.plus(v), dec(0)).toString());
    }
  });

  it('gives since in floats with the amounts’ sizes, asked again and again while amounts arrive, in order and then not', () => {
    const s = new RunningSum();
    const check = (ts: number) => {
      const a = s.approxSince(ts);
      expect(a.sum).toBeCloseTo(s.since(ts).toNumber(), 12);
      return a.abs;
    };
    s.push(10, dec('1.5'));
    s.push(20, dec('-0.25'));
    expect(check(20)).toBe(0.25);
    s.push(20, dec('2'));
    expect(check(20)).toBe(2.25);
    s.push(30, dec('4'));
    expect(check(20)).toBe(6.25);
    expect(check(0)).toBe(7.75);
    expect(check(31)).toBe(0);
    s.push(15, dec('100'));
    expect(check(15)).toBe(106.25);
    expect(check(15)).toBe(106.25);
    expect(check(0)).toBe(107.75);
  });
});
