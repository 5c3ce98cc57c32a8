import { describe, expect, it } from 'vitest';
import type { BacktestWorld } from '../../backtest/BacktestWorld.ts';
import { checkHistory } from '../../backtest/checkHistory.ts';
import { engine, openOn } from '../../src/simulator/engine/testEngine.ts';

/** A world around a test engine whose history keeps one ended record, after two round trips. */
function worldAfterTwoRoundTrips() {
  const { clock, e, sub } = engine({ history: 1 });
  const opens = [];
  for (let i = 0; i < 2; i++) {
    const open = openOn(e, sub);
    clock.advanceSync(100);
    e.submitClose(open.quote, { quantityToClose: 0.01, orderType: 'MARKET' });
    clock.advanceSync(100);
    opens.push(open.tempId);
  }
  const world = { sim: { engine: e } } as unknown as BacktestWorld;
  return { e, world, first: opens[0] ?? '' };
}

describe('checkHistory', () => {
  it('passes a run that never asked about a forgotten record', () => {
    const { world } = worldAfterTwoRoundTrips();
    expect(() => checkHistory(world)).not.toThrow();
  });

  it('fails the run, naming the id, when a forgotten record was asked about and the error swallowed', () => {
    const { e, world, first } = worldAfterTwoRoundTrips();
    try {
      e.request(first);
    } catch {
      // The executor treats a failed venue call as no answer and goes on.
    }
    expect(() => checkHistory(world)).toThrow(new RegExp(`asked 1 time.*${first}.*BACKTEST_HISTORY`));
  });
});
