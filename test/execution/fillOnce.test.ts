import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { FillId, MarketSymbol, QuoteId, StrategyId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { DEFINITIVE_REJECT_CODES } from '../../src/execution/definitiveRejects.ts';
import { ExecutionCore } from '../../src/execution/ExecutionCore.ts';
import type { ExecutionEvent } from '../../src/execution/events.ts';
import { executionOptions } from '../../src/execution/options.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { cachedLatches } from '../../src/risk/latchStore.ts';
import { riskOptionsFromConfig } from '../../src/risk/limits.ts';
import { RiskGate } from '../../src/risk/RiskGate.ts';
import { setupVenue } from './harness.ts';

describe('the executor core applies each fill once', () => {
  it('books a fill handed to it twice once: the journal keeps the first, the ledger and the events count it once', async () => {
    const v = await setupVenue();
    const journal = new MemoryJournal(v.clock);
    const events$ = new Subject<ExecutionEvent>();
    const applied: string[] = [];
    events$.subscribe((e) => e.type === 'fillApplied' && applied.push(e.fill.fillId));
    const core = new ExecutionCore({
      venue: v.venue,
      journal,
      clock: v.clock,
      options: executionOptions(undefined),
      events$,
      makeGate: (emit) =>
        new RiskGate(cachedLatches(journal), v.clock, riskOptionsFromConfig(undefined), emit),
      crash: () => {},
      rejectCodes: DEFINITIVE_REJECT_CODES,
      onEnd: () => {},
      reconcileNow: () => undefined,
    });
    const fill = {
      fillId: FillId('open:cr_1'),
      clientRequestId: null,
      strategyId: StrategyId('s1'),
      quoteId: QuoteId('7'),
      symbol: MarketSymbol('BTCUSDT'),
      side: 'LONG' as const,
      effect: 'open' as const,
      quantity: dec('0.3'),
      price: dec('100'),
      fee: dec('0'),
      ts: 1,
    };
    expect(core.applyFill(fill)).toBe(true);
    expect(core.applyFill({ ...fill, price: dec('101') })).toBe(false);
    expect(journal.fills().map((f) => [f.fillId, f.price.toString()])).toEqual([['open:cr_1', '100']]);
    expect(core.ledger.exposure().get('BTCUSDT:LONG')?.toString()).toBe('0.3');
    expect(applied).toEqual(['open:cr_1']);
  });
});
