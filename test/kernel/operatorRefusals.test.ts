import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { ClientRequestId, StrategyId } from '../../src/domain/ids.ts';
import type { Logger } from '../../src/log/Logger.ts';
import type { Actor, AuditEntry, OperatorAction } from '../../src/operate/api/contract.ts';
import { startOperatorKernel } from './support/operatorKernel.ts';
import { stopWatcherKernel, type WatcherKernel } from './support/watcherKernel.ts';

const alice: Actor = { via: 'api', name: 'alice', from: '127.0.0.1' };
let running: WatcherKernel | undefined;
afterEach(async () => {
  if (running === undefined) return;
  await stopWatcherKernel(running);
  running = undefined;
});

/** The warn and error lines the kernel logs, as `level message`. */
function recordingLogger(lines: string[]): Logger {
  const log: Logger = {
    error: (m) => void lines.push(`error ${m}`),
    warn: (m) => void lines.push(`warn ${m}`),
    info: () => {},
    debug: () => {},
    enabled: () => true,
    child: () => log,
    close: async () => {},
  };
  return log;
}

/** A kernel whose `once` strategy holds its BTCUSDT position, logging into `lines`. */
async function onceOpened(lines: string[]): Promise<WatcherKernel> {
  const clock = new VirtualClock(Date.UTC(2026, 0, 5));
  running = await startOperatorKernel(clock, mkdtempSync(join(tmpdir(), 'perpflow-refusals-')), '', {
    log: recordingLogger(lines),
  });
  const { kernel } = running;
  await clock.runUntil(() => kernel.executor.ledger.openLots(StrategyId('once')).length === 1, 30_000);
  return running;
}

const refused = (actionId: string, reason: string) => ({ status: 'refused', actionId, reason });

describe('operator refusals and details, word for word', () => {
  it('refuses a close or TP/SL on a market without a position, a TP/SL naming no price or a bad one, and an action id that is no string', async () => {
    const lines: string[] = [];
    const { kernel } = await onceOpened(lines);
    const heard: AuditEntry[] = [];
    kernel.operator.audit$.subscribe((e) => heard.push(e));
    const act = (a: OperatorAction) => kernel.operator.act(a, alice);
    const BTC = 'BTCUSDT';

    expect(await act({ kind: 'close', actionId: 'r1', market: 'ETHUSDT' })).toStrictEqual(
      refused('r1', 'no open position on ETHUSDT'),
    );
    expect(
      await act({ kind: 'setTpSl', actionId: 'r2', market: 'ETHUSDT', takeProfit: '60000' }),
    ).toStrictEqual(refused('r2', 'no open position on ETHUSDT'));
    expect(await act({ kind: 'setTpSl', actionId: 'r3', market: BTC })).toStrictEqual(
      refused('r3', 'give a takeProfit, a stopLoss or both'),
    );
    expect(await act({ kind: 'setTpSl', actionId: 'r4', market: BTC, stopLoss: 'lots' })).toStrictEqual(
      refused('r4', 'takeProfit and stopLoss must be decimal prices'),
    );
    expect(
      await act({ kind: 'setTpSl', actionId: 'r5', market: BTC, takeProfit: '0', stopLoss: '45000' }),
    ).toStrictEqual(refused('r5', 'prices must be above 0'));
    expect(
      await act({ kind: 'setTpSl', actionId: 'r6', market: BTC, takeProfit: '55000', stopLoss: '-1' }),
    ).toStrictEqual(refused('r6', 'prices must be above 0'));
    // A client sending JSON may put a number there; it is refused by its type, not read as "42".
    expect(await act({ kind: 'resume', actionId: 42 as unknown as string })).toStrictEqual(
      refused('42', 'actionId: 1–64 letters, digits, _ or -'),
    );

    // Nothing reached the journal; the position is untouched; every refusal with a valid id is audited.
    expect(kernel.executor.journal.all().map((r) => r.kind)).toEqual(['open']);
    expect(kernel.operator.audit().map((e) => e.actionId)).toEqual(['r6', 'r5', 'r4', 'r3', 'r2', 'r1']);
    expect(heard).toEqual([...kernel.operator.audit()].reverse());
    expect(lines).toContain(
      'warn operator close by alice (api, 127.0.0.1): refused: no open position on ETHUSDT',
    );
  });

  it('pause and unpause say what changed and what was so already; resume when not halted answers trading active', async () => {
    const lines: string[] = [];
    const { kernel } = await onceOpened(lines);
    const act = (a: OperatorAction) => kernel.operator.act(a, alice);
    const accepted = (actionId: string, detail: string) => ({
      status: 'accepted',
      actionId,
      requests: [],
      detail,
    });

    expect(await act({ kind: 'pause', actionId: 'p1', strategy: 'once' })).toStrictEqual(
      accepted('p1', 'once paused'),
    );
    expect(await act({ kind: 'pause', actionId: 'p2', strategy: 'once' })).toStrictEqual(
      accepted('p2', 'once was paused already'),
    );
    expect(await act({ kind: 'unpause', actionId: 'p3', strategy: 'once' })).toStrictEqual(
      accepted('p3', 'once running'),
    );
    expect(await act({ kind: 'unpause', actionId: 'p4', strategy: 'once' })).toStrictEqual(
      accepted('p4', 'once was running already'),
    );
    expect(await act({ kind: 'unpause', actionId: 'p5', strategy: 'ghost' })).toStrictEqual(
      refused('p5', 'no strategy ghost runs in this bot'),
    );
    expect(await act({ kind: 'resume', actionId: 'p6' })).toStrictEqual(accepted('p6', 'trading active'));
    expect(kernel.executor.gate.state).toBe('active');
    expect(lines).toContain('warn operator pause by alice (api, 127.0.0.1): accepted');
  });

  it('a TP alone and an SL alone each reach the venue, on the strategy that owns the position', async () => {
    const { kernel, clock, sim } = await onceOpened([]);
    const act = (a: OperatorAction) => kernel.operator.act(a, alice);
    const filled = (id: string) => () =>
      kernel.executor.journal.get(ClientRequestId(id))?.status === 'FILLED';
    const [lot] = kernel.executor.ledger.openLots();

    expect(
      await act({ kind: 'setTpSl', actionId: 'tp', market: 'BTCUSDT', takeProfit: '55000' }),
    ).toStrictEqual({
      status: 'accepted',
      actionId: 'tp',
      requests: ['cr_op_tp'],
    });
    await clock.runUntil(filled('cr_op_tp'), 30_000);
    const afterTp = sim.engine.quote(String(lot?.quoteId));
    expect([afterTp?.takeProfit?.toString(), afterTp?.stopLoss]).toEqual(['55000', null]);
    expect(kernel.executor.journal.get(ClientRequestId('cr_op_tp'))?.strategyId).toBe('once');

    expect(
      await act({ kind: 'setTpSl', actionId: 'sl', market: 'BTCUSDT', stopLoss: '45000' }),
    ).toStrictEqual({
      status: 'accepted',
      actionId: 'sl',
      requests: ['cr_op_sl'],
    });
    await clock.runUntil(filled('cr_op_sl'), 30_000);
    const afterSl = sim.engine.quote(String(lot?.quoteId));
    expect([afterSl?.takeProfit?.toString(), afterSl?.stopLoss?.toString()]).toEqual(['55000', '45000']);
  });

  it('once the bot is stopping an action is refused as such, and the audit that can no longer be journaled is logged', async () => {
    const lines: string[] = [];
    const k = await onceOpened(lines);
    running = undefined;
    await stopWatcherKernel(k);
    const heard: AuditEntry[] = [];
    k.kernel.operator.audit$.subscribe((e) => heard.push(e));
    const late = await k.kernel.operator.act({ kind: 'close', actionId: 'late', market: 'BTCUSDT' }, alice);
    expect(late).toStrictEqual(refused('late', 'the bot is stopping'));
    expect(heard.map((e) => e.outcome)).toEqual([late]);
    expect(lines.filter((l) => l.startsWith('error '))).toEqual([
      `error operator action late not audited: journal ${k.kernel.executor.journal.path} is closed; cannot operator action`,
    ]);
  });

  it('when the journal refuses writes a pause is refused with the journal error, not left half done, and its lost audit is logged', async () => {
    const lines: string[] = [];
    const { kernel } = await onceOpened(lines);
    const journal = kernel.executor.journal as unknown as { database: { exec(sql: string): void } };
    journal.database.exec('PRAGMA query_only=1');
    const pause = await kernel.operator.act({ kind: 'pause', actionId: 'jp', strategy: 'once' }, alice);
    const failed =
      'journal write failed (set strategyPaused:once): attempt to write a readonly database\ncaused by: attempt to write a readonly database';
    expect(pause).toStrictEqual(refused('jp', failed));
    expect(kernel.operator.pauses.isPaused('once')).toBe(false);
    expect(lines.filter((l) => l.startsWith('error '))).toEqual([
      `error operator action jp not audited: ${failed}`,
    ]);
    // Not audited, so not remembered: the retry is done again (and refused again), not a duplicate.
    expect(
      await kernel.operator.act({ kind: 'pause', actionId: 'jp', strategy: 'once' }, alice),
    ).toStrictEqual(refused('jp', failed));
  });
});
