import { describe, expect, it } from 'vitest';
import { SAME_REQUEST_MS, StopAction, StopSignalPolicy } from './stopSignalPolicy.ts';

describe('StopSignalPolicy', () => {
  it('stops on the first signal and takes a repeat within the window for the same Ctrl-C', () => {
    const p = new StopSignalPolicy();
    expect(p.decide(1_000)).toBe(StopAction.STOP);
    expect(p.decide(1_000 + SAME_REQUEST_MS - 1)).toBe(StopAction.IGNORE);
  });

  it('exits at once on a second request once the window has passed and the stop still runs', () => {
    const p = new StopSignalPolicy();
    p.decide(1_000);
    expect(p.decide(1_000 + SAME_REQUEST_MS)).toBe(StopAction.EXIT_NOW);
  });

  it('ignores every signal after the stop has finished, however late', () => {
    const p = new StopSignalPolicy();
    p.decide(1_000);
    p.finish();
    expect([p.decide(1_001), p.decide(60_000)]).toEqual([StopAction.IGNORE, StopAction.IGNORE]);
  });
});
