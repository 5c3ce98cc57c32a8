import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { perpflow, perpflowOutput, type SimServer, startSim, tempDir, until } from '../run/runHarness.ts';

let sim: SimServer | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

/** A live bot of two strategies on a `perpflow sim` of its own, shadowing those `shadowed` names. */
function liveConfig(dir: string, url: string, shadowed: string): string {
  const path = join(dir, 'live.yaml');
  writeFileSync(
    path,
    `mode: live
venue: { url: "${url}", apiKey: "\${env:PF_TEST_KEY}", subaccount: "\${env:PF_TEST_SUB}" }
simulator: { seed: 7, fillLatencyMs: { min: 50, max: 150 } }
market: { pollIntervalMs: 200, staleAfterMs: 3000 }
journal: { path: ${join(dir, 'journal.sqlite')} }
risk:
  account: { maxOpenPositions: 4, maxNotionalPerPosition: 1000, maxTotalNotional: 4000, maxLeverage: 5, maxIntentsPerMinute: 600, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: btc, module: sma-cross, markets: [BTCUSDT], interval: 1s, params: { fast: 2, slow: 3, notional: 200, leverage: 2, mode: reverse } }
  - { id: eth, module: sma-cross, markets: [ETHUSDT], interval: 1s, params: { fast: 2, slow: 3, notional: 200, leverage: 2, mode: reverse } }
logging: { level: info, file: null }
status: { port: 0 }
console: { enabled: false }
shutdown: { drainMs: 5000 }
shadow: [${shadowed}]
`,
  );
  return path;
}

const intentsOf = (file: string, strategy: string): string[] => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare('SELECT DISTINCT intent_id FROM requests WHERE strategy_id = ?')
      .all(strategy)
      .map((r) => String(r.intent_id));
  } finally {
    db.close();
  }
};

describe('a strategy added to `shadow:` when a live bot restarts', () => {
  it("is compared from its own shadow's start: live's intents of it from before are not counted as ones the shadow missed", async () => {
    sim = await startSim(37);
    const acc = await bootstrapAccount(fetch, { baseUrl: sim.url, collateral: 100_000 });
    const env = { PF_TEST_KEY: acc.apiKey, PF_TEST_SUB: acc.subaccount };
    const dir = tempDir();
    const cfg = liveConfig(dir, sim.url, 'btc');
    const liveFile = join(dir, 'journal.sqlite');

    const first = perpflow(['run', cfg], process.cwd(), env);
    await until(() => first.count(/ opened ETHUSDT /) >= 2, 60_000, 'eth trading, unshadowed', first);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const before = intentsOf(liveFile, 'eth');
    expect(before.length).toBeGreaterThan(0);

    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace('shadow: [btc]', 'shadow: [btc, eth]'));
    const second = perpflow(['run', cfg], process.cwd(), env);
    await until(
      () => second.count(/ opened ETHUSDT .*component=shadow/) >= 2,
      60_000,
      'eth in the shadow',
      second,
    );
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);

    const status = await perpflowOutput(['status', '--json', cfg], process.cwd(), env);
    expect(status.code).toBe(0);
    const drift = (
      JSON.parse(status.stdout) as {
        drift: { strategies: { strategyId: string; matched: number; shadowMissed: string[] }[] };
      }
    ).drift;
    const eth = drift.strategies.find((s) => s.strategyId === 'eth');
    expect(eth?.matched).toBeGreaterThan(0);
    expect(eth?.shadowMissed.filter((id) => before.includes(id))).toEqual([]);
  }, 180_000);
});
