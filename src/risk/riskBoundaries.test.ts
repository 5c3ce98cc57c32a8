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

const open = (strategy: string): OpenIntent => ({
  kind: 'open',
  intentId: IntentId(`in_${strategy}`),
  strategyId: StrategyId(strategy),
  createdAt: 0,
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  quantity: dec('0.001'),
  leverage: 1,
  orderType: 'MARKET',
});

/** Two strategies, a and b, each with `open` settled positions and `inFlight` opens not terminal yet. */
function twoStrategies(per: Record<string, { open: number; inFlight: number }>): ExposureView {
  const pick = (s: StrategyId | undefined, f: (x: { open: number; inFlight: number }) => number): number =>
    Object.entries(per)
      .filter(([id]) => s === undefined || id === s)
      .reduce((n, [, x]) => n + f(x), 0);
  return {
    openPositions: (s) => pick(s, (x) => x.open + x.inFlight),
    inFlightOpens: (s) => pick(s, (x) => x.inFlight),
    notional: () => ZERO,
    markPrice: () => dec(50_000),
    isMarketUnresolved: () => false,
  };
}

function gateWith(
  config: Parameters<typeof riskOptionsFromConfig>[0],
  strategies: Parameters<typeof riskOptionsFromConfig>[1] = [],
) {
  const clock = new VirtualClock();
  const { journal } = openJournal({ path: join(mkdtempSync(join(tmpdir(), 'pf-risk-')), 'j.sqlite'), clock });
  return new RiskGate(cachedLatches(journal), clock, riskOptionsFromConfig(config, strategies), () => {});
}

describe('the account limits count every strategy', () => {
  it('refuses an open of a strategy with room of its own when the account is full with another strategy', () => {
    const gate = gateWith({ account: { maxOpenPositions: 4 } }, [
      { id: 'a', risk: { maxOpenPositions: 4 } },
      { id: 'b', risk: { maxOpenPositions: 4 } },
    ]);
    const exposure = twoStrategies({ a: { open: 1, inFlight: 0 }, b: { open: 1, inFlight: 2 } });
    const denial = gate.check(open('a'), exposure);
    expect(denial?.reason).toBe('MAX_OPEN_POSITIONS');
    // The message says what was counted: positions and opens still in flight, not "4 open positions".
    expect(denial?.message).toBe('account: 4 open or opening (2 open, 2 in flight), max 4');
  });

  it('names the strategy and its own count when the strategy limit is what is full', () => {
    const gate = gateWith({ account: { maxOpenPositions: 10 } }, [
      { id: 'a', risk: { maxOpenPositions: 2 } },
    ]);
    const denial = gate.check(
      open('a'),
      twoStrategies({ a: { open: 1, inFlight: 1 }, b: { open: 3, inFlight: 0 } }),
    );
    expect(denial?.message).toBe('strategy a: 2 open or opening (1 open, 1 in flight), max 2');
  });
});

describe('loss limits at their boundary', () => {
  it('halts when the daily loss equals the limit exactly, not only beyond it', () => {
    const gate = gateWith({ account: { dailyLossLimit: 100 } });
    gate.checkLosses(dec('-99.99'), undefined);
    expect(gate.state).toBe('active');
    gate.checkLosses(dec(-100), undefined);
    expect(gate.state).toBe('halted');
  });

  it('measures drawdown from the highest equity seen, raised as equity makes new highs', () => {
    const gate = gateWith({ account: { maxDrawdownPct: 10 } });
    gate.checkLosses(ZERO, dec(1000));
    gate.checkLosses(ZERO, dec(1200)); // a new peak
    gate.checkLosses(ZERO, dec(1100)); // 8.3 % below 1200: still fine
    expect(gate.state).toBe('active');
    gate.checkLosses(ZERO, dec(1080)); // 10 % below 1200 (only 8 % above the first 1000)
    expect(gate.state).toBe('halted');
  });
});
