import { describe, expect, it } from 'vitest';
import { executionSchema } from '../../config/sections/execution.ts';
import { pollDelay } from './pollDelay.ts';

const DEFAULT_POLL = executionSchema.parse({}).poll;

describe('pollDelay', () => {
  it('polls first after 200 ms, then grows by 1.5 up to the 1 s cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => pollDelay(a, DEFAULT_POLL))).toEqual([
      200, 300, 450, 675, 1000, 1000,
    ]);
  });

  it('never polls sooner than a Retry-After asks', () => {
    expect(pollDelay(0, DEFAULT_POLL, 3000)).toBe(3000);
    expect(pollDelay(5, DEFAULT_POLL, 10)).toBe(1000);
  });
});
