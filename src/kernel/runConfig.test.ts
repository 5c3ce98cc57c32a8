import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { parseConfig } from '../config/loadConfig.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { freshStart, runConfig } from './runConfig.ts';

const config = (mode: string, journal: string) =>
  parseConfig(
    `mode: ${mode}\njournal: { path: ${journal} }\nrisk: { account: { maxOpenPositions: 1, maxNotionalPerPosition: 1, maxTotalNotional: 1, maxLeverage: 1, maxIntentsPerMinute: 1, dailyLossLimit: 1, maxDrawdownPct: 1 } }\n`,
    'c.yaml',
    { env: {} },
  );

describe('run --fresh and --journal', () => {
  it("moves a dry run's journal (with its WAL) and paper account aside as <file>.<UTC time>", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-fresh-'));
    for (const f of ['j.dry-run.sqlite', 'j.dry-run.sqlite-wal', 'j.dry-run.paper.json', 'j.sqlite'])
      writeFileSync(join(dir, f), f);
    const moved = freshStart(
      config('dry-run', join(dir, 'j.sqlite')),
      new VirtualClock(Date.UTC(2026, 10, 25, 16, 45)),
    );
    expect(moved.map((m) => m.slice(dir.length + 1)).sort()).toEqual([
      'j.dry-run.paper.json.2026-11-25T16-45-00-000Z',
      'j.dry-run.sqlite-wal.2026-11-25T16-45-00-000Z',
      'j.dry-run.sqlite.2026-11-25T16-45-00-000Z',
    ]);
    expect(readdirSync(dir).sort()).toEqual(
      ['j.sqlite', ...moved.map((m) => m.slice(dir.length + 1))].sort(),
    );
  });

  it('moves nothing for a journal kept in memory: there is no file to back up', () => {
    expect(freshStart(config('dry-run', "':memory:'"), new VirtualClock(0))).toEqual([]);
  });

  it('never resets a live journal: --fresh with mode live is refused (exit 2) and moves nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-fresh-'));
    writeFileSync(join(dir, 'j.sqlite'), 'live');
    const live = { ...config('dry-run', join(dir, 'j.sqlite')), mode: 'live' as const };
    expect(() => freshStart(live, new VirtualClock(0))).toThrow(ConfigError);
    expect(existsSync(join(dir, 'j.sqlite'))).toBe(true);
  });

  it("refuses --fresh with a PostgreSQL journal (exit 2): the SQLite dry run's files are not this run's and stay", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-fresh-'));
    for (const f of ['j.dry-run.sqlite', 'j.dry-run.paper.json']) writeFileSync(join(dir, f), f);
    const c = runConfig(config('dry-run', join(dir, 'j.sqlite')), {
      journal: 'postgres://u:p@127.0.0.1:5432/pf',
    });
    expect(() => freshStart(c, new VirtualClock(0))).toThrow(ConfigError);
    expect(readdirSync(dir).sort()).toEqual(['j.dry-run.paper.json', 'j.dry-run.sqlite']);
  });

  it('--journal replaces journal.path and --dry-run the mode, nothing else', () => {
    const c = config('sim', 'var/a.sqlite');
    expect(runConfig(c, { journal: 'var/b.sqlite', mode: 'dry-run' })).toEqual({
      ...c,
      mode: 'dry-run',
      journal: { ...c.journal, path: 'var/b.sqlite' },
    });
  });
});
