import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/loadConfig.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { RecordHeader, RecordLine } from '../kernel/record/recordLines.ts';
import { SolverPricing } from '../simulator/engine/SolverPricing.ts';
import { defaultMarkets } from '../simulator/markets.ts';
import type { BatchAck } from '../venue/VenuePort.ts';
import { ReplayClock } from './ReplayClock.ts';
import { ReplayVenue } from './ReplayVenue.ts';
import { replaySimulator } from './replaySimulator.ts';
import { UnsentRequests } from './UnsentRequests.ts';

const SUB = '0x00000000000000000000000000000000000000bb';
const T0 = Date.UTC(2026, 2, 2, 9);
const BTC = MarketSymbol('BTCUSDT');
const cfg = parseConfig(
  'mode: sim\nsimulator: { seed: 7, fillLatencyMs: { min: 300, max: 300 } }\nstrategies: []\n',
  '/tmp/replay-routing.yaml',
);
const header: RecordHeader = {
  v: 1,
  t: T0,
  mode: 'sim',
  eph: false,
  cfg,
  file: '',
  mods: {},
  sub: SUB,
  chain: 42161,
};

/** A position the recorded venue listed: opened before the recording began. */
const recordedRow = {
  quoteId: '77',
  tempId: 'tmp-0000077',
  marketId: 1,
  symbol: 'BTCUSDT',
  side: 'SHORT',
  quantity: dec('0.005'),
  closedQuantity: dec(0),
  openedPrice: dec(94_000),
  leverage: 2,
  status: 'OPENED',
  unrealizedPnl: dec(0),
  margin: dec(235),
  accumulatedFunding: dec(0),
  createdAt: T0 - 60_000,
  updatedAt: T0 - 60_000,
};

const lines: RecordLine[] = [
  { k: 'p', t: T0, d: 0, r: [['BTCUSDT', 95_000, T0]] },
  { k: 'p', t: T0 + 100, d: 0, r: [['BTCUSDT', 96_000, T0 + 100]] },
  { k: 'c', t: T0 + 1_000, d: 0, p: 'v', op: 'positions', a: [], r: [recordedRow] },
  {
    k: 'c',
    t: T0 + 1_000,
    d: 0,
    p: 'v',
    op: 'closeAll',
    a: [],
    r: { batchId: 'rec-batch', results: [{ index: 0, ok: true, tempId: 'tmp-0000078' }] },
  },
];

async function replayVenue() {
  const clock = new ReplayClock(T0, lines);
  const sim = await replaySimulator({ header, lines, end: T0 + 60_000, stoppedAt: undefined }, clock.exact());
  const venue = new ReplayVenue(
    lines,
    { now: () => clock.now(), sleep: (ms) => clock.sleepExactly(ms) },
    {
      sub: SUB,
      chain: 42161,
      end: T0 + 60_000,
      simulator: sim,
      unsent: new UnsentRequests().recordedIn(lines),
    },
  );
  return { clock, sim, port: venue.port(), prices: venue.pricePort() };
}

const ask = (mark: number): string => {
  const btc = defaultMarkets().find((m) => m.spec.symbol === 'BTCUSDT');
  if (btc === undefined) throw new Error('no BTCUSDT');
  return new SolverPricing(() => mark).solverPrice(btc, true).toString();
};

describe('a replay venue with the simulator behind it', () => {
  it("fills a new open at the solver's ask of the last recorded mark, after the recorded latency", async () => {
    const { clock, port, prices } = await replayVenue();
    await prices.markPrices([BTC]);
    const second = prices.markPrices([BTC]);
    await clock.advanceTo(T0 + 100);
    await second;
    const ack = await port.submit({
      kind: 'open',
      items: [{ symbol: BTC, side: 'LONG', quantity: dec('0.002'), leverage: 2, orderType: 'MARKET' }],
    });
    if (!('tempId' in ack)) throw new Error('a batch answer to one open');
    const id = ack.tempId;
    expect(id).toMatch(/^sim-tmp-/);
    expect((await port.requestStatus('open', id))?.status).toBe('PENDING');
    await clock.advanceTo(T0 + 399);
    expect((await port.requestStatus('open', id))?.status).toBe('PENDING');
    await clock.advanceTo(T0 + 400);
    const rep = await port.requestStatus('open', id);
    expect(rep?.status).toBe('OPENED');
    expect(rep?.avgPrice?.toString()).toBe(ask(96_000));
    expect(rep?.updatedAt).toBe(T0 + 400);
  });

  it("lists the recorded positions then the simulator's, and closes all of both in that order", async () => {
    const { clock, port, prices } = await replayVenue();
    await prices.markPrices([BTC]);
    await port.submit({
      kind: 'open',
      items: [{ symbol: BTC, side: 'LONG', quantity: dec('0.002'), leverage: 2, orderType: 'MARKET' }],
    });
    await clock.advanceTo(T0 + 1_000);
    const rows = await port.positions();
    expect(rows.map((p) => `${p.quoteId} ${p.side} ${p.quantity}`)).toEqual([
      '77 SHORT 0.005',
      'sim-1001 LONG 0.002',
    ]);
    const all: BatchAck = await port.closeAll();
    expect(all.results.map((r) => `${r.index} ${r.ok ? r.tempId : 'refused'}`)).toEqual([
      '0 tmp-0000078',
      '1 sim-tmp-0000002',
    ]);
  });
});
