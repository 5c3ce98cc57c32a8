import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { FanOut } from './FanOut.ts';

describe('FanOut', () => {
  it('hands each value to function and observer subscribers alike, in subscription order', () => {
    const hub = new FanOut<number>();
    const heard: string[] = [];
    hub.stream.subscribe((v) => heard.push(`f${v}`));
    hub.stream.subscribe({ next: (v) => heard.push(`o${v}`) });
    hub.stream.pipe(map((v) => v * 10)).subscribe((v) => heard.push(`p${v}`));
    hub.push(1);
    hub.push(2);
    expect(heard).toEqual(['f1', 'o1', 'p10', 'f2', 'o2', 'p20']);
  });

  it('lets a subscriber leave during a push: the others still hear that value, it hears no more', () => {
    const hub = new FanOut<number>();
    const heard: string[] = [];
    const first = hub.stream.subscribe((v) => {
      heard.push(`a${v}`);
      first.unsubscribe();
    });
    hub.stream.subscribe((v) => heard.push(`b${v}`));
    hub.push(1);
    hub.push(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
  });

  it('keeps a function subscribed twice until each subscription ends, once per unsubscribe', () => {
    const hub = new FanOut<number>();
    const heard: number[] = [];
    const f = (v: number): void => {
      heard.push(v);
    };
    const one = hub.stream.subscribe(f);
    hub.stream.subscribe(f);
    hub.push(1);
    one.unsubscribe();
    one.unsubscribe();
    hub.push(2);
    expect(heard).toEqual([1, 1, 2]);
  });

  it('completes observer subscribers on complete, and no one hears a push after it', () => {
    const hub = new FanOut<number>();
    const heard: string[] = [];
    hub.stream.subscribe({ next: (v) => heard.push(`o${v}`), complete: () => heard.push('done') });
    hub.stream.subscribe((v) => heard.push(`f${v}`));
    hub.stream.subscribe({ complete: () => heard.push('done2') }).unsubscribe();
    hub.complete();
    hub.push(1);
    expect(heard).toEqual(['done']);
  });

  it('lets an error thrown by a function subscriber reach the pusher', () => {
    const hub = new FanOut<number>();
    hub.stream.subscribe(() => {
      throw new Error('broken subscriber');
    });
    expect(() => hub.push(1)).toThrow('broken subscriber');
  });
});
