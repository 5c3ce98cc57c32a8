/**
 * What one reconciliation cycle answers and does when it cannot settle (src/execution/reconcile.ts),
 * against the simulator: a failed positions read voids the cycle with the one alert or halt its
 * error calls for; after a 401 a single confirmatory read, then none; a stopped executor reads
 * nothing; a cycle that settles counts what it resolved and hands back the list it settled against.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/domain/money.ts';
import { AuthError, PermissionError, TransientVenueError } from '../../src/errors/venueErrors.ts';
import { riskOptionsFromConfig } from '../../src/risk/limits.ts';
import { openIntent, settle, setupVenue, startExecutor, tempJournalPath, venueWith } from './harness.ts';

const HOLD = 'the API key was rejected (401): no venue reads until the operator acts';
const WAIT =
  'trading stays halted and nothing more is read until the operator rotates the key, restarts and resumes';
const VOID = { resolved: 0, adopted: 0, converged: 0 };

/** An executor on the simulator whose positions reads fail with `fail()` while it returns an error. */
async function withFailingReads() {
  const v = await setupVenue();
  const state: { fail: (() => Error) | undefined; reads: number } = { fail: undefined, reads: 0 };
  const venue = venueWith(v.venue, {
    positions: async () => {
      state.reads += 1;
      const e = state.fail?.();
      if (e !== undefined) throw e;
      return v.venue.positions();
    },
  });
  const running = await startExecutor(v, { path: tempJournalPath(), venue });
  const alerts = () =>
    running.events.flatMap((e) => (e.type === 'alert' ? [`${e.severity} ${e.code}: ${e.message}`] : []));
  return { v, state, ...running, alerts };
}

describe('a reconciliation whose positions read fails', () => {
  it('voids the cycle on a transient failure, with one warning naming it, and trades on', async () => {
    const r = await withFailingReads();
    r.state.fail = () => new TransientVenueError('socket hang up');
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: 'socket hang up', ...VOID });
    expect(r.alerts()).toEqual([
      'warning RECONCILE_FAILED: positions read failed, cycle void: socket hang up',
    ]);
    expect(r.executor.gate.state).toBe('active');
    expect(r.executor.gate.capabilityHalted('read')).toBeUndefined();
  });

  it('halts the read capability on a 403, without a warning', async () => {
    const r = await withFailingReads();
    r.state.fail = () => new PermissionError('HTTP 403: missing READ', { status: 403, permission: 'read' });
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: 'HTTP 403: missing READ', ...VOID });
    expect(r.executor.gate.capabilityHalted('read')).toBe('HTTP 403: missing READ');
    expect(r.alerts().filter((a) => a.includes('RECONCILE_FAILED'))).toEqual([]);
    expect(r.executor.gate.authBroken).toBe(false);
  });

  it('after a 401 reads once more to confirm, alerting with its outcome, then reads nothing', async () => {
    const r = await withFailingReads();
    r.state.fail = () => new AuthError('HTTP 401: key revoked', { status: 401 });
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: 'HTTP 401: key revoked', ...VOID });
    expect(r.executor.gate.authBroken).toBe(true);
    expect(r.executor.gate.capabilityHalted('read')).toBeUndefined();
    const before = r.alerts().length;
    const reads = r.state.reads;
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: HOLD, ...VOID });
    expect(r.state.reads).toBe(reads + 1);
    expect(r.alerts().slice(before)).toEqual([
      `critical AUTH_HALTED: confirmatory read after a 401: HTTP 401: key revoked; ${WAIT}`,
    ]);
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: HOLD, ...VOID });
    expect(r.state.reads).toBe(reads + 1);
  });

  it('after a 401 whose confirmatory read succeeds, stays halted and says so', async () => {
    const r = await withFailingReads();
    r.state.fail = () => new AuthError('HTTP 401: key revoked', { status: 401 });
    await r.executor.reconcileNow();
    r.state.fail = undefined;
    const before = r.alerts().length;
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: HOLD, ...VOID });
    expect(r.alerts().slice(before)).toEqual([
      `critical AUTH_HALTED: confirmatory read after a 401: the positions read now succeeds; ${WAIT}`,
    ]);
    expect(r.executor.gate.authBroken).toBe(true);
  });

  it('after a stop during the read settles nothing and says the executor stopped', async () => {
    const r = await withFailingReads();
    let stopping: Promise<void> | undefined;
    r.state.fail = () => {
      stopping = r.executor.stop();
      return new TransientVenueError('socket hang up');
    };
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: 'executor stopped', ...VOID });
    await stopping;
    expect(r.alerts().filter((a) => a.includes('RECONCILE_FAILED'))).toEqual([]);
  });
});

describe('a reconciliation that reads', () => {
  it('of a stopped executor reads nothing', async () => {
    const r = await withFailingReads();
    await r.executor.stop();
    const reads = r.state.reads;
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: 'executor stopped', ...VOID });
    expect(r.state.reads).toBe(reads);
  });

  it('stopped while it read, settles nothing and reads no marks', async () => {
    const v = await setupVenue();
    let stop: (() => Promise<void>) | undefined;
    let stopping: Promise<void> | undefined;
    let marksAfterStop = 0;
    const venue = venueWith(v.venue, {
      positions: async () => {
        const list = await v.venue.positions();
        if (stop !== undefined) stopping = stop();
        return list;
      },
      markPrices: async (symbols) => {
        if (stopping !== undefined) marksAfterStop += 1;
        return v.venue.markPrices(symbols);
      },
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    stop = () => executor.stop();
    expect(await executor.reconcileNow()).toEqual({ ok: false, error: 'executor stopped', ...VOID });
    await stopping;
    expect(marksAfterStop).toBe(0);
  });

  it('counts the unknown outcome it resolved and hands back the list it settled against', async () => {
    const r = await withFailingReads();
    r.v.sim.setFaults({ dropResponseRate: 1 });
    r.state.fail = () => new TransientVenueError('socket hang up');
    const intent = openIntent('rc-unknown');
    await r.executor.submit(intent);
    await r.v.clock.advance(60_000);
    expect(r.executor.journal.byIntent(intent.intentId)[0]?.status).toBe('UNKNOWN');
    r.v.sim.setFaults({});
    r.state.fail = undefined;
    const res = await r.executor.reconcileNow();
    expect([res.ok, res.resolved, res.adopted, res.converged]).toEqual([true, 1, 0, 0]);
    expect(res.positions?.map((p) => [p.symbol, p.side, p.quantity.toString()])).toEqual([
      ['BTCUSDT', 'LONG', '0.01'],
    ]);
    expect(r.executor.journal.byIntent(intent.intentId)[0]?.status).toBe('RECONCILED_EXECUTED');
  });

  it('without loss limits reads no balance', async () => {
    const v = await setupVenue();
    let balances = 0;
    const venue = venueWith(v.venue, {
      balance: async () => {
        balances += 1;
        return v.venue.balance();
      },
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    balances = 0;
    expect((await executor.reconcileNow()).ok).toBe(true);
    expect(balances).toBe(0);
  });

  it('before the market catalog is read settles nothing', async () => {
    const v = await setupVenue();
    let reads = 0;
    const venue = venueWith(v.venue, {
      markets: async () => {
        throw new TransientVenueError('catalog unavailable');
      },
      positions: async () => {
        reads += 1;
        return v.venue.positions();
      },
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    expect(await executor.reconcileNow()).toEqual({
      ok: false,
      error: 'the market catalog is not read yet',
      ...VOID,
    });
    expect(reads).toBe(0);
    await executor.stop();
  });

  it('whose journal refuses the write of what it settled is void, not a rejection', async () => {
    const r = await withFailingReads();
    r.v.sim.setFaults({ dropResponseRate: 1 });
    r.state.fail = () => new TransientVenueError('socket hang up');
    await r.executor.submit(openIntent('rc-journal'));
    await r.v.clock.advance(60_000);
    r.v.sim.setFaults({});
    r.state.fail = undefined;
    r.executor.journal.database.exec('PRAGMA query_only=1');
    const res = await r.executor.reconcileNow();
    expect(res.ok).toBe(false);
    expect(res.error).toMatch(/^journal write failed/);
  });
});

describe('a confirmatory read after a 401', () => {
  it('raises no alert when the executor stopped while it read', async () => {
    const r = await withFailingReads();
    r.state.fail = () => new AuthError('HTTP 401: key revoked', { status: 401 });
    await r.executor.reconcileNow();
    const before = r.alerts().length;
    let stopping: Promise<void> | undefined;
    r.state.fail = () => {
      stopping = r.executor.stop();
      return new AuthError('HTTP 401: key revoked', { status: 401 });
    };
    expect(await r.executor.reconcileNow()).toEqual({ ok: false, error: HOLD, ...VOID });
    await stopping;
    expect(r.alerts().slice(before)).toEqual([]);
  });
});

describe('the loss check of a reconciliation', () => {
  it('checks the daily loss on the ledger alone when the balance read fails', async () => {
    const v = await setupVenue();
    let balanceFails = false;
    const venue = venueWith(v.venue, {
      balance: async () => {
        if (balanceFails) throw new TransientVenueError('balance unavailable');
        return v.venue.balance();
      },
    });
    const risk = riskOptionsFromConfig({ account: { dailyLossLimit: 50 } });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue, risk });
    await executor.submit(openIntent('rc-loss', { quantity: dec('0.1') }));
    expect(await settle(v, executor)).toBe(true);
    expect(executor.gate.state).toBe('active');
    balanceFails = true;
    const mark = v.sim.engine.mark('BTCUSDT')?.mark as number;
    v.sim.engine.setMark('BTCUSDT', mark * 0.98);
    expect((await executor.reconcileNow()).ok).toBe(true);
    expect(executor.gate.state).toBe('halted');
    expect(executor.gate.stateReason).toMatch(/daily loss/);
  });
});

describe('a reconciliation that meets a bug', () => {
  it('rejects with it rather than report a void cycle: only a journal failure is answered as one', async () => {
    const v = await setupVenue();
    let broken = false;
    const venue = venueWith(v.venue, {
      positions: async () => (broken ? [null as never] : v.venue.positions()),
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    broken = true;
    await expect(executor.reconcileNow()).rejects.toBeInstanceOf(TypeError);
  });
});
