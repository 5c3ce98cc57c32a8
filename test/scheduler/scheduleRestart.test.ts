import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { simAccount } from '../../src/kernel/edges/simAccount.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import { EarlyTimers } from './earlyTimers.ts';

// A due time of dca's 15-second cron.
const DUE = Date.UTC(2026, 0, 5, 0, 0, 45);
const tickOf = (at: number): number => Math.round(at / 15_000) * 15_000;

async function scenario(startOffset: number, restartOffset: number): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-sched-'));
  const file = join(dir, 'k.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 5000 }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 20, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: dca, module: dca, markets: [ETHUSDT], params: { cron: "*/15 * * * * *", notional: 100 }, risk: { maxOpenPositions: 20 } }
shutdown: { drainMs: 0 }
`,
  );
  const loaded = await loadConfigWithStrategies(file);
  const virtual = new VirtualClock(DUE + startOffset);
  const clock = new EarlyTimers(virtual);
  const sim = createSimulator({
    clock: virtual,
    fillLatencyMs: { min: 50, max: 50 },
    prices: manualPrices({ ETHUSDT: 3_000 }),
  });
  const account = await simAccount(loaded.config, { clock, baseUrl: IN_PROCESS_BASE_URL, fetch: sim.fetch });
  const edges = {
    venue: account.venue,
    prices: account.venue,
    describe: 'test',
    ephemeral: false,
    secrets: account.secrets,
    close: async () => {},
  };
  const run = async (until: number): Promise<Kernel> => {
    const kernel = await Kernel.start({ loaded, edges, clock, log: silentLogger });
    await virtual.advanceTo(until);
    let stopped = false;
    const stopping = kernel.stop().then(() => {
      stopped = true;
    });
    await virtual.runUntil(() => stopped, 60_000);
    await stopping;
    return kernel;
  };
  await run(DUE + restartOffset);
  await run(DUE + 31_000);
  sim.stop();
  const { journal } = openJournal({ path: join(dir, 'j.sqlite'), clock });
  const opens = journal
    .all()
    .filter((r) => r.kind === 'open')
    .map((r) => tickOf(r.createdAt) - DUE);
  journal.close();
  return opens.sort((a, b) => a - b);
}

describe('dca across a restart, on timers that fire 1 ms early', () => {
  it.each([
    [-1_500, -1],
    [-1_500, 0],
    [-1_500, 1],
    [-10_000, 450],
    [-1, 2],
  ])('started %i ms and restarted %i ms from a due time: one open per due time', async (start, restart) => {
    const opens = await scenario(start, restart);
    // The kernel trades only once the first prices are in, so every due time is bought: once.
    expect(opens).toEqual([0, 15_000, 30_000]);
  });
});
