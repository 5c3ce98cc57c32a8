import { staticBook } from './StrategyBook.ts';
import { StrategyRunner, type StrategyRunnerOptions } from './StrategyRunner.ts';
import { MemoryStateStore } from './StrategyState.ts';

type Given = Pick<StrategyRunnerOptions, 'strategy' | 'clock' | 'data'> & Partial<StrategyRunnerOptions>;

/**
 * A started runner for tests and benches: the strategy under its own name on BTCUSDT with no
 * params, a static book and state in memory, and any event a failure unless `emit` says otherwise.
 */
export function testRunner(o: Given): StrategyRunner {
  const r = new StrategyRunner({
    id: o.strategy.name,
    markets: ['BTCUSDT'],
    params: {},
    book: staticBook(),
    state: new MemoryStateStore(),
    emit: (e) => {
      throw new Error(`unexpected ${e.type}`);
    },
    ...o,
  });
  r.start();
  return r;
}
