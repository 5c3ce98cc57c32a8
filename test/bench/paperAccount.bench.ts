/**
 * node test/bench/paperAccount.bench.ts — what one save of a dry run's paper account costs as the
 * session grows. A dry run saves after every venue answer (persistingFetch), so a save's cost is
 * paid several times per intent. Ours keeps the requests the journal still has open plus those of
 * the last 10 s (keepForJournal); the baseline, measured in the same run, keeps every request of
 * the last 15 minutes, as the simulator does for a client it knows nothing of (the dry run's rule
 * before the fix, which halved a dry run's intents/s within three minutes at full pace).
 * The session: RATE intents/s (opens and closes of BTCUSDT, 100 ms fills) on the virtual clock,
 * measured at each of CHECKPOINTS minutes (comma-separated; default 1,3,10,30,60). A flat "ours"
 * column is the point: a save costs what the requests it keeps cost, not what the session held.
 * The heap column (after a full GC) is the whole process's: the engine keeps every request of a
 * dry run (a status poll may ask about any), so it grows with the session whatever a save costs.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { monotonicStopwatch } from '../../src/clock/Stopwatch.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { keepForJournal } from '../../src/kernel/edges/paperAccount.ts';
import { KEEP_RECENT, type RequestKeep } from '../../src/simulator/engine/requestSnapshot.ts';
import type { Quote } from '../../src/simulator/engine/state.ts';
import { engine, openOn } from '../../src/simulator/engine/testEngine.ts';

const RATE = Number(process.env.RATE ?? 70);
const CHECKPOINTS_MIN = (process.env.CHECKPOINTS ?? '1,3,10,30,60').split(',').map(Number);
const SAVES = 15;

// A full GC before each heap reading, without asking the bench runner for --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const { clock, e, sub } = engine();
e.accounts.faucet(sub.address, e.chainId, 1_000_000_000);
e.setMark('BTCUSDT', 95_000);
const journal = new MemoryJournal(clock);
const ours = keepForJournal(journal);

/** Median ms and the bytes of one save (snapshot + JSON, as paperAccountWriter does). */
function saveCost(keep: RequestKeep): { ms: number; bytes: number } {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SAVES; i++) {
    const t0 = monotonicStopwatch.elapsedMs();
    bytes = JSON.stringify(e.snapshot(keep)).length;
    times.push(monotonicStopwatch.elapsedMs() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, bytes };
}

const open: Quote[] = [];
let elapsedMs = 0;
const rows: string[] = [];
for (const minutes of CHECKPOINTS_MIN) {
  const stepMs = 1000 / RATE;
  while (elapsedMs < minutes * 60_000) {
    // Alternate: an open, then the close of the oldest filled position.
    const filled = open.length > 0 && open[0]?.status === 'OPENED' ? open.shift() : undefined;
    if (filled) e.submitClose(filled, { quantityToClose: 0.01, orderType: 'MARKET' });
    else open.push(openOn(e, sub, { quantity: 0.01, leverage: 5 }).quote);
    clock.advanceSync(stepMs);
    elapsedMs += stepMs;
  }
  const a = saveCost(ours);
  const b = saveCost(KEEP_RECENT);
  gc();
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  const issued = e.snapshot(ours).requestsIssued;
  rows.push(
    `| ${minutes} min | ${a.ms.toFixed(2)} ms, ${(a.bytes / 1024).toFixed(0)} KB | ${b.ms.toFixed(2)} ms, ${(b.bytes / 1024).toFixed(0)} KB | ${(b.ms / a.ms).toFixed(1)}× | ${issued} | ${heapMb.toFixed(0)} MB |`,
  );
}
process.stdout.write(
  `paper account save at ${RATE} intents/s (median of ${SAVES} saves)\n` +
    '| session | ours: open + last 10 s | baseline: last 15 min | baseline / ours | requests held | heap |\n' +
    '| --- | --- | --- | --- | --- | --- |\n' +
    `${rows.join('\n')}\n`,
);
