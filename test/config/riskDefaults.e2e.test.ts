import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseConfig } from '../../src/config/loadConfig.ts';
import { PAPER_ACCOUNT_LIMITS } from '../../src/config/riskDefaults.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { TEST_ENV } from './brokenFixtureTable.ts';

const LIVE_VENUE = `venue: { url: https://venue.example.com, apiKey: "\${env:PERPFLOW_API_KEY}", subaccount: "\${env:PERPFLOW_SUBACCOUNT}" }\n`;
const LIMITS = [
  'maxOpenPositions',
  'maxNotionalPerPosition',
  'maxTotalNotional',
  'maxLeverage',
  'maxIntentsPerMinute',
  'dailyLossLimit',
  'maxDrawdownPct',
];

function problems(text: string): string[] {
  try {
    parseConfig(text, 'c.yaml', { env: TEST_ENV });
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => `${i.path}: ${i.message}`);
    throw error;
  }
  return [];
}

describe('risk.account defaults by mode', () => {
  it('gives a dry run without a risk section the paper limits', () => {
    expect(parseConfig('strategies: []\n', 'c.yaml', { env: {} }).risk.account).toEqual(PAPER_ACCOUNT_LIMITS);
  });

  it('gives sim the paper limits and keeps every limit the file writes', () => {
    const config = parseConfig('mode: sim\nrisk: { account: { maxLeverage: 2 } }\n', 'c.yaml', { env: {} });
    expect(config.risk.account).toEqual({ ...PAPER_ACCOUNT_LIMITS, maxLeverage: 2 });
  });

  it('caps the default per-position notional at an explicit lower total', () => {
    const config = parseConfig('risk: { account: { maxTotalNotional: 500 } }\n', 'c.yaml', { env: {} });
    expect(config.risk.account).toMatchObject({ maxTotalNotional: 500, maxNotionalPerPosition: 500 });
  });

  it('gives a backtest no limit it did not write, so nothing truncates its result', () => {
    expect(parseConfig('mode: backtest\n', 'c.yaml', { env: {} }).risk.account).toEqual({});
  });

  it('checks a strategy limit against the default account limit of its mode', () => {
    expect(
      problems('strategies:\n  - { id: a, module: dca, markets: [BTCUSDT], risk: { maxLeverage: 8 } }\n'),
    ).toContain(
      'strategies[0].risk.maxLeverage: 8 exceeds risk.account.maxLeverage (5, the dry-run default)',
    );
  });

  it('refuses live without each of the seven limits, naming every missing key', () => {
    expect(problems(`mode: live\n${LIVE_VENUE}risk: { account: { maxLeverage: 2 } }\n`)).toEqual(
      LIMITS.filter((k) => k !== 'maxLeverage').map(
        (k) =>
          `risk.account.${k}: mode live needs this limit written in the file (no default for real money): set it to an amount you can lose`,
      ),
    );
  });

  it('`perpflow run` of a live config without limits exits 2 before touching the network, naming the keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-risk-'));
    writeFileSync(join(dir, 'live.yaml'), `mode: live\n${LIVE_VENUE}journal: { path: ${dir}/j.sqlite }\n`);
    const run = spawnSync('node_modules/.bin/node', ['src/cli/main.ts', 'run', join(dir, 'live.yaml')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...TEST_ENV },
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    for (const key of LIMITS) expect(run.stderr).toContain(`risk.account.${key}: mode live needs this limit`);
  });
});

describe('config/default.yaml is the reference it says it is', () => {
  const text = readFileSync('config/default.yaml', 'utf8');
  const listed = parseConfig(text, 'config/default.yaml', { env: {} });
  const written: unknown = parseDocument(text).toJS();

  it('every value it lists is the default (strategies and schedule aside, which are examples)', () => {
    const defaults = parseConfig('{}\n', 'empty.yaml', { env: {} });
    expect({ ...listed, strategies: [], schedule: [] }).toEqual(defaults);
  });

  it('lists every key that has a default', () => {
    const missing: string[] = [];
    const walk = (parsed: unknown, raw: unknown, path: string): void => {
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return;
      for (const [key, value] of Object.entries(parsed)) {
        const inFile = raw !== null && typeof raw === 'object' && key in raw;
        if (!inFile) missing.push(`${path}${key}`);
        else walk(value, (raw as Record<string, unknown>)[key], `${path}${key}.`);
      }
    };
    walk(listed, written, '');
    expect(missing).toEqual([]);
  });
});
