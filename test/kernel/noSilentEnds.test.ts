import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { IntentId, MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { simAccount } from '../../src/kernel/edges/simAccount.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import type { Notification } from '../../src/report/notify/Notification.ts';
import { createSimulator, type Simulator } from '../../src/simulator/createSimulator.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';

const BTC = MarketSymbol('BTCUSDT');
let running: { kernel: Kernel; sim: Simulator; clock: VirtualClock } | undefined;
afterEach(async () => {
  if (running === undefined) return;
  const { kernel, sim, clock } = running;
  let stopped = false;
  const stopping = kernel.stop().then(() => {
    stopped = true;
  });
  await clock.runUntil(() => stopped, 60_000);
  await stopping;
  sim.stop();
  running = undefined;
});

async function start(clock: VirtualClock, notes: Notification[]) {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-ends-'));
  const file = join(dir, 'k.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 5000 }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 3, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: watch, module: ${join(import.meta.dirname, 'fixtures/watcher.ts')}, markets: [BTCUSDT] }
`,
  );
  const loaded = await loadConfigWithStrategies(file);
  const sim = createSimulator({
    clock,
    fillLatencyMs: { min: 100, max: 100 },
    prices: manualPrices({ BTCUSDT: 50_000 }),
  });
  const account = await simAccount(loaded.config, { clock, baseUrl: IN_PROCESS_BASE_URL, fetch: sim.fetch });
  const edges = {
    venue: account.venue,
    prices: account.venue,
    describe: 'test',
    ephemeral: true,
    secrets: account.secrets,
    close: async () => {},
  };
  const kernel = await Kernel.start({
    loaded,
    edges,
    clock,
    log: silentLogger,
    notify: (n) => notes.push(n),
  });
  running = { kernel, sim, clock };
  return kernel;
}

describe('no request ends in silence', () => {
  it('a take-profit the venue refuses is a warning, a metric, a webhook alert, and leaves the position listed as unprotected', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    const notes: Notification[] = [];
    const kernel = await start(clock, notes);
    await clock.runUntil(() => kernel.feed.latest('BTCUSDT') !== undefined, 10_000);
    const base = { strategyId: StrategyId('watch'), createdAt: clock.now(), symbol: BTC };
    const openId = IntentId('in_open_1');
    kernel.submit({
      ...base,
      kind: 'open',
      intentId: openId,
      side: 'LONG',
      quantity: dec('0.01'),
      leverage: 1,
      orderType: 'MARKET',
      slippage: dec('0.01'),
    });
    // A LONG's take-profit below the mark: the venue answers 400 INVALID_TPSL.
    kernel.submit({
      ...base,
      kind: 'setTpSl',
      intentId: IntentId('in_tp_1'),
      position: { by: 'intent', intentId: openId },
      takeProfit: dec(40_000),
    });
    await clock.runUntil(() => kernel.reporter.ends.unprotectedPositions().length === 1, 30_000);

    expect(kernel.reporter.ends.unprotectedPositions()).toEqual([
      expect.objectContaining({
        strategyId: 'watch',
        symbol: 'BTCUSDT',
        reason: expect.stringContaining('INVALID_TPSL'),
      }),
    ]);
    const warning = kernel.reporter.recent.find((r) => r.text.includes('setTpSl BTCUSDT REJECTED'));
    expect(warning?.level).toBe('warning');
    expect(warning?.text).toContain('UNPROTECTED');
    const alerts = (await kernel.metrics.alerts.get()).values;
    expect(alerts).toContainEqual({ labels: { severity: 'warning', code: 'REQUEST_REJECTED' }, value: 1 });
    expect(notes.filter((n) => n.title.startsWith('TP/SL rejected'))).toHaveLength(1);
  });
});
