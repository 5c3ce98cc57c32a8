import { describe, expect, it } from 'vitest';
import type { TempId } from '../../src/domain/ids.ts';
import type { VenueClient } from '../../src/venue/VenuePort.ts';
import { openIntent, setupVenue, startExecutor, tempJournalPath } from './harness.ts';

/** The real client with the virtual time of each status poll recorded. */
function timed(venue: VenueClient, now: () => number, at: number[]): VenueClient {
  return new Proxy(venue, {
    get(target, prop, receiver) {
      if (prop === 'requestStatus')
        return (kind: never, id: TempId) => {
          at.push(now());
          return target.requestStatus(kind, id);
        };
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('the RFQ status poller', () => {
  it('polls soon after the 201, then at growing intervals capped at 1 s, on the virtual clock', async () => {
    const v = await setupVenue({ fillLatencyMs: { min: 4_000, max: 4_000 } });
    const at: number[] = [];
    const { executor } = await startExecutor(v, {
      path: tempJournalPath(),
      venue: timed(v.venue, () => v.clock.now(), at),
    });
    const start = v.clock.now();
    await executor.submit(openIntent('t1'));
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    const gaps = at.map((t, i) => t - (i === 0 ? start : (at[i - 1] as number)));
    // 5 ms batch window, then 200, 300, 450, 675, 1000, 1000 …
    expect(gaps.slice(0, 6)).toEqual([205, 300, 450, 675, 1000, 1000]);
    expect(executor.journal.byIntent(openIntent('t1').intentId)[0]?.status).toBe('FILLED');
  });
});
