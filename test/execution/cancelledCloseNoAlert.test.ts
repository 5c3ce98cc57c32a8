import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/Clock.ts';
import type { CancelIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { dec } from '../../src/domain/money.ts';
import type { ExecutionEvent } from '../../src/execution/events.ts';
import { EventReporter } from '../../src/kernel/eventReporter.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { createMetrics } from '../../src/report/metrics/createMetrics.ts';
import { BTC, closeIntent, openIntent, S1, setupVenue, startExecutor, tempJournalPath } from './harness.ts';

/** What the kernel's reporter makes of an executor's events (Kernel wires the bus to onExecution). */
function reported(
  events: readonly ExecutionEvent[],
  clock: Clock,
): { ends: string[]; warnings: string[]; notified: string[] } {
  const warnings: string[] = [];
  const notified: string[] = [];
  const log = { ...silentLogger, enabled: () => true, warn: (m: string) => void warnings.push(m) };
  const reporter = new EventReporter({
    log,
    clock,
    metrics: createMetrics({ processMetrics: false }),
    notify: (n) => void notified.push(n.kind),
  });
  const ends: string[] = [];
  reporter.unrequestedEnds$.subscribe((e) => ends.push(`${e.record.kind} ${e.status}`));
  for (const e of events) reporter.onExecution(e);
  return { ends, warnings, notified };
}

describe('a request we cancelled ourselves is no alert', () => {
  it('a resting LIMIT open cancelled by our own cancel: no unrequested end, warning or notification', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('co-open', { orderType: 'LIMIT', limitPrice: dec(50_000) });
    await executor.submit(open);
    await v.clock.advance(400_000);
    const resting = executor.journal.byIntent(open.intentId)[0];
    expect(resting?.status).toBe('ACCEPTED');
    const cancel: CancelIntent = {
      kind: 'cancel',
      intentId: deriveIntentId(S1, 'co-open-cancel'),
      strategyId: S1,
      createdAt: 0,
      symbol: BTC,
      target: resting!.clientRequestId,
    };
    expect((await executor.submit(cancel)).status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    expect(executor.journal.byIntent(open.intentId)[0]?.status).toBe('CANCELED');
    expect(reported(events, v.clock)).toEqual({ ends: [], warnings: [], notified: [] });
  });

  it('a resting LIMIT close cancelled by our own cancel ends CANCELED without an unrequested end, warning or notification', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('cc-open', { quantity: dec('0.01') });
    await executor.submit(open);
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    // A long's LIMIT close far above the mark rests on the venue.
    const close = closeIntent('cc-close', open, { orderType: 'LIMIT', closePrice: dec(500_000) });
    expect((await executor.submit(close)).status).toBe('accepted');
    await v.clock.advance(400_000);
    const resting = executor.journal.byIntent(close.intentId)[0];
    expect(resting?.status).toBe('ACCEPTED');
    const cancel: CancelIntent = {
      kind: 'cancel',
      intentId: deriveIntentId(S1, 'cc-close-cancel'),
      strategyId: S1,
      createdAt: 0,
      symbol: BTC,
      target: resting!.clientRequestId,
    };
    expect((await executor.submit(cancel)).status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    expect(executor.journal.byIntent(close.intentId)[0]?.status).toBe('CANCELED');
    // The open's fill is the one notification.
    expect(reported(events, v.clock)).toEqual({ ends: [], warnings: [], notified: ['fill'] });
  });
});
