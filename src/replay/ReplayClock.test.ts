import { describe, expect, it } from 'vitest';
import { ReplayClock } from './ReplayClock.ts';

describe('ReplayClock', () => {
  it('fires its own timers as late as recorded, those of its exact view when due', async () => {
    const clock = new ReplayClock(0, [{ k: 'l', t: 1_000, d: 7 }]);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`kernel ${clock.now()}`), 1_000);
    clock.exact().setTimeout(() => fired.push(`simulator ${clock.now()}`), 1_000);
    await clock.advanceTo(2_000);
    expect(fired).toEqual(['simulator 1000', 'kernel 1007']);
  });

  it('lets the exact view clear its timers and sleep on the same time', async () => {
    const clock = new ReplayClock(0, []);
    const exact = clock.exact();
    const fired: number[] = [];
    exact.clearTimeout(exact.setTimeout(() => fired.push(1), 10));
    void exact.sleep(20).then(() => fired.push(exact.now()));
    await clock.advanceTo(100);
    expect(fired).toEqual([20]);
    expect(exact.scheduler.now()).toBe(100);
  });
});
