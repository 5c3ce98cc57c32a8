import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { StrategyId } from '../../src/domain/ids.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { type Logger, silentLogger } from '../../src/log/Logger.ts';
import { dcaOnSim } from './dcaOnSim.ts';

// A due time of dca's 15-second cron; the default misfire grace is one period: 15 s.
const DUE = Date.UTC(2026, 0, 5, 0, 0, 45);

function linesInto(lines: string[]): Logger {
  const log: Logger = {
    ...silentLogger,
    warn: (m) => void lines.push(m),
    child: () => log,
  };
  return log;
}

/**
 * dca on one journal file: a process from `DUE - 20 s` until `down`, nothing running until `up`,
 * a second process from `up` to `DUE + 61 s`. Answers the due time each open was bought for
 * (relative to DUE, from its intent id; NaN: an id of no due time), and the second process's warnings.
 */
async function restartedAcrossGap(
  down: number,
  up: number,
  grace = '',
): Promise<{ opens: number[]; warnings: string[] }> {
  const clock = new VirtualClock(DUE - 20_000);
  const { journalPath, run, stop } = await dcaOnSim({ virtual: clock, clock, strategyExtra: grace });
  await run(DUE + down, silentLogger);
  await clock.advanceTo(DUE + up);
  const warnings: string[] = [];
  await run(DUE + 61_000, linesInto(warnings));
  stop();
  const { journal } = openJournal({ path: journalPath, clock });
  // dca's signal is `dca:<market>:<ctx.now>`: an id tells which due time its run was for.
  const dueOf = new Map<string, number>();
  for (let t = -60_000; t <= 61_000; t += 15_000)
    dueOf.set(deriveIntentId(StrategyId('dca'), `dca:ETHUSDT:${DUE + t}`), t);
  const opens = journal
    .all()
    .filter((r) => r.kind === 'open')
    .map((r) => dueOf.get(r.intentId) ?? Number.NaN);
  journal.close();
  return { opens: opens.sort((a, b) => a - b), warnings: warnings.filter((w) => w.startsWith('job ')) };
}

describe('a schedule’s due times missed across a restart (journal kept)', () => {
  it('a due time missed by less than the grace runs once, late, on restart, as its own due time', async () => {
    const { opens, warnings } = await restartedAcrossGap(-1_000, 5_000);
    expect(opens).toEqual([-15_000, 0, 15_000, 30_000, 45_000, 60_000]);
    expect(warnings).toEqual([
      'job strategy:dca:buy: running the due time 2026-01-05T00:00:45.000Z late, 5000 ms after it',
    ]);
  });

  it('older missed due times are skipped and logged with their count; the latest within the grace runs late', async () => {
    const { opens, warnings } = await restartedAcrossGap(-1_000, 40_000);
    // 0 and 15 s missed by more than 15 s: skipped; 30 s missed by 10 s: run late.
    expect(opens).toEqual([-15_000, 30_000, 45_000, 60_000]);
    expect(warnings).toEqual([
      'job strategy:dca:buy: skipped 2 missed due time(s), missed by more than the misfire grace of 15000 ms; running the due time 2026-01-05T00:01:15.000Z late, 10000 ms after it',
    ]);
  });

  it('with misfireGraceMs 0 nothing runs late: every missed due time is skipped and counted', async () => {
    const { opens, warnings } = await restartedAcrossGap(-1_000, 40_000, ', misfireGraceMs: 0');
    expect(opens).toEqual([-15_000, 45_000, 60_000]);
    expect(warnings).toEqual([
      'job strategy:dca:buy: skipped 3 missed due time(s), missed by more than the misfire grace of 0 ms',
    ]);
  });

  it('a restart with no due time missed runs none late and says nothing', async () => {
    const { opens, warnings } = await restartedAcrossGap(1_000, 5_000);
    expect(opens).toEqual([-15_000, 0, 15_000, 30_000, 45_000, 60_000]);
    expect(warnings).toEqual([]);
  });
});
