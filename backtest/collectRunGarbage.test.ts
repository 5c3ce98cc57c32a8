import { afterEach, describe, expect, it } from 'vitest';
import { collectRunGarbage } from './collectRunGarbage.ts';

const had = Reflect.get(globalThis, 'gc');

describe('collectRunGarbage', () => {
  afterEach(() => Reflect.set(globalThis, 'gc', had));

  it('collects once when Node exposes gc, and does nothing when it does not', () => {
    let calls = 0;
    Reflect.set(globalThis, 'gc', () => calls++);
    collectRunGarbage();
    expect(calls).toBe(1);
    Reflect.set(globalThis, 'gc', undefined);
    expect(() => collectRunGarbage()).not.toThrow();
  });
});
