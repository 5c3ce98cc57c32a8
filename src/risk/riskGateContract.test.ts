/**
 * What the risk gate says and emits, word for word, and the edges of its state: the messages an
 * operator reads, the events the bot alerts on, the latch keys other processes read, the stale
 * price and per-strategy rate gates (StrykerJS survivors of 2026-11-26, test/MUTATIONS.md).
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { ClientRequestId, IntentId, MarketSymbol, StrategyId } from '../domain/ids.ts';
import type { CancelIntent, CloseIntent, OpenIntent } from '../domain/intent.ts';
import { dec, ZERO } from '../domain/money.ts';
import { RESUME_REQUESTED } from './killSwitchKeys.ts';
import type { LatchStore } from './latchStore.ts';
import { type RiskOptions, riskOptionsFromConfig } from './limits.ts';
import { type ExposureView, RiskGate } from './RiskGate.ts';
import type { RiskEvent } from './riskEvents.ts';
import { capabilityOf } from './tradingState.ts';

const BTC = MarketSymbol('BTCUSDT');
const ETH = MarketSymbol('ETHUSDT');
const open = (n: number, over: Partial<OpenIntent> = {}): OpenIntent => ({
  kind: 'open',
  intentId: IntentId(`in_${n}`),
  strategyId: StrategyId('s1'),
  createdAt: 0,
  symbol: BTC,
  side: 'LONG',
  quantity: dec('0.01'),
  leverage: 5,
  orderType: 'MARKET',
  ...over,
});
const close: CloseIntent = {
  kind: 'close',
  intentId: IntentId('in_close'),
  strategyId: StrategyId('s1'),
  createdAt: 0,
  symbol: BTC,
  position: { by: 'intent', intentId: IntentId('in_1') },
  quantity: 'all',
  orderType: 'MARKET',
};
const cancel: CancelIntent = {
  kind: 'cancel',
  intentId: IntentId('in_cancel'),
  strategyId: StrategyId('s1'),
  createdAt: 0,
  symbol: BTC,
  target: ClientRequestId('cr_1'),
};

const exposure = (over: Partial<ExposureView> = {}): ExposureView => ({
  openPositions: () => 0,
  inFlightOpens: () => 0,
  notional: () => ZERO,
  markPrice: () => dec(50_000),
  isMarketUnresolved: () => false,
  ...over,
});
const flat = exposure();

/** A latch store in memory; `failed` makes every later check fail closed. */
function memoryLatches(): LatchStore & { readonly map: Map<string, string>; failed: unknown } {
  const map = new Map<string, string>();
  return {
    map,
    failed: undefined,
    get: (k) => map.get(k),
    set: (k, v) => void map.set(k, v),
    delete: (k) => void map.delete(k),
    get writeFailure() {
      return this.failed;
    },
  };
}

function setup(options: Partial<RiskOptions> = {}) {
  const clock = new VirtualClock();
  const latches = memoryLatches();
  const events: RiskEvent[] = [];
  const gate = new RiskGate(
    latches,
    clock,
    { account: {}, strategies: {}, closeAllOnHalt: false, ...options },
    (e) => events.push(e),
  );
  return { clock, latches, events, gate };
}

describe('risk gate: what it says', () => {
  it('announces a halt and a resume once each, critical then info, and latches state and reason under their journal keys', () => {
    const { gate, events, latches } = setup();
    gate.halt('operator');
    gate.halt('operator again');
    gate.resume();
    expect(events).toEqual([
      { type: 'tradingStateChanged', from: 'active', to: 'halted', reason: 'operator' },
      { type: 'alert', severity: 'critical', code: 'TRADING_HALTED', message: 'trading halted: operator' },
      { type: 'tradingStateChanged', from: 'halted', to: 'active', reason: 'manual resume' },
      { type: 'alert', severity: 'info', code: 'TRADING_ACTIVE', message: 'trading active: manual resume' },
    ]);
    // `perpflow status` and `halt` read these keys from the journal: their spelling is on disk.
    expect(Object.fromEntries(latches.map)).toEqual({
      tradingState: 'active',
      tradingStateReason: 'manual resume',
    });
    expect(RESUME_REQUESTED).toBe('resumeRequested');
  });

  it('halts once on a 401, however often it is reported, and denies with the reason', () => {
    const { gate, events } = setup();
    gate.authFailure('key revoked');
    gate.authFailure('key revoked');
    expect(events.filter((e) => e.type === 'tradingStateChanged')).toEqual([
      {
        type: 'tradingStateChanged',
        from: 'active',
        to: 'halted',
        reason: 'API key rejected (401): key revoked',
      },
    ]);
    expect(gate.check(close, flat)).toEqual({
      reason: 'AUTH_FAILED',
      message: 'the API key was rejected (401)',
    });
  });

  it('halts a capability once, with its events, denies only intents that need it, and clears it', () => {
    const { gate, events } = setup();
    gate.haltCapability('cancel', '403 on cancel');
    gate.haltCapability('cancel', '403 again');
    expect(events).toEqual([
      { type: 'capabilityHalted', capability: 'cancel', reason: '403 on cancel' },
      { type: 'alert', severity: 'critical', code: 'PERMISSION', message: 'cancel halted: 403 on cancel' },
    ]);
    expect(capabilityOf(cancel)).toBe('cancel');
    expect(gate.check(cancel, flat)).toEqual({
      reason: 'CAPABILITY_HALTED',
      message: 'cancel halted: 403 on cancel',
    });
    expect(gate.check(close, flat)).toBeUndefined();
    gate.clearCapability('cancel');
    expect(gate.capabilityHalted('cancel')).toBeUndefined();
    expect(gate.check(cancel, flat)).toBeUndefined();
  });

  it('halts one market once, leaving the others open', () => {
    const { gate, events } = setup();
    gate.haltMarket('BTCUSDT', 'delisted');
    gate.haltMarket('BTCUSDT', 'delisted again');
    expect(events).toEqual([
      { type: 'alert', severity: 'critical', code: 'MARKET_HALTED', message: 'BTCUSDT halted: delisted' },
    ]);
    expect(gate.check(open(1), flat)).toEqual({
      reason: 'MARKET_HALTED',
      message: 'BTCUSDT halted: delisted',
    });
    expect(gate.marketHalted('ETHUSDT')).toBeUndefined();
    expect(gate.check(open(2, { symbol: ETH }), flat)).toBeUndefined();
  });

  it('denies opens under a halt latched without a reason (a journal written by hand), saying so', () => {
    const { gate, latches } = setup();
    latches.set('tradingState', 'halted');
    expect(gate.check(open(1), flat)).toEqual({ reason: 'TRADING_HALTED', message: 'trading halted: ' });
  });

  it('words every denial of an open for the operator', () => {
    const { gate, latches } = setup();
    gate.halt('daily loss');
    expect(gate.check(open(1), flat)?.message).toBe('trading halted: daily loss');
    gate.setState('reducing', 'over the cap');
    expect(gate.check(open(2), flat)).toEqual({
      reason: 'REDUCING_ONLY',
      message: 'trading is reducing only',
    });
    gate.resume();
    expect(gate.check(open(3), exposure({ isMarketUnresolved: () => true }))).toEqual({
      reason: 'MARKET_UNRESOLVED',
      message: 'an earlier request on BTCUSDT has an unknown outcome',
    });
    latches.failed = new Error('disk full');
    expect(gate.check(close, flat)).toEqual({
      reason: 'JOURNAL_FAILED',
      message: 'the journal cannot be written',
    });
  });

  it('blocks new exposure on a market whose prices went stale, not closes, until they return', () => {
    const { gate } = setup();
    gate.priceStale('BTCUSDT', true);
    expect(gate.check(open(1), flat)).toEqual({
      reason: 'STALE_PRICE',
      message: 'prices of BTCUSDT are stale: no new exposure until they return',
    });
    expect(gate.check(open(2, { symbol: ETH }), flat)).toBeUndefined();
    expect(gate.check(close, flat)).toBeUndefined();
    gate.priceStale('BTCUSDT', false);
    expect(gate.check(open(3), flat)).toBeUndefined();
  });
});

describe('risk gate: rates', () => {
  it('passes any number of intents without a rate limit', () => {
    const { gate } = setup();
    for (let i = 0; i < 100; i++) expect(gate.check(open(i), flat)).toBeUndefined();
  });

  it("limits one strategy's intents per minute, not another's, and lets it go on once the minute has passed", async () => {
    const { gate, clock } = setup({ strategies: { s1: { maxIntentsPerMinute: 2 } } });
    expect(gate.check(open(1), flat)).toBeUndefined();
    expect(gate.check(open(2), flat)).toBeUndefined();
    expect(gate.check(open(3), flat)).toEqual({
      reason: 'RATE_LIMIT_EXCEEDED',
      message: 'strategy s1 over 2 intents per minute',
    });
    expect(gate.check(open(4, { strategyId: StrategyId('s2') }), flat)).toBeUndefined();
    await clock.advance(60_000);
    expect(gate.check(open(5), flat)).toBeUndefined();
  });

  it('words the account rate denial', () => {
    const { gate } = setup({ account: { maxIntentsPerMinute: 1 } });
    gate.check(open(1), flat);
    expect(gate.check(open(2), flat)).toEqual({
      reason: 'RATE_LIMIT_EXCEEDED',
      message: 'account over 1 intents per minute',
    });
  });

  it('counts unknown outcomes in the configured window, not a default one', async () => {
    const { gate, clock } = setup({ account: { maxUnknownOutcomes: { count: 2, windowMs: 1_000 } } });
    gate.noteUnknownOutcome();
    await clock.advance(2_000);
    gate.noteUnknownOutcome();
    expect(gate.state).toBe('active');
    await clock.advance(500);
    gate.noteUnknownOutcome();
    expect([gate.state, gate.stateReason]).toEqual(['halted', '2 unknown outcomes within 1000 ms']);
  });
});

describe('risk gate: losses and exposure', () => {
  it('needs PnL only with a loss limit, and says whether to close all on a halt', () => {
    expect(setup().gate.hasLossLimits).toBe(false);
    expect(setup({ account: { maxDrawdownPct: 10 } }).gate.hasLossLimits).toBe(true);
    expect(setup({ closeAllOnHalt: true }).gate.closeAllOnHalt).toBe(true);
  });

  it('words the daily loss halt, and checks no drawdown without a drawdown limit or an equity', () => {
    const daily = setup({ account: { dailyLossLimit: dec(100) } });
    daily.gate.checkLosses(dec(-50), dec(1_000));
    daily.gate.checkLosses(dec(-50), dec(10));
    expect(daily.gate.state).toBe('active');
    daily.gate.checkLosses(dec(-100), undefined);
    expect(daily.gate.stateReason).toBe('daily loss 100 reached the limit 100');
    const dd = setup({ account: { maxDrawdownPct: 10 } });
    dd.gate.checkLosses(ZERO, undefined);
    expect([dd.gate.state, dd.latches.map.has('equityPeak')]).toEqual(['active', false]);
  });

  it('measures no drawdown from a peak at or below zero', () => {
    const { gate } = setup({ account: { maxDrawdownPct: 10 } });
    gate.checkLosses(ZERO, ZERO);
    gate.checkLosses(ZERO, dec(-5));
    expect(gate.state).toBe('active');
  });

  it('turns reducing when the venue shows more than the cap, only from active, and says by how much', () => {
    const { gate } = setup({ account: { maxTotalNotional: dec(1_000) } });
    gate.checkExposureCap(dec(1_000));
    expect(gate.state).toBe('active');
    gate.checkExposureCap(dec('1000.5'));
    expect([gate.state, gate.stateReason]).toEqual([
      'reducing',
      'venue exposure 1000.50 is over the cap 1000',
    ]);
    gate.halt('operator');
    gate.checkExposureCap(dec(5_000));
    expect(gate.state).toBe('halted');
  });
});

describe('risk gate: limits', () => {
  it('allows leverage equal to the limit and words the one above it', () => {
    const { gate } = setup({ account: { maxLeverage: 5 } });
    expect(gate.check(open(1, { leverage: 5 }), flat)).toBeUndefined();
    expect(gate.check(open(2, { leverage: 6 }), flat)).toEqual({
      reason: 'MAX_LEVERAGE',
      message: 'account leverage 6 > 5',
    });
  });

  it('needs no price without a notional limit, and says which price is missing with one', () => {
    const noPrice = exposure({ markPrice: () => undefined });
    expect(setup({ account: { maxOpenPositions: 3 } }).gate.check(open(1), noPrice)).toBeUndefined();
    expect(setup({ account: { maxTotalNotional: dec(1e6) } }).gate.check(open(2), noPrice)).toEqual({
      reason: 'NO_PRICE',
      message: 'no price for BTCUSDT to check notional limits',
    });
  });

  it('words the notional denials with the scope, and passes a total under its limit', () => {
    const per = setup({ strategies: { s1: { maxNotionalPerPosition: dec(100) } } });
    expect(per.gate.check(open(1), flat)).toEqual({
      reason: 'MAX_NOTIONAL_PER_POSITION',
      message: 'strategy s1 notional 500.00 > 100',
    });
    const total = setup({ account: { maxTotalNotional: dec(1_000) } });
    expect(total.gate.check(open(2), exposure({ notional: () => dec(499) }))).toBeUndefined();
    expect(total.gate.check(open(3), exposure({ notional: () => dec(501) }))).toEqual({
      reason: 'MAX_TOTAL_NOTIONAL',
      message: 'account total notional 1001.00 > 1000',
    });
  });
});

describe('riskOptionsFromConfig', () => {
  it('keeps money limits as Decimals and the others as numbers, leaves absent ones out, and defaults the rest', () => {
    const o = riskOptionsFromConfig({
      account: {
        maxNotionalPerPosition: 100,
        maxTotalNotional: 200,
        dailyLossLimit: 50,
        maxOpenPositions: 3,
      },
    });
    expect(o.account).toStrictEqual({
      maxNotionalPerPosition: dec(100),
      maxTotalNotional: dec(200),
      dailyLossLimit: dec(50),
      maxOpenPositions: 3,
    });
    expect(riskOptionsFromConfig({})).toStrictEqual({ account: {}, strategies: {}, closeAllOnHalt: false });
    // A key written but left empty (`maxLeverage:` in YAML) is no limit, not a limit of undefined.
    expect(riskOptionsFromConfig({ account: { maxLeverage: undefined } }).account).toStrictEqual({});
    expect(riskOptionsFromConfig({ killSwitch: { closeAllOnHalt: true } }).closeAllOnHalt).toBe(true);
  });

  it('names the path and the problem of a bad limit', () => {
    expect(() => riskOptionsFromConfig({ account: { maxOpenPositions: -1 } })).toThrow(
      /^risk\.account\.maxOpenPositions: expect/,
    );
  });
});
