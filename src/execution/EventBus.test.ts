import { filter, ObjectUnsubscribedError, Subject, type Subscription } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { EventBus } from './EventBus.ts';

/** One script of subscriptions changing while events are delivered, run on a bus; what each observer saw. */
function script(bus: Subject<number>): string[] {
  const seen: string[] = [];
  const subs: Subscription[] = [];
  subs.push(bus.subscribe((v) => seen.push(`a${v}`)));
  subs.push(
    bus.subscribe((v) => {
      seen.push(`b${v}`);
      // Mid-delivery: c is dropped (it must not see this event), d joins (it must not see it either).
      if (v === 2) {
        subs[2]?.unsubscribe();
        subs.push(bus.subscribe((w) => seen.push(`d${w}`)));
      }
      // Re-entered delivery: every observer sees 40 before the rest of 4.
      if (v === 4) bus.next(40);
    }),
  );
  subs.push(bus.subscribe((v) => seen.push(`c${v}`)));
  bus.pipe(filter((v) => v % 2 === 1)).subscribe((v) => seen.push(`odd${v}`));
  for (const v of [1, 2, 3, 4, 5]) bus.next(v);
  subs[0]?.unsubscribe();
  bus.next(6);
  bus.complete();
  bus.next(7);
  return seen;
}

describe('EventBus', () => {
  it('delivers what a Subject delivers while observers join, leave and re-enter next', () => {
    const ours = script(new EventBus<number>());
    expect(ours).toEqual(script(new Subject<number>()));
    expect(ours).toEqual([
      ...['a1', 'b1', 'c1', 'odd1', 'a2', 'b2', 'a3', 'b3', 'odd3', 'd3'],
      ...['a4', 'b4', 'a40', 'b40', 'd40', 'd4', 'a5', 'b5', 'odd5', 'd5', 'b6', 'd6'],
    ]);
  });

  it('throws ObjectUnsubscribedError on next once unsubscribed, as a Subject does', () => {
    const bus = new EventBus<number>();
    bus.subscribe(() => undefined);
    bus.unsubscribe();
    expect(() => bus.next(1)).toThrow(ObjectUnsubscribedError);
  });

  it('delivers nothing and throws nothing with no observers', () => {
    expect(() => new EventBus<number>().next(1)).not.toThrow();
  });

  it('delivers to an observer that joined as the first one left, between two events, as a Subject does', () => {
    const run = (bus: Subject<number>): string[] => {
      const seen: string[] = [];
      const a = bus.subscribe((v) => seen.push(`a${v}`));
      bus.subscribe((v) => seen.push(`b${v}`));
      bus.next(1);
      a.unsubscribe();
      bus.subscribe((v) => seen.push(`c${v}`));
      bus.next(2);
      return seen;
    };
    const ours = run(new EventBus<number>());
    expect(ours).toEqual(run(new Subject<number>()));
    expect(ours).toEqual(['a1', 'b1', 'b2', 'c2']);
  });
});
