import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import type { Fill } from '../domain/fill.ts';
import { ClientRequestId, FillId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { silentLogger } from '../log/Logger.ts';
import { createMetrics } from '../report/metrics/createMetrics.ts';
import { EventReporter } from './eventReporter.ts';

const fill = (n: number, effect: 'open' | 'close'): Fill => ({
  fillId: FillId(`f${n}`),
  clientRequestId: ClientRequestId(`r${n}`),
  strategyId: StrategyId('sma'),
  quoteId: QuoteId(`${1000 + n}`),
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  effect,
  quantity: dec('0.002'),
  price: dec('95000'),
  fee: dec('0.17'),
  ts: 0,
});

describe('EventReporter fill lines around a stop', () => {
  it('marks an open filled after the stop began as in flight before stop, and no other line', () => {
    const lines: string[] = [];
    const log = { ...silentLogger, enabled: () => true, info: (m: string) => void lines.push(m) };
    const r = new EventReporter({
      log,
      clock: new VirtualClock(0),
      metrics: createMetrics({ processMetrics: false }),
      notify: () => {},
    });
    r.onExecution({ type: 'fillApplied', fill: fill(1, 'open') });
    r.stopBegan();
    r.onExecution({ type: 'fillApplied', fill: fill(2, 'open') });
    r.onExecution({ type: 'fillApplied', fill: fill(3, 'close') });
    expect(lines).toEqual([
      'opened BTCUSDT LONG 0.002 @ 95000 (sma, fee 0.1700)',
      'opened BTCUSDT LONG 0.002 @ 95000 (sma, fee 0.1700) — in flight before stop',
      'closed BTCUSDT LONG 0.002 @ 95000 (sma, fee 0.1700)',
    ]);
  });

  it('formats a fill only when it is read: with the log off and no notifier, not at all', () => {
    let formatted = 0;
    const price = Object.assign(dec('95000'), {
      toString: () => {
        formatted++;
        return '95000';
      },
    });
    const r = new EventReporter({
      log: silentLogger,
      clock: new VirtualClock(0),
      metrics: createMetrics({ processMetrics: false }),
      notify: undefined,
    });
    r.onExecution({ type: 'fillApplied', fill: { ...fill(1, 'open'), price } });
    expect(formatted).toBe(0);
    expect(r.recent.map((e) => e.text)).toEqual(['opened BTCUSDT LONG 0.002 @ 95000 (sma, fee 0.1700)']);
    expect(r.recent[0]?.text).toBe('opened BTCUSDT LONG 0.002 @ 95000 (sma, fee 0.1700)');
    expect(formatted).toBe(1);
  });

  it('hands a notifier the fill with its severity and time', () => {
    const sent: unknown[] = [];
    const r = new EventReporter({
      log: silentLogger,
      clock: new VirtualClock(7),
      metrics: createMetrics({ processMetrics: false }),
      notify: (n) => void sent.push(n),
    });
    r.onExecution({ type: 'fillApplied', fill: fill(1, 'close') });
    expect(sent).toEqual([
      {
        kind: 'fill',
        title: 'BTCUSDT LONG closed',
        lines: ['0.002 @ 95000', 'strategy sma'],
        severity: 'info',
        at: 7,
      },
    ]);
  });
});
