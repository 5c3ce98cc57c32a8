import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { IntentId, MarketSymbol, StrategyId } from '../domain/ids.ts';
import type { OpenIntent } from '../domain/intent.ts';
import { dec, ZERO } from '../domain/money.ts';
import { openJournal } from '../journal/openJournal.ts';
import { cachedLatches } from './latchStore.ts';
import { riskOptionsFromConfig } from './limits.ts';
import { type ExposureView, RiskGate } from './RiskGate.ts';
import type { RiskEvent } from './riskEvents.ts';

const open = (n: number, over: Partial<OpenIntent> = {}): OpenIntent => ({
  kind: 'open',
  intentId: IntentId(`in_${n}`),
  strategyId: StrategyId('s1'),
  createdAt: 0,
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  quantity: dec('0.01'),
  leverage: 5,
  orderType: 'MARKET',
  ...over,
});

const flat: ExposureView = {
  openPositions: () => 0,
  inFlightOpens: () => 0,
  notional: () => ZERO,
  markPrice: () => dec(50_000),
  isMarketUnresolved: () => false,
};

function setup(
  config: Parameters<typeof riskOptionsFromConfig>[0],
  strategies: Parameters<typeof riskOptionsFromConfig>[1] = [],
) {
  const clock = new VirtualClock();
  const path = join(mkdtempSync(join(tmpdir(), 'pf-risk-')), 'j.sqlite');
  const { journal } = openJournal({ path, clock });
  const events: RiskEvent[] = [];
  const gate = new RiskGate(cachedLatches(journal), clock, riskOptionsFromConfig(config, strategies), (e) =>
    events.push(e),
  );
  return { clock, path, journal, events, gate };
}

describe('RiskGate', () => {
  it('reads a latched trading state it does not know as halted, and none as active', () => {
    const { gate, journal, clock } = setup({});
    expect(gate.state).toBe('active');
    journal.setMeta('tradingState', 'paused-by-a-newer-version');
    const restarted = new RiskGate(cachedLatches(journal), clock, riskOptionsFromConfig({}), () => {});
    expect(restarted.state).toBe('halted');
    expect(restarted.check(open(1), flat)?.reason).toBe('TRADING_HALTED');
  });

  it('denies leverage, notional and open-position excess with the limit named', () => {
    const { gate } = setup({
      account: { maxLeverage: 10, maxNotionalPerPosition: 1000, maxOpenPositions: 1 },
    });
    expect(gate.check(open(1, { leverage: 20 }), flat)?.reason).toBe('MAX_LEVERAGE');
    expect(gate.check(open(2, { quantity: dec('0.1') }), flat)?.reason).toBe('MAX_NOTIONAL_PER_POSITION');
    expect(gate.check(open(3), { ...flat, openPositions: () => 1 })?.reason).toBe('MAX_OPEN_POSITIONS');
    expect(gate.check(open(4), flat)).toBeUndefined();
  });

  it('applies per-strategy total notional on top of the account limits', () => {
    const { gate } = setup({}, [{ id: 's1', risk: { maxTotalNotional: 1000 } }]);
    expect(
      gate.check(open(1), { ...flat, notional: (s) => (s === undefined ? ZERO : dec(600)) })?.reason,
    ).toBe('MAX_TOTAL_NOTIONAL');
  });

  it('denies (does not queue) intents over the per-minute rate and admits them again a minute later', async () => {
    const { gate, clock } = setup({ account: { maxIntentsPerMinute: 2 } });
    expect(gate.check(open(1), flat)).toBeUndefined();
    expect(gate.check(open(2), flat)).toBeUndefined();
    expect(gate.check(open(3), flat)?.reason).toBe('RATE_LIMIT_EXCEEDED');
    await clock.advance(60_001);
    expect(gate.check(open(4), flat)).toBeUndefined();
  });

  it('blocks new exposure on a market with an unknown outcome while closes pass', () => {
    const { gate } = setup({});
    const unresolved = { ...flat, isMarketUnresolved: () => true };
    expect(gate.check(open(1), unresolved)?.reason).toBe('MARKET_UNRESOLVED');
    const close = {
      kind: 'close',
      intentId: IntentId('c'),
      strategyId: StrategyId('s1'),
      createdAt: 0,
      symbol: MarketSymbol('BTCUSDT'),
      position: { by: 'intent', intentId: IntentId('in_1') },
      quantity: 'all',
      orderType: 'MARKET',
    } as const;
    expect(gate.check(close, unresolved)).toBeUndefined();
  });

  it('latches a daily-loss halt in the journal so a restart still refuses opens', () => {
    const { gate, journal, path, clock, events } = setup({ account: { dailyLossLimit: 100 } });
    gate.checkLosses(dec(-150), undefined);
    expect(gate.state).toBe('halted');
    expect(events.some((e) => e.type === 'tradingStateChanged' && e.to === 'halted')).toBe(true);
    journal.close();
    const reopened = openJournal({ path, clock }).journal;
    const again = new RiskGate(cachedLatches(reopened), clock, riskOptionsFromConfig({}), () => {});
    expect(again.check(open(1), flat)?.reason).toBe('TRADING_HALTED');
    again.resume();
    expect(again.check(open(2), flat)).toBeUndefined();
  });

  it('latches a drawdown halt measured from the equity peak', () => {
    const { gate } = setup({ account: { maxDrawdownPct: 10 } });
    gate.checkLosses(ZERO, dec(1000));
    gate.checkLosses(ZERO, dec(950));
    expect(gate.state).toBe('active');
    gate.checkLosses(ZERO, dec(899));
    expect(gate.state).toBe('halted');
  });

  it('halts only the capability a 403 took away', () => {
    const { gate } = setup({});
    gate.haltCapability('open', 'no OPEN_POSITION');
    expect(gate.check(open(1), flat)?.reason).toBe('CAPABILITY_HALTED');
    const cancel = {
      kind: 'cancel',
      intentId: IntentId('x'),
      strategyId: StrategyId('s1'),
      createdAt: 0,
      symbol: MarketSymbol('BTCUSDT'),
      target: 'cr_1',
    } as never;
    expect(gate.check(cancel, flat)).toBeUndefined();
  });

  it('refuses everything after a 401 and raises exactly one alert', () => {
    const { gate, events } = setup({});
    gate.authFailure('revoked');
    gate.authFailure('revoked again');
    expect(gate.check(open(1), flat)?.reason).toBe('AUTH_FAILED');
    expect(events.filter((e) => e.type === 'alert')).toHaveLength(1);
  });

  it('passes a TP/SL (it adds no exposure) when halted, reducing, or on an unresolved or halted market, and denies it without the close capability or after a 401', () => {
    const { gate } = setup({});
    const tpsl = {
      kind: 'setTpSl',
      intentId: IntentId('t'),
      strategyId: StrategyId('s1'),
      createdAt: 0,
      symbol: MarketSymbol('BTCUSDT'),
      position: { by: 'intent', intentId: IntentId('in_1') },
      stopLoss: dec(40_000),
    } as const;
    const unresolved = { ...flat, isMarketUnresolved: () => true };
    gate.setState('reducing', 'over the cap');
    expect(gate.check(tpsl, flat)).toBeUndefined();
    gate.halt('kill switch');
    gate.haltMarket('BTCUSDT', 'venue shows more');
    expect(gate.check(open(1), flat)?.reason).toBe('TRADING_HALTED');
    expect(gate.check(tpsl, unresolved)).toBeUndefined();
    gate.haltCapability('close', 'no CLOSE_POSITION');
    expect(gate.check(tpsl, flat)?.reason).toBe('CAPABILITY_HALTED');
    gate.clearCapability('close');
    gate.authFailure('revoked');
    expect(gate.check(tpsl, flat)?.reason).toBe('AUTH_FAILED');
  });

  it('keeps no rate timestamps when no rate limit is set, so a long backtest does not grow them', () => {
    const { gate } = setup({});
    for (let i = 0; i < 1_000; i++) expect(gate.check(open(i), flat)).toBeUndefined();
    const inner = gate as unknown as {
      accountRate: { stamps: number[] };
      strategyRates: Map<string, unknown>;
    };
    expect([inner.accountRate.stamps.length, inner.strategyRates.size]).toEqual([0, 0]);
  });

  it('names the config path of a bad limit', () => {
    expect(() => riskOptionsFromConfig({ account: { maxTotalNotional: -1 } })).toThrow(
      /risk\.account\.maxTotalNotional/,
    );
  });
});
