import { describe, expect, it } from 'vitest';
import { type SettleMode, VirtualClock } from './VirtualClock.ts';

/** A timer at 10 ms starts a chain of `depth` awaits; a timer at 20 ms reads how far it got. */
async function chainSeenByNextTimer(settle: SettleMode, depth: number): Promise<number> {
  const clock = new VirtualClock(0, { settle });
  let done = 0;
  let seen = -1;
  clock.setTimeout(() => {
    void (async () => {
      for (let i = 0; i < depth; i++) {
        await Promise.resolve();
        done++;
      }
    })();
  }, 10);
  clock.setTimeout(() => {
    seen = done;
  }, 20);
  await clock.advance(20);
  return seen;
}

describe('VirtualClock settle modes', () => {
  it('microtask settling lets a chain of 1,000 awaits started by one timer finish before the next timer fires', async () => {
    expect(await chainSeenByNextTimer('microtasks', 1_000)).toBe(1_000);
  });

  it('turn settling lets the same chain finish too', async () => {
    expect(await chainSeenByNextTimer('turn', 1_000)).toBe(1_000);
  });

  it('microtask settling takes no event-loop turn: an immediate queued before runUntil has not run when it returns', async () => {
    const clock = new VirtualClock(0, { settle: 'microtasks' });
    let fired = false;
    clock.setTimeout(() => {
      fired = true;
    }, 5);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    expect(await clock.runUntil(() => fired)).toBe(true);
    expect(turned).toBe(false);
  });

  it('turn settling waits an event-loop turn: the immediate queued before runUntil has run', async () => {
    const clock = new VirtualClock(0);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    await clock.runUntil(() => true);
    expect(turned).toBe(true);
  });
});
