import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { RequestBudget } from './requestBudget.ts';
import { sharedBudget } from './sharedBudget.ts';

describe('RequestBudget', () => {
  it('lets a full burst through at once, then one request per interval', () => {
    const budget = new RequestBudget(new VirtualClock(), { ratePerSecond: 4, burst: 3 });
    expect([
      budget.reserve(),
      budget.reserve(),
      budget.reserve(),
      budget.reserve(),
      budget.reserve(),
    ]).toEqual([0, 0, 0, 250, 500]);
  });

  it('refills the burst after an idle period', async () => {
    const clock = new VirtualClock();
    const budget = new RequestBudget(clock, { ratePerSecond: 4, burst: 2 });
    budget.reserve();
    budget.reserve();
    await clock.advance(10_000);
    expect([budget.reserve(), budget.reserve(), budget.reserve()]).toEqual([0, 0, 250]);
  });

  it('holds everyone off after a Retry-After', () => {
    const budget = new RequestBudget(new VirtualClock(), { ratePerSecond: 100, burst: 10 });
    budget.holdOff(2_000);
    expect(budget.reserve()).toBe(2_000);
  });

  it('refuses a rate or burst that cannot work', () => {
    expect(() => new RequestBudget(new VirtualClock(), { ratePerSecond: 0, burst: 1 })).toThrow(RangeError);
  });

  it('gives every client of one key the same bucket', () => {
    const clock = new VirtualClock();
    expect(sharedBudget(clock, 'ix.a')).toBe(sharedBudget(clock, 'ix.a'));
    expect(sharedBudget(clock, 'ix.a')).not.toBe(sharedBudget(clock, 'ix.b'));
  });
});
