import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { describeExposure } from '../../src/kernel/venueAgreement.ts';
import { createRng } from '../../src/simulator/rng.ts';
import { type Proc, until } from '../run/runHarness.ts';
import { venueExposure } from '../run/venueCheck.ts';
import {
  isActive,
  isStandby,
  isTrading,
  pgJournalLedger,
  RENEW_MS,
  sentTwice,
  TTL_MS,
} from './failoverHarness.ts';
import { failoverSuite } from './failoverSuite.ts';

/** Kill rounds: 20 by default (about 10 s each on this 2-core VM); FAILOVER_ROUNDS changes it. */
const ROUNDS = Number(process.env.FAILOVER_ROUNDS ?? 20);
/** Slack for two busy cores: process scheduling and log latency on top of TTL + one renewal. */
const SLACK_MS = 1_500;

const clock = new SystemClock();
const { setUp, bot } = failoverSuite();

const scopeOf = (p: Proc): string => {
  const line = p.lines.find((l) => /active: holding the lease of /.test(l)) ?? '';
  return /lease of (\S+) in /.exec(line)?.[1] ?? '';
};

async function checkBooks(simUrl: string, dbUrl: string, scope: string): Promise<void> {
  const { ledger, nonTerminal, requests } = await pgJournalLedger(dbUrl, scope);
  expect(nonTerminal, 'lost intents: journaled, never settled').toEqual([]);
  expect(sentTwice(requests), 'intents sent more than once').toEqual([]);
  expect(describeExposure(await venueExposure(simUrl))).toBe(describeExposure(ledger.exposure()));
}

describe('active/passive failover on a PostgreSQL journal (two perpflow run, one perpflow sim)', () => {
  it(`kill -9 of the active at random moments, ${ROUNDS} rounds: the standby takes over within TTL + one renewal, nothing sent twice, nothing lost, ledger = venue`, async () => {
    const { simUrl, dbUrl, cfg } = await setUp(41);
    const rng = createRng(11);
    let active = bot(cfg);
    await until(() => isTrading(active), 30_000, 'the first active', active);
    let standby = bot(cfg);
    await until(() => isStandby(standby), 30_000, 'the first standby', standby);
    const scope = scopeOf(active);
    const takeovers: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A random moment within two seconds of trading: requests are often in flight.
      await clock.sleep(Math.floor(rng.next() * 2_000));
      active.child.kill('SIGKILL');
      const killedAt = clock.now();
      await until(() => isActive(standby), TTL_MS + RENEW_MS + 10_000, `take-over ${round + 1}`, standby);
      const took = clock.now() - killedAt;
      takeovers.push(took);
      process.stdout.write(`failover round ${round + 1}: the standby took over ${took} ms after kill -9\n`);
      expect(await active.exited).toBeNull();
      active = standby;
      // The next standby boots while the new active recovers and reconciles.
      standby = bot(cfg);
      await until(() => isTrading(active), 30_000, `trading after take-over ${round + 1}`, active);
      await until(() => isStandby(standby), 30_000, `standby ${round + 2}`, standby);
    }
    // The last active still trades: one more position opened after the last take-over.
    const opened = active.count(/ opened BTCUSDT /);
    await until(
      () => active.count(/ opened BTCUSDT /) > opened,
      60_000,
      'an open after the last take-over',
      active,
    );
    standby.child.kill('SIGKILL');
    active.child.kill('SIGINT');
    expect(await active.exited).toBe(0);
    expect(Math.max(...takeovers)).toBeLessThanOrEqual(TTL_MS + RENEW_MS + SLACK_MS);
    await checkBooks(simUrl, dbUrl, scope);
  }, 600_000);

  it('SIGSTOP of the active past its lease: the standby takes over, and the old one, woken, submits nothing and exits', async () => {
    const { simUrl, dbUrl, cfg } = await setUp(43);
    const old = bot(cfg);
    await until(() => old.count(/ opened BTCUSDT /) > 0, 60_000, 'the first active trading', old);
    const standby = bot(cfg);
    await until(() => isStandby(standby), 30_000, 'the standby', standby);
    const scope = scopeOf(old);
    old.child.kill('SIGSTOP');
    const stoppedAt = clock.now();
    await until(() => isActive(standby), TTL_MS + RENEW_MS + 10_000, 'the take-over', standby);
    process.stdout.write(
      `SIGSTOP: the standby took over ${clock.now() - stoppedAt} ms after the active froze\n`,
    );
    await until(() => isTrading(standby), 30_000, 'the new active trading', standby);
    const seen = old.lines.length;
    old.child.kill('SIGCONT');
    // Its next renewal or commit finds the token stale: it exits at once, submitting nothing.
    await until(() => old.child.exitCode !== null, RENEW_MS + 10_000, 'the woken old active to exit', old);
    expect(await old.exited).toBe(75);
    const after = old.lines.slice(seen);
    expect(after.filter((l) => / (opened|closed) BTCUSDT /.test(l))).toEqual([]);
    expect(after.some((l) => /lease lost/.test(l))).toBe(true);
    const opened = standby.count(/ opened BTCUSDT /);
    await until(
      () => standby.count(/ opened BTCUSDT /) > opened,
      60_000,
      'the new active trading on',
      standby,
    );
    standby.child.kill('SIGINT');
    expect(await standby.exited).toBe(0);
    await checkBooks(simUrl, dbUrl, scope);
  }, 180_000);
});
