/**
 * reliability.md scenario 18 with a real process, at each labelled point: the worker SIGKILLs
 * itself the third time it reaches the point (crash.ts), is restarted on the same journal and
 * replays its intents; at most one open per intent may have reached the venue, and the venue
 * holds one position per intent that should have opened. Real time, bounded; it waits for conditions, never for fixed sleeps.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { CRASH_POINTS } from '../../src/execution/crash.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { type SimProcess, spawnSimServer } from './fixtures/spawnSimServer.ts';
import { tempJournalPath } from './harness.ts';

const WORKER = fileURLToPath(new URL('./fixtures/worker.ts', import.meta.url));
const INTENTS = 9;

function runWorker(args: string[]): Promise<{ code: number | null; signal: string | null; lines: string[] }> {
  const child: ChildProcess = spawn(process.execPath, [WORKER, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let buf = '';
  child.stdout?.on('data', (c: Buffer) => {
    buf += c.toString();
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    lines.push(...parts);
  });
  const clock = new SystemClock();
  const timer = clock.setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      clock.clearTimeout(timer);
      resolve({ code, signal, lines });
    }),
  );
}

let sim: SimProcess;
beforeAll(async () => {
  sim = await spawnSimServer({ min: 100, max: 400 }, 7);
});
afterAll(async () => {
  await sim.stop();
});

describe('SIGKILL at each labelled point', () => {
  CRASH_POINTS.forEach((point, i) => {
    it(`killed at the third ${point}, the restart leaves one venue position per intent that should open and at most one open sent per intent`, async () => {
      const wallet = `0x${(0xc0ffee00 + i).toString(16).padStart(40, '0')}`;
      const acc = await bootstrapAccount(fetch, { baseUrl: sim.url, collateral: 10_000_000, wallet });
      const path = tempJournalPath();
      const args = [sim.url, acc.apiKey, acc.subaccount, path, String(INTENTS)];

      const killed = await runWorker([...args, '', `${point}:3`]);
      expect(killed.signal).toBe('SIGKILL');
      expect(killed.lines).toContain(`killed at ${point}`);
      const restarted = await runWorker(args);
      expect(restarted.code).toBe(0);
      expect(restarted.lines).toContain('idle');

      const clock = new SystemClock();
      const { journal } = openJournal({ path, clock });
      expect(journal.nonTerminal()).toEqual([]);
      const opens = journal.all().filter((r) => r.kind === 'open');
      // At most one request per intent ever reached the venue: a second attempt exists only
      // after the first was provably never sent (NOT_SENT).
      for (const [intent, rs] of Map.groupBy(opens, (r) => r.intentId)) {
        const mayHaveLeft = rs.filter((r) => r.status !== 'NOT_SENT');
        expect(
          mayHaveLeft.map((r) => r.status),
          intent,
        ).toHaveLength(1);
      }
      expect(new Set(opens.map((r) => r.intentId)).size).toBe(INTENTS);
      // Killed with SUBMITTING committed but nothing sent: settled as not executed, and the
      // replay of that intent is a duplicate (only a provably unsent NOT_SENT may go again).
      const shouldNotOpen = point === 'afterCommitBeforeSend' ? 1 : 0;
      expect(opens.filter((r) => r.status === 'RECONCILED_NOT_EXECUTED')).toHaveLength(shouldNotOpen);
      journal.close();
      const venue = createVenueClient({
        baseUrl: sim.url,
        apiKey: acc.apiKey,
        subaccount: acc.subaccount,
        clock,
      });
      const positions = (await venue.positions()).filter((p) => p.quoteId !== null);
      expect(positions).toHaveLength(INTENTS - shouldNotOpen);
    }, 60_000);
  });
});
