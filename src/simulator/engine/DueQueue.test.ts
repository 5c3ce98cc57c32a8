import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { DueQueue } from './DueQueue.ts';

describe('DueQueue', () => {
  it('runs entries at their time, earliest first, and in arrival order within one time', () => {
    const clock = new VirtualClock();
    const q = new DueQueue(clock, undefined);
    const ran: string[] = [];
    q.add(300, () => ran.push('c@300'));
    q.add(100, () => ran.push('a@100'));
    q.add(300, () => ran.push('d@300'));
    q.add(200, () => ran.push('b@200'));
    clock.advanceSync(99);
    expect(ran).toEqual([]);
    clock.advanceSync(1);
    expect(ran).toEqual(['a@100']);
    clock.advanceSync(200);
    expect(ran).toEqual(['a@100', 'b@200', 'c@300', 'd@300']);
    expect(q.size).toBe(0);
  });

  it('runs an entry added for an earlier time than the armed one at that time', () => {
    const clock = new VirtualClock();
    const q = new DueQueue(clock, undefined);
    const ran: number[] = [];
    const start = clock.now();
    q.add(500, () => ran.push(clock.now() - start));
    q.add(50, () => ran.push(clock.now() - start));
    clock.advanceSync(1_000);
    expect(ran).toEqual([50, 500]);
  });

  it('runs, in the same pass, work that a running entry schedules for now', () => {
    const clock = new VirtualClock();
    const q = new DueQueue(clock, undefined);
    const ran: string[] = [];
    q.add(10, () => {
      ran.push('first');
      q.add(0, () => ran.push('scheduled by first'));
    });
    q.add(10, () => ran.push('second'));
    clock.advanceSync(10);
    expect(ran).toEqual(['first', 'second', 'scheduled by first']);
  });

  it('drops every pending entry on clear', () => {
    const clock = new VirtualClock();
    const q = new DueQueue(clock, undefined);
    let ran = 0;
    for (let i = 1; i <= 5; i++) q.add(i * 10, () => ran++);
    q.clear();
    clock.advanceSync(1_000);
    expect(ran).toBe(0);
    expect(q.size).toBe(0);
  });

  it('keeps (time, arrival) order over many random entries', () => {
    const clock = new VirtualClock();
    const q = new DueQueue(clock, undefined);
    const ran: [number, number][] = [];
    for (let i = 0; i < 2_000; i++) {
      const ms = (i * 7919) % 613;
      q.add(ms, () => ran.push([ms, i]));
    }
    clock.advanceSync(1_000);
    const sorted = [...ran].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(ran).toEqual(sorted);
    expect(ran).toHaveLength(2_000);
  });

  it('keeps (time, arrival) order in a queue that never empties, fed while it runs', () => {
    const clock = new VirtualClock();
    const q = new DueQueue(clock, undefined);
    const ran: [number, number][] = [];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      return seed;
    };
    let n = 0;
    const due = new Map<number, number>();
    const schedule = () => {
      const id = n++;
      const ms = next() % 300;
      due.set(id, clock.now() + ms);
      q.add(ms, () => ran.push([clock.now(), id]));
    };
    for (let i = 0; i < 200; i++) schedule();
    for (let step = 0; step < 5_000; step++) {
      for (let k = next() % 4; k > 0; k--) schedule();
      clock.advanceSync(1 + (next() % 3));
    }
    clock.advanceSync(1_000);
    expect(ran).toHaveLength(n);
    for (const [at, id] of ran) expect(at).toBe(due.get(id));
    const sorted = [...ran].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(ran).toEqual(sorted);
  });

  it('still runs the later entries when one entry throws', () => {
    const clock = new VirtualClock();
    const q = new DueQueue(clock, undefined);
    const ran: string[] = [];
    q.add(10, () => {
      throw new Error('engine bug');
    });
    q.add(20, () => ran.push('later'));
    expect(() => clock.advanceSync(10)).toThrow('engine bug');
    clock.advanceSync(100);
    expect(ran).toEqual(['later']);
  });

  it('runs the entries behind a throwing one at the same time, in order, before later work for that time', () => {
    const clock = new VirtualClock();
    const q = new DueQueue(clock, undefined);
    const ran: string[] = [];
    q.add(10, () => ran.push('a'));
    q.add(10, () => {
      q.add(0, () => ran.push('scheduled by the thrower'));
      throw new Error('engine bug');
    });
    q.add(10, () => ran.push('c'));
    q.add(10, () => ran.push('d'));
    expect(() => clock.advanceSync(10)).toThrow('engine bug');
    expect(q.size).toBe(3);
    clock.advanceSync(0);
    expect(ran).toEqual(['a', 'c', 'd', 'scheduled by the thrower']);
    expect(q.size).toBe(0);
  });

  it('calls a (work, argument) entry with the host and that argument, in arrival order with plain entries', () => {
    const clock = new VirtualClock();
    const host = { name: 'engine' };
    const q = new DueQueue(clock, host);
    const ran: string[] = [];
    const work = (h: { name: string }, x: string): void => {
      ran.push(`${h.name}:${x}`);
    };
    q.add(10, work, 'a');
    q.add(10, () => ran.push('plain'));
    q.add(10, work, 'b');
    q.add(5, work, 'first');
    clock.advanceSync(10);
    expect(ran).toEqual(['engine:first', 'engine:a', 'plain', 'engine:b']);
    expect(q.size).toBe(0);
  });
});
