/**
 * reliability.md scenario 18 with a real process: perpflow is SIGKILLed mid-flight, restarted on
 * the same journal, and the invariants are checked against the HTTP simulator. The one test
 * allowed real time: bounded, and it waits for conditions, never for fixed sleeps.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerRiskCommands } from '../../src/cli/commands/risk.ts';
import { createProgram } from '../../src/cli/program.ts';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { ZERO } from '../../src/domain/money.ts';
import { openQuantity } from '../../src/domain/position.ts';
import { PositionLedger } from '../../src/execution/PositionLedger.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { type SimProcess, spawnSimServer } from './fixtures/spawnSimServer.ts';
import { sameExposure, show, tempJournalPath } from './harness.ts';

const WORKER = fileURLToPath(new URL('./fixtures/worker.ts', import.meta.url));

function startWorker(args: string[]): {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [WORKER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buf = '';
  child.stdout?.on('data', (c: Buffer) => {
    buf += c.toString();
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    lines.push(...parts);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

/** Waits (real time, bounded) until `cond` holds, checking on every event-loop turn of I/O. */
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const clock = new SystemClock();
  const end = clock.now() + ms;
  while (!cond()) {
    if (clock.now() > end) throw new Error(`timed out waiting for ${what}`);
    await clock.sleep(10);
  }
}

let sim: SimProcess | undefined;
afterAll(async () => {
  await sim?.stop();
});

describe('SIGKILL mid-flight', () => {
  it('restarts on the same journal with no duplicate open, every request terminal and the ledger equal to the venue', async () => {
    sim = await spawnSimServer({ min: 100, max: 400 }, 5);
    const acc = await bootstrapAccount(fetch, { baseUrl: sim.url, collateral: 10_000_000 });
    const path = tempJournalPath();
    const args = [sim.url, acc.apiKey, acc.subaccount, path, '30'];

    const first = startWorker(args);
    await until(() => first.lines.filter((l) => l === 'sent').length >= 6, 15_000, 'requests in flight');
    const killedAt = new SystemClock().now();
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const second = startWorker(args);
    await until(() => second.lines.includes('idle'), 30_000, 'the restarted worker to settle');
    expect(await second.exited).toBe(0);

    const clock = new SystemClock();
    const { journal } = openJournal({ path, clock });
    const requests = journal.all();
    expect(journal.nonTerminal()).toEqual([]);
    const opens = requests.filter((r) => r.kind === 'open');
    // The kill really was mid-flight: something journaled before it was settled after the restart.
    const recovered = opens.filter(
      (r) => r.createdAt < killedAt && journal.transitionsOf(r.clientRequestId).some((t) => t.at > killedAt),
    );
    expect(recovered.length).toBeGreaterThan(0);
    expect(new Set(opens.map((r) => r.intentId)).size).toBe(30);
    const tempIds = opens.filter((r) => r.tempId).map((r) => r.tempId);
    expect(new Set(tempIds).size).toBe(tempIds.length);

    const venue = createVenueClient({
      baseUrl: sim.url,
      apiKey: acc.apiKey,
      subaccount: acc.subaccount,
      clock,
    });
    const positions = await venue.positions();
    // At most one open per intent reached the venue; the venue holds one position per intent
    // that should have opened (all but those settled as never executed).
    for (const [intent, rs] of Map.groupBy(opens, (r) => r.intentId))
      expect(
        rs.filter((r) => r.status !== 'NOT_SENT'),
        intent,
      ).toHaveLength(1);
    const neverExecuted = opens.filter((r) => r.status === 'RECONCILED_NOT_EXECUTED').length;
    expect(positions.filter((p) => p.quoteId !== null)).toHaveLength(30 - neverExecuted);
    const claimed = new Set(tempIds);
    for (const p of positions) expect(claimed.has(p.tempId ?? undefined)).toBe(true);
    const venueExp = new Map<string, typeof ZERO>();
    for (const p of positions) {
      if (p.quoteId === null) continue;
      const k = `${p.symbol}:${p.side}`;
      venueExp.set(k, (venueExp.get(k) ?? ZERO).plus(openQuantity(p)));
    }
    const ledger = new PositionLedger();
    const fills = journal.fills();
    for (const f of fills) ledger.apply(f);
    expect(show(ledger.exposure())).toEqual(show(venueExp));
    expect(sameExposure(ledger.exposure(), venueExp)).toBe(true);
    expect(new Set(fills.map((f) => f.fillId)).size).toBe(fills.length);
    journal.close();
  }, 60_000);

  it('halts and closes everything when `perpflow halt --close-all` signals the running process', async () => {
    sim ??= await spawnSimServer({ min: 100, max: 400 }, 5);
    const acc = await bootstrapAccount(fetch, {
      baseUrl: sim.url,
      collateral: 10_000_000,
      wallet: '0x00000000000000000000000000000000000b0b00',
    });
    const path = tempJournalPath();
    const worker = startWorker([sim.url, acc.apiKey, acc.subaccount, path, '6', 'stay']);
    await until(() => worker.lines.includes('idle'), 20_000, 'the worker to settle');
    const clock = new SystemClock();
    const venue = createVenueClient({
      baseUrl: sim.url,
      apiKey: acc.apiKey,
      subaccount: acc.subaccount,
      clock,
    });
    expect((await venue.positions()).length).toBeGreaterThan(0);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const program = createProgram();
      registerRiskCommands(program);
      await program.parseAsync(['node', 'perpflow', 'halt', '--journal', path, '--close-all']);
    } finally {
      out.mockRestore();
    }
    await until(() => worker.lines.includes('halted'), 10_000, 'the halt signal to be handled');
    const end = clock.now() + 15_000;
    while ((await venue.positions()).length > 0) {
      if (clock.now() > end) throw new Error('timed out waiting for every position to close');
      await clock.sleep(50);
    }
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    const { journal } = openJournal({ path, clock });
    expect(journal.getMeta('tradingState')).toBe('halted');
    expect(journal.nonTerminal()).toEqual([]);
    journal.close();
  }, 60_000);
});
