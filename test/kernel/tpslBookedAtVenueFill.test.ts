/**
 * Issue 48 (j), end to end: a dry run and a sim-mode run, each the kernel on the edges the CLI
 * builds for its mode (dryRunEdges: the engine tells outcomes in process; simEdges: the RFQ client
 * polls the simulator's HTTP routes), on a virtual clock. A strategy opens ETHUSDT LONG 0.031
 * with a take-profit; it pays funding; the price walks through the TP; the venue fires it. Every
 * fill the journal holds is at the venue's price and fee, and realised − fees − funding paid is
 * the account's change in equity to the cent (within the 8 decimals the venue reports funding in).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { dryRunEdges } from '../../src/kernel/edges/dryRunEdges.ts';
import { simEdges } from '../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { venueFillOf } from '../execution/venueFills.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const START = 3_200;
/** The simulator's own account (simAccount → bootstrapAccount's default wallet). */
const WALLET = '0x00000000000000000000000000000000000a11ce';

async function runWithTp(mode: 'dry-run' | 'sim') {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-tpsl-fill-'));
  dirs.push(dir);
  const file = join(dir, 'run.yaml');
  writeFileSync(
    file,
    `mode: ${mode}
market: { pollIntervalMs: 1000, staleAfterMs: 30000 }
journal: { path: ${join(dir, 'j.sqlite')} }
simulator: { seed: 7, fillLatencyMs: { min: 300, max: 1500 } }
execution: { reconcile: { intervalMs: 600000 } }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: tp, module: ${join(import.meta.dirname, 'fixtures/opensWithTpSl.ts')}, markets: [ETHUSDT] }
`,
  );
  const loaded = await loadConfigWithStrategies(file);
  // A minute before an 8-hour funding epoch (ETHUSDT's): the position pays funding seconds before
  // its TP fires, with no periodic reconciliation between (every 10 minutes): the positions list
  // never shows that funding, the TP/SL list does.
  const clock = new VirtualClock(Date.UTC(2026, 10, 28, 7, 59));
  const prices = manualPrices({ ETHUSDT: START });
  const edges =
    mode === 'dry-run'
      ? await dryRunEdges(loaded.config, { clock, log: silentLogger, prices })
      : await simEdges(loaded.config, { clock, log: silentLogger, inProcess: { prices } });
  const sim = edges.simulator;
  if (sim === undefined) throw new Error(`${mode} built no simulator`);
  const account = sim.accounts.subaccountsOf(WALLET)[0];
  if (account === undefined) throw new Error(`${mode} built no simulator account`);
  // The venue's equity exactly (its balance route rounds money to 8 decimals), and as reported.
  const equity = async () => ({
    exact: sim.engine.balance(account).equity,
    reported: (await edges.venue.balance()).equity,
  });
  const before = await equity();
  const kernel = await Kernel.start({ loaded, edges, clock, log: silentLogger });
  const ex = kernel.executor;
  const armed = () => ex.journal.all().some((r) => r.kind === 'setTpSl' && r.status === 'FILLED');
  expect(await clock.runUntil(armed, 30_000)).toBe(true);
  await clock.advanceTo(Date.UTC(2026, 10, 28, 7, 59, 59));
  // The mark walks up through the TP (0.2 % above the fill) a second at a time, as a feed would.
  for (let i = 1; i <= 10; i++) {
    sim.engine.setMark('ETHUSDT', Number((START * (1 + 0.0006 * i)).toFixed(2)));
    await clock.advance(1_000);
  }
  const tpslBooked = () => ex.fills().some((f) => f.fillId.startsWith('tpsl:'));
  expect(await clock.runUntil(tpslBooked, 120_000)).toBe(true);
  const after = await equity();
  const fills = ex.journal.fills();
  const venue = fills.map((f) => venueFillOf(sim.engine, f, (id) => ex.journal.get(id)));
  const summary = ex.ledger.summary();
  let stopped = false;
  const stopping = kernel.stop().then(() => {
    stopped = true;
  });
  await clock.runUntil(() => stopped, 60_000);
  await stopping;
  await edges.close();
  return { fills, venue, summary, before, after };
}

describe('a dry run and a sim run book a fired take-profit at the venue fill', () => {
  for (const mode of ['dry-run', 'sim'] as const)
    it(`${mode}: every journal fill has the venue's price and fee, and realised − fees − funding = Δequity`, async () => {
      const { fills, venue, summary, before, after } = await runWithTp(mode);
      expect(fills.map((f) => f.fillId.split(':')[0])).toEqual(['open', 'tpsl']);
      const line = (x: {
        quantity: { toString(): string };
        price: { toString(): string };
        fee: { toString(): string };
      }) => `${x.quantity} @ ${x.price} fee ${x.fee}`;
      expect(fills.map(line)).toEqual(venue.map((v) => (v === undefined ? 'no venue fill' : line(v))));
      expect(summary.openPositions).toBe(0);
      expect(summary.funding.isZero()).toBe(false);
      const booked = summary.realised.minus(summary.fees).minus(summary.funding);
      // To the cent against the balance the venue reports; within its 8 decimals against its own
      // books (it reports funding, qty × mark × rate, rounded to 8 decimals).
      expect(booked.toFixed(2)).toBe(after.reported.minus(before.reported).toFixed(2));
      expect(booked.minus(after.exact.minus(before.exact)).abs().lessThan('0.00000001')).toBe(true);
    });
});
