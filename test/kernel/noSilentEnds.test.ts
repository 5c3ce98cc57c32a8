import { afterEach, describe, expect, it } from 'vitest';
import { statusReport } from '../../src/cli/commands/statusReport.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { IntentId, MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { dashboardSnapshot } from '../../src/kernel/dashboardSnapshot.ts';
import type { Notification } from '../../src/report/notify/Notification.ts';
import { renderDashboard } from '../../src/report/terminal/renderDashboard.ts';
import { startWatcherKernel, stopWatcherKernel, type WatcherKernel } from './support/watcherKernel.ts';

const BTC = MarketSymbol('BTCUSDT');
let running: WatcherKernel | undefined;
afterEach(async () => {
  if (running === undefined) return;
  await stopWatcherKernel(running);
  running = undefined;
});

async function start(clock: VirtualClock, notes: Notification[]) {
  running = await startWatcherKernel(clock, { staleAfterMs: 5000, notify: (n) => notes.push(n) });
  return running.kernel;
}

describe('no request ends in silence', () => {
  it('a take-profit the venue refuses is a warning, a metric, a webhook alert, and leaves the position listed as unprotected', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    const notes: Notification[] = [];
    const kernel = await start(clock, notes);
    await clock.runUntil(() => kernel.feed.latest('BTCUSDT') !== undefined, 10_000);
    const base = { strategyId: StrategyId('watch'), createdAt: clock.now(), symbol: BTC };
    const openId = IntentId('in_open_1');
    kernel.submit({
      ...base,
      kind: 'open',
      intentId: openId,
      side: 'LONG',
      quantity: dec('0.01'),
      leverage: 1,
      orderType: 'MARKET',
      slippage: dec('0.01'),
    });
    // A LONG's take-profit below the mark: the venue answers 400 INVALID_TPSL.
    kernel.submit({
      ...base,
      kind: 'setTpSl',
      intentId: IntentId('in_tp_1'),
      position: { by: 'intent', intentId: openId },
      takeProfit: dec(40_000),
    });
    await clock.runUntil(() => kernel.reporter.ends.unprotectedPositions().length === 1, 30_000);

    expect(kernel.reporter.ends.unprotectedPositions()).toEqual([
      expect.objectContaining({
        strategyId: 'watch',
        symbol: 'BTCUSDT',
        reason: expect.stringContaining('INVALID_TPSL'),
      }),
    ]);
    const warning = kernel.reporter.recent.find((r) => r.text.includes('setTpSl BTCUSDT REJECTED'));
    expect(warning?.level).toBe('warning');
    expect(warning?.text).toContain('UNPROTECTED');
    const alerts = (await kernel.metrics.alerts.get()).values;
    expect(alerts).toContainEqual({ labels: { severity: 'warning', code: 'REQUEST_REJECTED' }, value: 1 });
    expect(notes.filter((n) => n.title.startsWith('TP/SL rejected'))).toHaveLength(1);

    // The live terminal view shows it too, from the same list, in a line of its own.
    const frame = renderDashboard(dashboardSnapshot(kernel, 'test'), { width: 400, colour: false });
    const lines = frame.split('\n').filter((l) => l.startsWith('UNPROTECTED'));
    expect(lines).toEqual([
      'UNPROTECTED BTCUSDT long 0.01 — TP/SL refused: INVALID_TPSL: POST /v1/tpsl/set: HTTP 400 (INVALID_TPSL: takeProfit: 40000 must be above the mark 50000 for a LONG) (watch)',
    ]);
    // `perpflow status` reads the same from the journal, as another process would.
    const journal = openReadOnlyJournal(kernel.executor.journal.path);
    try {
      expect(statusReport(journal, undefined).unprotected).toEqual([
        expect.objectContaining({
          market: 'BTCUSDT',
          side: 'LONG',
          size: '0.01',
          strategy: 'watch',
          reason: expect.stringContaining('takeProfit: 40000 must be above the mark 50000'),
        }),
      ]);
    } finally {
      journal.close();
    }
    // Closed, it has nothing left to protect: the line goes.
    kernel.submit({
      ...base,
      kind: 'close',
      intentId: IntentId('in_close_1'),
      position: { by: 'intent', intentId: openId },
      quantity: 'all',
      orderType: 'MARKET',
      slippage: dec('0.01'),
    });
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);
    const after = renderDashboard(dashboardSnapshot(kernel, 'test'), { width: 400, colour: false });
    expect(after.split('\n').filter((l) => l.startsWith('UNPROTECTED'))).toEqual([]);
  });
});
