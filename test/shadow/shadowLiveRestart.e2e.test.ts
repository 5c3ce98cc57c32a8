import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { SHADOW_SINCE } from '../../src/kernel/shadow/shadowEdges.ts';
import { describeExposure } from '../../src/kernel/venueAgreement.ts';
import { createRng } from '../../src/simulator/rng.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { perpflow, perpflowOutput, type SimServer, startSim, tempDir, until } from '../run/runHarness.ts';
import { journalLedger } from '../run/venueCheck.ts';
import { driftFromJournals } from './driftFromJournals.ts';

let sim: SimServer | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

/**
 * A live bot on a `perpflow sim` of its own (a venue that outlives it), shadowing its one strategy.
 * `simulator:` is the shadow's (live trades the separate simulator): its slow fills keep a shadow
 * request in flight most of the time, so a kill is likely to land on one.
 */
function liveShadowConfig(dir: string, url: string): string {
  const path = join(dir, 'live.yaml');
  writeFileSync(
    path,
    `mode: live
venue: { url: "${url}", apiKey: "\${env:PF_TEST_KEY}", subaccount: "\${env:PF_TEST_SUB}" }
simulator: { seed: 7, fillLatencyMs: { min: 500, max: 1500 } }
market: { pollIntervalMs: 200, staleAfterMs: 3000 }
journal: { path: ${join(dir, 'journal.sqlite')} }
risk:
  account: { maxOpenPositions: 4, maxNotionalPerPosition: 1000, maxTotalNotional: 4000, maxLeverage: 5, maxIntentsPerMinute: 600, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: sma-fast, module: sma-cross, markets: [BTCUSDT], interval: 1s, params: { fast: 2, slow: 3, notional: 200, leverage: 2, mode: reverse } }
logging: { level: info, file: null }
status: { port: 0 }
console: { enabled: false }
shutdown: { drainMs: 5000 }
shadow: [sma-fast]
`,
  );
  return path;
}

const query = (file: string, sql: string): Record<string, unknown>[] => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

const shadowSince = (file: string): number =>
  Number(query(file, `SELECT value FROM meta WHERE key = '${SHADOW_SINCE}'`)[0]?.value);

const shadowInFlight = (file: string): number =>
  Number(
    query(
      file,
      "SELECT count(*) AS n FROM requests WHERE status IN ('CREATED', 'SUBMITTING', 'ACCEPTED', 'UNKNOWN')",
    )[0]?.n,
  );

const fillIds = (file: string): string[] =>
  query(file, 'SELECT fill_id FROM fills ORDER BY fill_id').map((r) => String(r.fill_id));

/** The paper account's open quantity per SYMBOL:SIDE, the form describeExposure gives a ledger. */
function paperExposure(file: string): string {
  const paper = JSON.parse(readFileSync(file, 'utf8')) as {
    subaccounts: { positions: { symbol: string; side: string; quantity: string; closedAmount: string }[] }[];
  };
  const sums = new Map<string, number>();
  for (const p of paper.subaccounts.flatMap((s) => s.positions)) {
    const key = `${p.symbol}:${p.side}`;
    sums.set(key, (sums.get(key) ?? 0) + Number(p.quantity) - Number(p.closedAmount));
  }
  return [...sums]
    .filter(([, q]) => q !== 0)
    .map(([k, q]) => `${k} ${q}`)
    .sort()
    .join(', ');
}

describe('a live bot with a shadow, killed with SIGKILL and restarted on the same journals', () => {
  it('continues, after each of three kills, the shadow journal and paper account, keeps shadowSince, loses and repeats no shadow fill, and reports the drift the two journals give', async () => {
    sim = await startSim(29);
    const acc = await bootstrapAccount(fetch, { baseUrl: sim.url, collateral: 100_000 });
    const env = { PF_TEST_KEY: acc.apiKey, PF_TEST_SUB: acc.subaccount };
    const dir = tempDir();
    const cfg = liveShadowConfig(dir, sim.url);
    const liveFile = join(dir, 'journal.sqlite');
    const shadowFile = join(dir, 'journal.shadow.dry-run.sqlite');
    const paperFile = join(dir, 'journal.shadow.dry-run.paper.json');

    const rng = createRng(11);
    const clock = new SystemClock();
    let since: number | undefined;
    let before: string[] = [];
    let inFlightAtKill = 0;
    for (let kill = 0; kill < 3; kill++) {
      const bot = perpflow(['run', cfg], process.cwd(), env);
      const opens = (n: number) => () => bot.count(/ opened BTCUSDT .*component=shadow/) >= n;
      await until(opens(2), 60_000, `two shadow opens before kill ${kill + 1}`, bot);
      await clock.sleep(Math.floor(rng.next() * 1500));
      bot.child.kill('SIGKILL');
      expect(await bot.exited).toBeNull();
      if (kill > 0)
        expect(bot.lines.join('\n')).toMatch(
          /paper account continued from .*journal\.shadow\.dry-run\.paper\.json/,
        );
      // Every start after the first continues the shadow: its since stays, its fills only grow.
      since ??= shadowSince(shadowFile);
      expect(shadowSince(shadowFile)).toBe(since);
      const ids = fillIds(shadowFile);
      expect(before.filter((id) => !ids.includes(id))).toEqual([]);
      expect(ids.length).toBeGreaterThan(before.length);
      before = ids;
      inFlightAtKill += shadowInFlight(shadowFile);
    }
    if (since === undefined || !(since > 0)) throw new Error(`no shadowSince in ${shadowFile}`);
    // The test is worth its name only if some kill caught a shadow request between send and fill.
    expect(inFlightAtKill).toBeGreaterThan(0);

    const last = perpflow(['run', cfg], process.cwd(), env);
    await until(
      () => last.count(/ opened BTCUSDT .*component=shadow/) >= 2,
      60_000,
      'two shadow opens after the last restart',
      last,
    );
    last.child.kill('SIGINT');
    expect(await last.exited).toBe(0);
    const out = last.lines.join('\n');
    expect(out).toMatch(/paper account continued from .*journal\.shadow\.dry-run\.paper\.json/);

    expect(shadowSince(shadowFile)).toBe(since);
    const after = fillIds(shadowFile);
    expect(after.filter((id) => !before.includes(id)).length).toBeGreaterThan(0);
    expect(before.filter((id) => !after.includes(id))).toEqual([]);
    const shadow = journalLedger(shadowFile);
    expect(shadow.nonTerminal).toEqual([]);
    const sentPerIntent = new Map<string, number>();
    for (const r of shadow.requests)
      if (r.submittedAt !== undefined)
        sentPerIntent.set(r.intentId, (sentPerIntent.get(r.intentId) ?? 0) + 1);
    expect([...sentPerIntent].filter(([, n]) => n > 1)).toEqual([]);
    // The paper account holds what the shadow journal's fills add up to: neither lost nor counted twice.
    expect(paperExposure(paperFile)).toBe(
      describeExposure(shadow.ledger.exposure())
        .split(', ')
        .filter((s) => s !== '' && s !== 'flat')
        .sort()
        .join(', '),
    );

    const status = await perpflowOutput(['status', '--json', cfg], process.cwd(), env);
    expect(status.code).toBe(0);
    const drift = (
      JSON.parse(status.stdout) as {
        drift: {
          since: number;
          strategies: {
            strategyId: string;
            matched: number;
            liveMissed: string[];
            shadowMissed: string[];
            priceBps: { mean: string; worst: string } | null;
            latencyMs: { live: number; shadow: number } | null;
            pnl: { live: string; shadow: string };
          }[];
        };
      }
    ).drift;
    const expected = driftFromJournals(liveFile, shadowFile, 'sma-fast', since);
    const [s] = drift.strategies;
    expect(drift.since).toBe(since);
    expect({
      matched: s?.matched,
      liveMissed: [...(s?.liveMissed ?? [])].sort(),
      shadowMissed: [...(s?.shadowMissed ?? [])].sort(),
      meanBps: s?.priceBps?.mean,
      worstBps: s?.priceBps?.worst,
      liveLatency: s?.latencyMs?.live,
      shadowLatency: s?.latencyMs?.shadow,
      livePnl: Number(s?.pnl.live),
      shadowPnl: Number(s?.pnl.shadow),
    }).toEqual({
      matched: expected.matched,
      liveMissed: expected.liveMissed,
      shadowMissed: expected.shadowMissed,
      meanBps: expected.meanBps,
      worstBps: expected.worstBps,
      liveLatency: expected.liveLatency,
      shadowLatency: expected.shadowLatency,
      livePnl: expected.livePnl.toNumber(),
      shadowPnl: expected.shadowPnl.toNumber(),
    });
    expect(expected.matched).toBeGreaterThan(0);
  }, 240_000);
});
