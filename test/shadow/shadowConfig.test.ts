import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/loadConfig.ts';
import { shadowConfigOf } from '../../src/kernel/shadow/shadowConfig.ts';
import { shadowJournalFileFor, shadowJournalPathFor } from '../../src/kernel/shadow/shadowJournalFile.ts';

const KEY = `ix.${'ab12'.repeat(16)}`;
const SUBACCOUNT = `0x${'5'.repeat(40)}`;
const LIVE = `mode: live
venue: { url: https://venue.example, apiKey: "\${env:KEY}", subaccount: "\${env:SUB}" }
journal: { path: var/bot.sqlite, url: postgres://bot:pw@db.example/perp }
simulator: { faults: config/faults/rough.yaml }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 1000, maxTotalNotional: 2000, maxLeverage: 2, dailyLossLimit: 100, maxDrawdownPct: 20, maxIntentsPerMinute: 10 }
strategies:
  - { id: fast, module: sma-cross, markets: [BTCUSDT] }
  - { id: slow, module: sma-cross, markets: [ETHUSDT] }
shadow: [slow]
telegram: { botToken: "\${env:BOT}" }
notify: { webhooks: [{ url: "\${env:HOOK}" }] }
`;
const BOT = `123456789:${'A'.repeat(35)}`;
const HOOK = 'https://hooks.example/T0/B0/secretpath';

describe("a shadow's config", () => {
  const live = parseConfig(LIVE, 'bot.yaml', { env: { KEY, SUB: SUBACCOUNT, BOT, HOOK } });
  const shadow = shadowConfigOf(live, shadowJournalPathFor(live.journal.path));

  it("holds no secret of live's: venue URL, key and subaccount, database URL, bot token, webhook", () => {
    const text = JSON.stringify(shadow);
    expect(JSON.stringify(live)).toContain(BOT);
    expect(
      [KEY, SUBACCOUNT, 'venue.example', 'postgres://', BOT, HOOK].filter((s) => text.includes(s)),
    ).toEqual([]);
  });

  it('is a dry run of the shadowed strategies only, on a simulator without faults, shadowing nothing', () => {
    expect({
      mode: shadow.mode,
      strategies: shadow.strategies.map((s) => s.id),
      faults: shadow.simulator.faults,
      shadow: shadow.shadow,
      record: shadow.record.enabled,
    }).toEqual({ mode: 'dry-run', strategies: ['slow'], faults: null, shadow: [], record: false });
  });

  it("journals beside live's file, under a dry run's name", () => {
    expect(shadow.journal.path).toBe('var/bot.shadow.sqlite');
    expect(shadowJournalFileFor('var/bot.sqlite')).toBe('var/bot.shadow.dry-run.sqlite');
    expect(shadowJournalFileFor(':memory:')).toBe(':memory:');
    // A journal named without the extension: the shadow's name is added after it.
    expect(shadowJournalFileFor('var/journal')).toBe('var/journal.shadow.dry-run.sqlite');
  });
});
