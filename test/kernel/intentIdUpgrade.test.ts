import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { StrategyId } from '../../src/domain/ids.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { INTENT_ID_SCHEME } from '../../src/journal/intentIdSchemeOf.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { simTestEdges } from './support/simTestEdges.ts';

const T0 = Date.UTC(2026, 0, 5);
const ONCE = StrategyId('once');
/** The fixture's one signal (fixtures/opensOnce.ts). */
const SIGNAL = 'first-price';

/**
 * Two processes on one journal, each running `opens-once` for 10 s: the second repeats the first's
 * signal. With `oldFirst`, the first leaves the journal as a version before schemes left it:
 * sha256 ids and no scheme named. Returns the journal's opens (their intent ids) and the scheme
 * it names at the end.
 */
async function twoRuns(oldFirst: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-ids-'));
  const path = join(dir, 'j.sqlite');
  const file = join(dir, 'k.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 5000 }
journal: { path: ${path} }
risk:
  account: { maxOpenPositions: 5, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: once, module: ${join(import.meta.dirname, 'fixtures/opensOnce.ts')}, markets: [BTCUSDT], risk: { maxOpenPositions: 5 } }
shutdown: { drainMs: 0 }
`,
  );
  const clock = new VirtualClock(T0);
  const meta = (f: (j: ReturnType<typeof openJournal>['journal']) => void) => {
    const { journal } = openJournal({ path, clock });
    f(journal);
    journal.close();
  };
  if (oldFirst) meta((j) => j.setMeta(INTENT_ID_SCHEME, 'sha256'));
  const loaded = await loadConfigWithStrategies(file);
  const { sim, edges } = await simTestEdges(loaded.config, {
    clock,
    prices: { BTCUSDT: 50_000 },
    fillMs: 50,
    ephemeral: false,
  });
  const run = async () => {
    const kernel = await Kernel.start({ loaded, edges, clock, log: silentLogger });
    await clock.advance(10_000);
    let stopped = false;
    const stopping = kernel.stop().then(() => {
      stopped = true;
    });
    await clock.runUntil(() => stopped, 60_000);
    await stopping;
  };
  await run();
  if (oldFirst) meta((j) => j.deleteMeta(INTENT_ID_SCHEME));
  await run();
  sim.stop();
  let opens: string[] = [];
  let scheme: string | undefined;
  meta((j) => {
    opens = j
      .all()
      .filter((r) => r.kind === 'open')
      .map((r) => `${r.intentId} ${r.status}`);
    scheme = j.getMeta(INTENT_ID_SCHEME);
  });
  return { opens, scheme };
}

describe('intent ids across a restart, by the journal’s scheme', () => {
  it('a new journal takes hash96, and the repeated signal is the same intent: one open', async () => {
    const { opens, scheme } = await twoRuns(false);
    expect(scheme).toBe('hash96');
    expect(opens).toEqual([`${deriveIntentId(ONCE, SIGNAL, 0, 'hash96')} FILLED`]);
  });

  it('a journal from before schemes were named keeps sha256 after the upgrade: still one open', async () => {
    const { opens, scheme } = await twoRuns(true);
    expect(scheme).toBe('sha256');
    expect(opens).toEqual([`${deriveIntentId(ONCE, SIGNAL, 0, 'sha256')} FILLED`]);
  });
});
