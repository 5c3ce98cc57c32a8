import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { parseConfig } from '../../src/config/loadConfig.ts';
import { freshStart } from '../../src/kernel/runConfig.ts';

const configIn = (dir: string): string => `mode: sim
venue: { url: "http://127.0.0.1:1" }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 1000, maxTotalNotional: 2000, maxLeverage: 2, dailyLossLimit: 100, maxDrawdownPct: 20, maxIntentsPerMinute: 10 }
strategies:
  - { id: fast, module: sma-cross, markets: [BTCUSDT] }
shadow: [fast]
`;

describe('run --fresh on a sim bot that shadows a strategy (a venue that outlives the bot)', () => {
  it("starts the shadow over with live: its journal and paper account kept as backups, or the next drift report would hold the last session's shadow intents as ones live missed", () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-fresh-shadow-'));
    const shadowFiles = [join(dir, 'j.shadow.dry-run.sqlite'), join(dir, 'j.shadow.dry-run.paper.json')];
    for (const f of [join(dir, 'j.sqlite'), ...shadowFiles]) writeFileSync(f, 'last session');
    const config = parseConfig(configIn(dir), join(dir, 'bot.yaml'), { env: {} });
    const backups = freshStart(config, new VirtualClock(Date.UTC(2026, 0, 5)));
    expect(shadowFiles.filter((f) => existsSync(f))).toEqual([]);
    expect(backups.map((b) => b.replace(/\.\d{4}-.*$/, '')).sort()).toEqual(
      [join(dir, 'j.sqlite'), ...shadowFiles].sort(),
    );
  });
});

describe('run --fresh --mode dry-run of a config that shadows (the rehearsal of a live bot)', () => {
  it("leaves the shadow's files alone: they are the live bot's, and a dry run is not shadowed", () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-fresh-shadow-'));
    const shadowFile = join(dir, 'j.shadow.dry-run.sqlite');
    writeFileSync(shadowFile, 'the live bot shadow');
    const config = {
      ...parseConfig(configIn(dir), join(dir, 'bot.yaml'), { env: {} }),
      mode: 'dry-run' as const,
    };
    freshStart(config, new VirtualClock(Date.UTC(2026, 0, 5)));
    expect(existsSync(shadowFile)).toBe(true);
  });
});
