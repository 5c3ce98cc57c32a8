import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Fill } from '../../src/domain/fill.ts';
import { dec } from '../../src/domain/money.ts';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { readRecording } from '../../src/kernel/record/readRecording.ts';
import { formatOutcome } from '../../src/replay/formatOutcome.ts';
import { replaySession } from '../../src/replay/replaySession.ts';
import { SolverPricing } from '../../src/simulator/engine/SolverPricing.ts';
import { defaultMarkets } from '../../src/simulator/markets.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { perpflowOutput } from '../run/runHarness.ts';
import { RecordedSession, sessionConfig } from './support/recordedSession.ts';

const MINUTE = 60_000;

/**
 * Issue 47: "Where the recorded venue cannot answer (a new intent), the simulator fills it, and
 * the output says so." A recorded sim session (nth opens or closes every 6th bar, dca every 20 s)
 * replayed with nth every 4th bar: its new requests go to the venue simulator on the replay's
 * clock, fed the recorded marks, while what the recording knows is answered from it.
 */
describe('replay --strategies: the venue simulator answers the requests the recorded venue never saw', async () => {
  const s = new RecordedSession({}, 6);
  const t0 = s.clock.now();
  await s.run(t0 + 3 * MINUTE);
  const segments = readRecording(s.recording);
  const recorded = segments.flatMap((g) => g.lines);
  const latency = segments[0]?.header.cfg.simulator.fillLatencyMs;
  const changed = join(s.dir, 'changed.yaml');
  writeFileSync(changed, sessionConfig(s.dir, 4));
  const entries = (await loadConfigWithStrategies(changed)).config.strategies;
  const journalDir = mkdtempSync(join(tmpdir(), 'perpflow-replaysim-'));
  const outcome = await replaySession(s.recording, {
    strategies: { entries, configFile: changed },
    journalDir,
  });
  const seg = outcome.segments[0];
  const journal = openReadOnlyJournal(join(journalDir, 'journal.sqlite'));
  const fills = journal.fills();
  const requests = journal.requests();
  const origins = journal.origins();
  journal.close();
  const notes = seg?.notes ?? [];

  /** The recorded mark of `symbol` the replay's kernel (and its simulator) held just before `t`. */
  const markBefore = (symbol: string, t: number): number | undefined => {
    let mark: number | undefined;
    for (const l of recorded)
      if (l.k === 'p' && l.t + l.d < t) for (const [sym, m] of l.r ?? []) if (sym === symbol) mark = m;
    return mark;
  };
  /** What the simulator's solver quotes a taker at that mark (its half-spread, at the market's precision). */
  const solverPrice = (symbol: string, t: number, buying: boolean): string => {
    const market = defaultMarkets().find((m) => m.spec.symbol === symbol);
    const mark = markBefore(symbol, t);
    if (market === undefined || mark === undefined) throw new Error(`no mark of ${symbol} before ${t}`);
    return new SolverPricing(() => mark).solverPrice(market, buying).toString();
  };
  const tempIdOf = (f: Fill): string =>
    requests.find((r) => r.id === f.clientRequestId)?.tempId ?? 'no request';
  const fillOf = (intentId: string, effect: 'open' | 'close'): Fill | undefined => {
    const ids = new Set(origins.filter((o) => o.intentId === intentId).map((o) => o.clientRequestId));
    return fills.find((f) => f.effect === effect && f.clientRequestId !== null && ids.has(f.clientRequestId));
  };
  const took = (tempId: string) =>
    notes.find((n) => n.what.startsWith('simulator took') && new RegExp(`\\b${tempId}\\b`).test(n.what));
  const ended = (kind: string, tempId: string) =>
    notes.find((n) => n.what.startsWith(`simulator ended ${kind} ${tempId}:`));

  // The changed strategy's first decisions: an open on bar 4, its close on bar 8.
  const [newOpen, newClose] = seg?.onlyReplayed ?? [];
  const openFill = newOpen?.k === 'i' ? fillOf(newOpen.x.intentId, 'open') : undefined;
  const closeFill = newClose?.k === 'i' ? fillOf(newClose.x.intentId, 'close') : undefined;

  it("fills a new intent at the simulator's solver price for the recorded mark, after the simulator's latency", () => {
    expect(newOpen?.k === 'i' && newOpen.x.kind).toBe('open');
    if (openFill === undefined || latency === undefined || !('min' in latency)) throw new Error('no fill');
    const tempId = tempIdOf(openFill);
    expect(tempId).toMatch(/^sim-tmp-/);
    const sent = took(tempId);
    const filled = ended('open', tempId);
    if (sent === undefined || filled === undefined) throw new Error(`no simulator notes for ${tempId}`);
    // After the recorded session's fill latency on the virtual clock, not at once.
    expect(filled.t - sent.t).toBeGreaterThanOrEqual(latency.min);
    expect(filled.t - sent.t).toBeLessThanOrEqual(latency.max);
    expect(openFill.ts).toBeGreaterThanOrEqual(filled.t);
    // A buy at the solver's ask of the mark in force when it filled: not the last mark when sent.
    expect(openFill.price.toString()).toBe(solverPrice('BTCUSDT', filled.t, true));
    expect(openFill.price.equals(dec(markBefore('BTCUSDT', sent.t) ?? 0))).toBe(false);
    expect(filled.what).toContain(`OPENED 0.002 at ${openFill.price}`);
  });

  it('books a position the new strategy opened and closed later with both simulator fills', () => {
    expect(newClose?.k === 'i' && newClose.x.kind).toBe('close');
    if (openFill === undefined || closeFill === undefined) throw new Error('no fills');
    expect(openFill.quoteId).toMatch(/^sim-\d+$/);
    expect(closeFill.quoteId).toBe(openFill.quoteId);
    const tempId = tempIdOf(closeFill);
    const sent = took(tempId);
    const filled = ended('close', tempId);
    if (sent === undefined || filled === undefined) throw new Error(`no simulator notes for ${tempId}`);
    expect(sent.what).toContain(`close ${openFill.quoteId} 0.002 MARKET`);
    expect(filled.t).toBeGreaterThan(sent.t);
    // Closing a long sells at the solver's bid of the mark in force then.
    expect(closeFill.price.toString()).toBe(solverPrice('BTCUSDT', filled.t, false));
    expect(closeFill.quantity.equals(openFill.quantity)).toBe(true);
    const held = fills
      .filter((f) => f.quoteId === openFill.quoteId)
      .reduce((q, f) => (f.effect === 'open' ? q.plus(f.quantity) : q.minus(f.quantity)), dec(0));
    expect(held.isZero()).toBe(true);
  });

  it('fires a simulator position’s TP/SL leg at the simulator, and books its close', () => {
    const sentIds = new Set(
      notes
        .filter((n) => n.what.startsWith('simulator took'))
        .flatMap((n) => n.what.match(/sim-tmp-\d+/g) ?? []),
    );
    const legs = notes.filter(
      (n) =>
        /^simulator ended close sim-tmp-\d+: CLOSED/.test(n.what) &&
        !sentIds.has(n.what.split(' ')[3]?.replace(':', '') ?? ''),
    );
    expect(legs.length).toBeGreaterThan(0);
    for (const leg of legs) {
      const price = / at (\S+)$/.exec(leg.what)?.[1];
      expect(
        fills.some(
          (f) => f.effect === 'close' && f.quoteId?.startsWith('sim-') && f.price.toString() === price,
        ),
      ).toBe(true);
    }
  });

  it('answers the positions and requests the recorded venue knows from the recording', () => {
    const recordedFills = new Set(
      recorded.flatMap((l) =>
        l.k === 'f' ? [`${l.x.fillId} ${l.x.quoteId} ${l.x.quantity} ${l.x.price}`] : [],
      ),
    );
    // The recorded strategies' own positions (nth's opens on every 6th bar) are not this replay's:
    // none is taken for someone else's trade (adoptExternals books those as ext:QUOTE).
    expect(fills.filter((f) => f.fillId.startsWith('ext:')).map((f) => f.fillId)).toEqual([]);
    const fromRecording = fills.filter((f) => !f.quoteId?.startsWith('sim-'));
    expect(fromRecording.length).toBeGreaterThan(0);
    for (const f of fromRecording)
      expect(recordedFills.has(`${f.fillId} ${f.quoteId} ${f.quantity} ${f.price}`), `${f.fillId}`).toBe(
        true,
      );
    // Before the first divergence, every recorded fill is booked again as it was.
    const first = seg?.divergence?.t ?? 0;
    const early = recorded.filter((l) => l.k === 'f' && l.t < first);
    expect(early.length).toBeGreaterThan(0);
    for (const l of early)
      if (l.k === 'f')
        expect(fills.some((f) => f.fillId === l.x.fillId && f.price.equals(l.x.price))).toBe(true);
  });

  it('answers a recorded submit made again at its recorded instant from the recording, after one sent otherwise', () => {
    // At bar 4 dca's open went out in one batch with nth's new open (to the simulator); dca's
    // later opens, sent alone as recorded, are the recorded venue's again.
    const first = seg?.divergence?.t ?? Number.POSITIVE_INFINITY;
    const later = fills.filter((f) => f.symbol === 'ETHUSDT' && f.effect === 'open' && f.ts > first + 30_000);
    expect(later.filter((f) => !f.quoteId?.startsWith('sim-')).length).toBeGreaterThan(0);
  });

  it('names each request the simulator answered in the output, and still lists the diverging decisions', async () => {
    if (openFill === undefined) throw new Error('no fill');
    const text = formatOutcome(outcome, 1);
    expect(text).toMatch(/\d+ request\(s\) the recorded venue never saw, answered by the venue simulator/);
    expect(text).toContain(`simulator ended open ${tempIdOf(openFill)}: OPENED 0.002 at ${openFill.price}`);
    expect(text).toMatch(/decisions only the replay has \(\d+\):\n {4}\+ .* nth open BTCUSDT LONG 0\.002/);
    const r = await perpflowOutput(['replay', s.recording, '--strategies', changed]);
    expect(r.stdout).toContain(
      `simulator ended open ${tempIdOf(openFill)}: OPENED 0.002 at ${openFill.price}`,
    );
    expect(r.code).toBe(1);
  });
});
