import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { parseConfig } from '../../config/loadConfig.ts';
import { MarketSymbol } from '../../domain/ids.ts';
import { IntentIdScheme } from '../../domain/intentId.ts';
import { INTENT_ID_SCHEME } from '../../journal/intentIdSchemeOf.ts';
import { openJournal } from '../../journal/openJournal.ts';
import { silentLogger } from '../../log/Logger.ts';
import { DrivenMarket } from '../../market/DrivenMarket.ts';
import { shadowConfigOf } from './shadowConfig.ts';
import { shadowEdges } from './shadowEdges.ts';
import { shadowJournalFileFor, shadowJournalPathFor } from './shadowJournalFile.ts';

const BTC = MarketSymbol('BTCUSDT');

async function edgesBeside(scheme: IntentIdScheme) {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-shadow-edges-'));
  const live = parseConfig(
    `mode: sim
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 1000, maxTotalNotional: 2000, maxLeverage: 2, dailyLossLimit: 100, maxDrawdownPct: 20, maxIntentsPerMinute: 10 }
strategies:
  - { id: fast, module: sma-cross, markets: [BTCUSDT] }
shadow: [fast]
`,
    join(dir, 'bot.yaml'),
    { env: {} },
  );
  const clock = new VirtualClock(Date.UTC(2026, 0, 5));
  const market = new DrivenMarket(60_000);
  const config = shadowConfigOf(live, shadowJournalPathFor(live.journal.path));
  const edges = await shadowEdges(config, {
    clock,
    log: silentLogger,
    live: market,
    markets: [BTC],
    intentIdScheme: scheme,
  });
  const { journal } = openJournal({ path: shadowJournalFileFor(live.journal.path), clock });
  return { edges, journal, market, clock };
}

describe("a shadow's edges", () => {
  it("give a new shadow journal live's intent id scheme, even the old one of a journal made before schemes", async () => {
    const { edges, journal } = await edgesBeside(IntentIdScheme.sha256);
    edges.attach?.(journal);
    expect(journal.getMeta(INTENT_ID_SCHEME)).toBe('sha256');
    expect(edges.describe).toMatch(
      /^shadow: dry run: embedded simulator \(in process\), .*, on live's prices$/,
    );
    await edges.close();
    journal.close();
  });

  it("stop following live's marks once closed", async () => {
    const { edges, journal, market } = await edgesBeside(IntentIdScheme.hash96);
    edges.attach?.(journal);
    const engine = edges.simulator?.engine;
    market.pushTick({ symbol: BTC, mark: 96_000, ts: Date.UTC(2026, 0, 5) });
    expect(engine?.mark(BTC)?.mark).toBe(96_000);
    await edges.close();
    market.pushTick({ symbol: BTC, mark: 97_000, ts: Date.UTC(2026, 0, 5) + 1 });
    expect(engine?.mark(BTC)?.mark).toBe(96_000);
    journal.close();
  });
});
