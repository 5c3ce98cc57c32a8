import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LAUNCHER_DIED } from '../../bin/launcherLifeline.js';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { StrategyId } from '../../src/domain/ids.ts';
import { HALT_SIGNAL } from '../../src/execution/haltSignal.ts';
import { bindProcessSignals } from '../../src/kernel/processSignals.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import type { Actor } from '../../src/operate/api/contract.ts';
import { RESUME_REQUESTED } from '../../src/risk/killSwitchKeys.ts';
import { startOperatorKernel } from './support/operatorKernel.ts';
import { stopWatcherKernel, type WatcherKernel } from './support/watcherKernel.ts';

const alice: Actor = { via: 'console', name: 'alice', from: '10.0.0.7' };
let running: WatcherKernel | undefined;
const SIGNALS = ['SIGINT', 'SIGTERM', HALT_SIGNAL, LAUNCHER_DIED] as const;
const emitter = process as NodeJS.EventEmitter;
const before = new Map(SIGNALS.map((s) => [s, emitter.listenerCount(s)]));
afterEach(async () => {
  // bindProcessSignals leaves its handlers bound by design: remove this test's.
  for (const s of SIGNALS)
    for (const l of emitter.listeners(s).slice(before.get(s))) emitter.off(s, l as (...a: unknown[]) => void);
  if (running === undefined) return;
  await stopWatcherKernel(running);
  running = undefined;
});

const fresh = () => mkdtempSync(join(tmpdir(), 'perpflow-audit-'));

describe('the operator audit and pauses in the journal, through the kernel', () => {
  it('a click repeated while the first is under way answers its outcome as a duplicate and closes once', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    running = await startOperatorKernel(clock, fresh());
    const { kernel } = running;
    await clock.runUntil(() => kernel.executor.ledger.openLots(StrategyId('once')).length === 1, 30_000);
    const close = { kind: 'close', actionId: 'twice', market: 'BTCUSDT' } as const;
    const [first, second] = await Promise.all([
      kernel.operator.act(close, alice),
      kernel.operator.act(close, alice),
    ]);
    expect(first.status).toBe('accepted');
    expect(second).toStrictEqual({ status: 'duplicate', actionId: 'twice', first });
    expect(kernel.executor.journal.all().filter((r) => r.kind === 'close')).toHaveLength(1);
    expect(kernel.operator.audit().map((e) => e.actionId)).toEqual(['twice']);
  });

  it('the audit and the pause are journaled under their keys, read back after a restart (an action id seen before answers duplicate), and a damaged audit index does not stop the bot', async () => {
    const dir = fresh();
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    running = await startOperatorKernel(clock, dir);
    const one = running.kernel;
    // An action id may be any token, even one spelling a journal key.
    const paused = await one.operator.act(
      { kind: 'pause', actionId: 'operatorActions', strategy: 'once' },
      alice,
    );
    const resumed = await one.operator.act({ kind: 'resume', actionId: 'r1' }, alice);
    const journal = one.executor.journal;
    expect(journal.getMeta('strategyPaused:once')).toBe('operator pause by alice (console)');
    expect(journal.getMeta('operatorActions')).toBe('["operatorActions","r1"]');
    expect(JSON.parse(journal.getMeta('operatorAction:r1') ?? 'null')).toEqual({
      actionId: 'r1',
      at: clock.now(),
      actor: alice,
      action: { kind: 'resume', actionId: 'r1' },
      outcome: resumed,
    });
    await stopWatcherKernel(running);

    running = await startOperatorKernel(clock, dir);
    const two = running.kernel;
    expect(two.operator.pauses.isPaused('once')).toBe(true);
    expect(two.operator.audit(1).map((e) => e.actionId)).toEqual(['r1']);
    expect(two.operator.audit().map((e) => e.actionId)).toEqual(['r1', 'operatorActions']);
    expect(
      await two.operator.act({ kind: 'pause', actionId: 'operatorActions', strategy: 'once' }, alice),
    ).toStrictEqual({ status: 'duplicate', actionId: 'operatorActions', first: paused });
    // A truncated index row (a crash mid-edit, a hand edit): the next start reads an empty audit.
    two.executor.journal.setMeta('operatorActions', '["r1",');
    await stopWatcherKernel(running);

    running = await startOperatorKernel(clock, dir);
    expect(running.kernel.operator.audit()).toEqual([]);
    expect(running.kernel.operator.pauses.isPaused('once')).toBe(true);
  });

  it('the kill switch signal (perpflow halt, then perpflow resume) is audited, three in one millisecond under distinct ids', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    running = await startOperatorKernel(clock, fresh());
    const { kernel } = running;
    const heard: string[] = [];
    kernel.operator.audit$.subscribe((e) => heard.push(e.actionId));
    bindProcessSignals(kernel, silentLogger, () => {});
    process.emit(HALT_SIGNAL, HALT_SIGNAL);
    kernel.executor.journal.setMeta(RESUME_REQUESTED, '1');
    kernel.executor.gate.resume('perpflow resume');
    process.emit(HALT_SIGNAL, HALT_SIGNAL);
    process.emit(HALT_SIGNAL, HALT_SIGNAL);
    const at = clock.now();
    const local = (kind: string) => ({ via: 'cli', name: `perpflow ${kind}`, from: 'local (SIGUSR2)' });
    const entry = (actionId: string, kind: 'halt' | 'resume', detail: string) => ({
      actionId,
      at,
      actor: local(kind),
      action: { kind, actionId },
      outcome: { status: 'accepted', actionId, requests: [], detail },
    });
    expect(kernel.operator.audit()).toStrictEqual([
      entry(`signal_${at}_2`, 'halt', 'trading halted'),
      entry(`signal_${at}_1`, 'resume', 'trading active'),
      entry(`signal_${at}`, 'halt', 'trading halted'),
    ]);
    expect(heard).toEqual([`signal_${at}`, `signal_${at}_1`, `signal_${at}_2`]);
  });
});
