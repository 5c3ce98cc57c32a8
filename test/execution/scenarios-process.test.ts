/**
 * reliability.md (b), scenarios 15-20: repeated signals, duplicate reports, journal failures,
 * shutdown and crashes at every labelled point, the kill switch, and a second instance.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { registerRiskCommands } from '../../src/cli/commands/risk.ts';
import { createProgram } from '../../src/cli/program.ts';
import { dec } from '../../src/domain/money.ts';
import { CRASH_POINTS, SimulatedCrash } from '../../src/execution/crash.ts';
import { onHaltSignal } from '../../src/execution/killSwitch.ts';
import { riskOptionsFromConfig } from '../../src/risk/limits.ts';
import {
  BTC,
  closeIntent,
  ETH,
  manualTrader,
  openIntent,
  sameExposure,
  settle,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  venueExposure,
  venueQuoteCount,
} from './harness.ts';

/** `perpflow …` in process, output swallowed. */
async function run(...args: string[]): Promise<void> {
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    const program = createProgram();
    registerRiskCommands(program);
    await program.parseAsync(['node', 'perpflow', ...args]);
  } finally {
    spy.mockRestore();
  }
}

describe('scenario 15: the same signal twice, and replayed after a restart', () => {
  it('turns a repeated signal into a no-op and allows one open per (strategy, market, side) unless stacking', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const { executor } = await startExecutor(v, { path });
    expect((await executor.submit(openIntent('bar-1'))).status).toBe('accepted');
    expect((await executor.submit(openIntent('bar-1'))).status).toBe('duplicate');
    const other = await executor.submit(openIntent('bar-2'));
    expect(other.status === 'denied' && other.reason).toBe('DUPLICATE_OPEN');
    expect((await executor.submit(openIntent('bar-3', { allowStacking: true }))).status).toBe('accepted');
    await settle(v, executor);
    await executor.stop();
    const again = await startExecutor(v, { path });
    expect((await again.executor.submit(openIntent('bar-1'))).status).toBe('duplicate');
    await settle(v, again.executor);
    expect(venueQuoteCount(v)).toBe(2);
  });
});

describe('scenario 16: duplicate, late and out-of-order reports', () => {
  it('applies a fill reported by both the positions list and a late status poll once, and never regresses a terminal state', async () => {
    const v = await setupVenue({ faults: { dropResponseRate: 1 } });
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const intent = openIntent('s16');
    await executor.submit(intent);
    await v.clock.advance(10);
    v.sim.setFaults({});
    await settle(v, executor);
    const r = executor.journal.byIntent(intent.intentId)[0]!;
    expect(r.status).toBe('RECONCILED_EXECUTED');
    const late = await v.venue.requestStatus('open', r.tempId!);
    executor.applyReport(r, late!, true);
    executor.applyReport(r, { ...late!, status: 'PENDING' }, false);
    await executor.reconcileNow();
    expect(executor.journal.byIntent(intent.intentId)[0]?.status).toBe('RECONCILED_EXECUTED');
    expect(executor.fills()).toHaveLength(1);
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01' });
  });
});

describe('scenario 17: the journal cannot be written, or is corrupt at boot', () => {
  it('denies and sends nothing when the intent cannot be journaled (fail closed)', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    executor.journal.database.exec('PRAGMA query_only=1');
    const res = await executor.submit(openIntent('s17'));
    expect(res.status === 'denied' && res.reason).toBe('JOURNAL_FAILED');
    const next = await executor.submit(openIntent('s17-b', { symbol: ETH }));
    expect(next.status === 'denied' && next.reason).toBe('JOURNAL_FAILED');
    await v.clock.advance(1_000);
    expect(venueQuoteCount(v)).toBe(0);
    expect(
      events.some((e) => e.type === 'alert' && e.code === 'JOURNAL_FAILED' && e.severity === 'critical'),
    ).toBe(true);
  });

  it('does not send a batched request whose SUBMITTING write failed; after restart it is NOT_SENT', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const { executor, venueCalls } = await startExecutor(v, { path });
    const intent = openIntent('s17c');
    expect((await executor.submit(intent)).status).toBe('accepted');
    executor.journal.database.exec('PRAGMA query_only=1');
    await v.clock.advance(1_000);
    expect(venueCalls()).toBe(0);
    expect(venueQuoteCount(v)).toBe(0);
    executor.journal.abandon();
    const again = await startExecutor(v, { path });
    expect(again.executor.journal.byIntent(intent.intentId)[0]?.status).toBe('NOT_SENT');
  });

  it('quarantines a corrupt journal and adopts every venue position as external', async () => {
    const v = await setupVenue();
    await manualTrader(v).openPosition({
      symbol: BTC,
      side: 'LONG',
      quantity: dec('0.02'),
      leverage: 3,
      orderType: 'MARKET',
    });
    await v.clock.advance(1_000);
    const path = tempJournalPath();
    writeFileSync(path, 'garbage '.repeat(1000));
    const { executor, events } = await startExecutor(v, { path });
    expect(executor.quarantined).toBe(true);
    expect(executor.journal.externals()).toHaveLength(1);
    expect(events.filter((e) => e.type === 'alert').map((e) => e.type === 'alert' && e.code)).toEqual(
      expect.arrayContaining(['JOURNAL_QUARANTINED', 'EXTERNAL_POSITION']),
    );
    expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
  });
});

describe('scenario 18: shutdown and crashes with requests in flight', () => {
  it('journals requests still waiting in the batcher as NOT_SENT on an orderly stop', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const { executor } = await startExecutor(v, { path, execution: { batchWindowMs: 50 } });
    const intent = openIntent('s18');
    await executor.submit(intent);
    await executor.stop();
    const again = await startExecutor(v, { path });
    expect(again.executor.journal.byIntent(intent.intentId)[0]?.status).toBe('NOT_SENT');
    expect(venueQuoteCount(v)).toBe(0);
  });

  it('on SIGTERM lets in-flight requests finish within the drain time, and journals a submit still unanswered as UNKNOWN', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const { executor } = await startExecutor(v, { path });
    const quick = openIntent('s18-quick');
    await executor.submit(quick);
    await v.clock.advance(10);
    v.sim.setFaults({ latencyMs: { min: 8_000, max: 8_000 } });
    const slow = openIntent('s18-slow', { symbol: ETH, quantity: dec('0.1') });
    await executor.submit(slow);
    await v.clock.advance(10);
    v.sim.setFaults({});
    let stopped = false;
    void executor.stop({ drainMs: 2_000 }).then(() => {
      stopped = true;
    });
    await v.clock.runUntil(() => stopped, 10_000);
    expect(executor.journal.byIntent(quick.intentId)[0]?.status).toBe('FILLED');
    expect(executor.journal.byIntent(slow.intentId)[0]?.status).toBe('UNKNOWN');
    const again = await startExecutor(v, { path });
    await settle(v, again.executor);
    expect(again.executor.journal.byIntent(slow.intentId)[0]?.status).toBe('RECONCILED_EXECUTED');
    expect(venueQuoteCount(v)).toBe(2);
    expect(sameExposure(again.executor.exposure(), await venueExposure(v))).toBe(true);
  });

  for (const point of CRASH_POINTS) {
    it(`recovers from a crash at ${point} with no duplicate open and the ledger equal to the venue`, async () => {
      const v = await setupVenue();
      const path = tempJournalPath();
      const first = await startExecutor(v, {
        path,
        crash: (p) => {
          if (p === point) throw new SimulatedCrash(p);
        },
      });
      const intent = openIntent(`crash-${point}`);
      await first.executor.submit(intent);
      await v.clock.runUntil(() => first.executor.isDead, 10_000);
      expect(first.executor.isDead).toBe(true);
      const { executor } = await startExecutor(v, { path });
      await settle(v, executor);
      expect(venueQuoteCount(v)).toBeLessThanOrEqual(1);
      const r = executor.journal.byIntent(intent.intentId)[0];
      expect(['FILLED', 'RECONCILED_EXECUTED', 'RECONCILED_NOT_EXECUTED', 'NOT_SENT']).toContain(r?.status);
      expect(executor.unresolved()).toHaveLength(0);
      expect(sameExposure(executor.exposure(), await venueExposure(v))).toBe(true);
      expect(new Set(executor.fills().map((f) => f.fillId)).size).toBe(executor.fills().length);
    });
  }
});

describe('scenario 19: kill switch', () => {
  it('latches HALTED on the daily loss limit across a restart, allows closes, and only a manual resume clears it', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const risk = riskOptionsFromConfig({ account: { dailyLossLimit: 5 } });
    const { executor } = await startExecutor(v, { path, risk });
    const a = openIntent('k1', { quantity: dec('0.1') });
    await executor.submit(a);
    await settle(v, executor);
    const mark = v.sim.engine.mark('BTCUSDT')!.mark;
    v.sim.engine.setMark('BTCUSDT', mark * 0.98);
    await executor.submit(closeIntent('k1-close', a));
    await settle(v, executor);
    expect(executor.gate.state).toBe('halted');
    await executor.stop();
    const { executor: again } = await startExecutor(v, { path, risk });
    const denied = await again.submit(openIntent('k2'));
    expect(denied.status === 'denied' && denied.reason).toBe('TRADING_HALTED');
    again.resume();
    expect((await again.submit(openIntent('k3'))).status).toBe('accepted');
  });

  it('latches HALTED when the venue equity falls the configured drawdown below its peak', async () => {
    const v = await setupVenue({ collateral: 10_000 });
    const risk = riskOptionsFromConfig({ account: { maxDrawdownPct: 5 } });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), risk });
    await executor.submit(openIntent('dd', { quantity: dec('0.05'), leverage: 10 }));
    await settle(v, executor);
    await executor.reconcileNow();
    expect(executor.gate.state).toBe('active');
    const mark = v.sim.engine.mark('BTCUSDT')!.mark;
    v.sim.engine.setMark('BTCUSDT', mark * 0.85);
    await executor.reconcileNow();
    expect(executor.gate.state).toBe('halted');
    expect(executor.gate.stateReason).toMatch(/drawdown/);
  });

  it('closes every position with close-all-positions when halted with closeAll, and refuses new opens', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    await executor.submit(openIntent('h1'));
    await executor.submit(openIntent('h2', { symbol: ETH, side: 'SHORT', quantity: dec('0.1') }));
    await settle(v, executor);
    await executor.halt({ reason: 'operator', closeAll: true });
    await settle(v, executor);
    expect(show(await venueExposure(v))).toEqual({});
    expect(show(executor.exposure())).toEqual({});
    expect(events.some((e) => e.type === 'tradingStateChanged' && e.to === 'halted')).toBe(true);
    const res = await executor.submit(openIntent('h3'));
    expect(res.status === 'denied' && res.reason).toBe('TRADING_HALTED');
  });
});

describe('scenario 19: the operator kill switch', () => {
  it('obeys `perpflow halt --close-all` written to the journal by another process, on the halt signal', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const { executor, events } = await startExecutor(v, { path });
    await executor.submit(openIntent('op-1'));
    await settle(v, executor);
    await run('halt', '--journal', path, '--close-all');
    const denied = await executor.submit(openIntent('op-2', { symbol: ETH }));
    expect(denied.status === 'denied' && denied.reason).toBe('TRADING_HALTED');
    await onHaltSignal(executor);
    await settle(v, executor);
    expect(show(await venueExposure(v))).toEqual({});
    expect(show(executor.exposure())).toEqual({});
    expect(events.some((e) => e.type === 'alert' && e.code === 'HALT_SIGNAL')).toBe(true);
  });
});

describe('scenario 19b: close-all requested from another host (no signal reaches the process)', () => {
  it('is obeyed by the close-all watch job within one housekeeping period', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const { executor, events } = await startExecutor(v, { path });
    await executor.submit(openIntent('watch-1'));
    await settle(v, executor);
    await run('halt', '--journal', path, '--close-all');
    await v.clock.advance(29_000);
    expect(show(await venueExposure(v))).toEqual({ 'BTCUSDT:LONG': '0.01' });
    await v.clock.advance(1_000);
    await settle(v, executor);
    expect(show(await venueExposure(v))).toEqual({});
    expect(show(executor.exposure())).toEqual({});
    expect(events.some((e) => e.type === 'alert' && e.code === 'HALT_SIGNAL')).toBe(true);
  });
});

describe('scenario 20: a second instance on the same journal', () => {
  it('refuses to start while the first holds the lease, and starts once the first is gone', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const { executor } = await startExecutor(v, { path });
    await expect(startExecutor(v, { path })).rejects.toThrow(/holds the journal lease/);
    await executor.stop();
    await expect(startExecutor(v, { path })).resolves.toBeDefined();
  });

  it('refuses a second instance on the same subaccount even with its own journal file (host lock)', async () => {
    const v = await setupVenue();
    const hostLockDir = mkdtempSync(join(tmpdir(), 'pf-lock-'));
    const first = await startExecutor(v, { path: tempJournalPath(), hostLockDir });
    await expect(startExecutor(v, { path: tempJournalPath(), hostLockDir })).rejects.toThrow(
      /trades venue:42161:0x/,
    );
    await first.executor.stop();
    await expect(startExecutor(v, { path: tempJournalPath(), hostLockDir })).resolves.toBeDefined();
  });
});
