import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusDrift } from '../../src/cli/commands/statusDrift.ts';
import { dec } from '../../src/domain/money.ts';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { SHADOW_SINCE } from '../../src/kernel/shadow/shadowEdges.ts';
import { shadowJournalFileFor as shadowFileFor } from '../../src/kernel/shadow/shadowJournalFile.ts';
import { driftFromJournals } from './driftFromJournals.ts';
import { shadowRun } from './support/shadowRun.ts';

type Run = Awaited<ReturnType<typeof shadowRun>>;

const rows = (file: string, sql: string): Record<string, unknown>[] => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

describe('shadow mode on a 15-minute sim session (fill latency, a solver refusing a tenth of fills)', () => {
  let run: Run;
  let liveFile: string;
  let shadowFile: string;
  beforeAll(async () => {
    run = await shadowRun(15);
    liveFile = join(run.dir, 'j.sqlite');
    shadowFile = join(run.dir, 'j.shadow.dry-run.sqlite');
  }, 120_000);

  it("reports the figures a reader computes from the two journals' fills", () => {
    const since = Number(rows(shadowFile, `SELECT value FROM meta WHERE key = '${SHADOW_SINCE}'`)[0]?.value);
    const expected = driftFromJournals(liveFile, shadowFile, 'flip', since);
    const [flip] = run.report.strategies;
    expect(run.report.since).toBe(since);
    expect({
      strategyId: flip?.strategyId,
      matched: flip?.matched,
      liveMissed: [...(flip?.liveMissed ?? [])].sort(),
      shadowMissed: [...(flip?.shadowMissed ?? [])].sort(),
      meanBps: flip?.priceBps?.mean,
      worstBps: flip?.priceBps?.worst,
      liveLatency: flip?.latencyMs?.live,
      shadowLatency: flip?.latencyMs?.shadow,
    }).toEqual({
      strategyId: 'flip',
      matched: expected.matched,
      liveMissed: expected.liveMissed,
      shadowMissed: expected.shadowMissed,
      meanBps: expected.meanBps,
      worstBps: expected.worstBps,
      liveLatency: expected.liveLatency,
      shadowLatency: expected.shadowLatency,
    });
    expect(dec(flip?.pnl.live ?? 'NaN').equals(expected.livePnl)).toBe(true);
    expect(dec(flip?.pnl.shadow ?? 'NaN').equals(expected.shadowPnl)).toBe(true);
    expect(dec(flip?.pnl.difference ?? 'NaN').equals(expected.livePnl.minus(expected.shadowPnl))).toBe(true);
  });

  it('has something to compare: matched fills that differ in price, and fills live missed', () => {
    const [flip] = run.report.strategies;
    expect(flip?.matched).toBeGreaterThan(10);
    expect(flip?.liveMissed.length).toBeGreaterThan(0);
    expect(flip?.priceBps?.mean).not.toBe('0.00');
  });

  it("serves the report's figures as gauges on live's /metrics registry", () => {
    const [flip] = run.report.strategies;
    const gauge = (name: string) =>
      run.metrics
        .find((m) => m.name === name)
        ?.values.map((v) => ({ ...v.labels, value: v.value }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect({
      matched: gauge('perpflow_shadow_matched_fills'),
      missed: gauge('perpflow_shadow_missed_fills'),
      bps: gauge('perpflow_shadow_price_drift_bps'),
      latency: gauge('perpflow_shadow_fill_latency_ms'),
      pnl: gauge('perpflow_shadow_net_pnl'),
    }).toEqual({
      matched: [{ strategy: 'flip', value: flip?.matched }],
      missed: [
        { strategy: 'flip', missed_by: 'live', value: flip?.liveMissed.length },
        { strategy: 'flip', missed_by: 'shadow', value: flip?.shadowMissed.length },
      ],
      bps: [
        { strategy: 'flip', stat: 'mean', value: Number(flip?.priceBps?.mean) },
        { strategy: 'flip', stat: 'worst', value: Number(flip?.priceBps?.worst) },
      ],
      latency: [
        { strategy: 'flip', side: 'live', value: flip?.latencyMs?.live },
        { strategy: 'flip', side: 'shadow', value: flip?.latencyMs?.shadow },
      ],
      pnl: [
        { strategy: 'flip', side: 'live', value: Number(flip?.pnl.live) },
        { strategy: 'flip', side: 'shadow', value: Number(flip?.pnl.shadow) },
      ],
    });
  });

  it('gives `perpflow status` the same report, read from the two files once the bot stopped', () => {
    const live = openReadOnlyJournal(liveFile);
    try {
      expect(statusDrift(live, shadowFileFor(liveFile))).toEqual(run.report);
    } finally {
      live.close();
    }
  });

  it("answers the console's GET /api/v1/drift with the report as JSON", () => {
    expect(run.driftAnswer.statusCode).toBe(200);
    expect(run.driftAnswer.json()).toEqual(JSON.parse(JSON.stringify(run.report)));
  });

  it("runs only the shadowed strategy, and never submits to live's venue", () => {
    expect(rows(shadowFile, 'SELECT DISTINCT strategy_id AS s FROM requests').map((r) => r.s)).toEqual([
      'flip',
    ]);
    const liveSubmits = rows(liveFile, 'SELECT count(*) AS n FROM requests WHERE temp_id IS NOT NULL')[0]?.n;
    const shadowSubmits = rows(shadowFile, 'SELECT count(*) AS n FROM requests WHERE temp_id IS NOT NULL')[0]
      ?.n;
    expect(Number(shadowSubmits)).toBeGreaterThan(0);
    // Every request live's venue issued an id for is one of live's own journal.
    expect(run.edges.simulator?.engine.snapshot().requestsIssued).toBe(Number(liveSubmits));
  });

  it("keeps every secret, live's and its own, out of the shadow's log lines", () => {
    const shadowLines = run.lines.filter((l) => l.includes('"component":"shadow"'));
    expect(shadowLines.length).toBeGreaterThan(0);
    for (const secret of [...run.edges.secrets, ...run.shadow.secrets])
      expect(shadowLines.filter((l) => l.includes(secret))).toEqual([]);
  });
});
