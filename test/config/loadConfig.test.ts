import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envRef } from '../../src/config/envReference.ts';
import { loadConfig, parseConfig } from '../../src/config/loadConfig.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';

const RISK = `risk:
  account: { maxOpenPositions: 3, maxNotionalPerPosition: 1000, maxTotalNotional: 3000, maxLeverage: 5, maxIntentsPerMinute: 30, dailyLossLimit: 200, maxDrawdownPct: 10 }
`;
const API_KEY = `ix.${'a1'.repeat(32)}`;
const SUBACCOUNT = `0x${'Cd'.repeat(20)}`;

function issuesOf(text: string, env: Record<string, string> = {}, options = {}): string[] {
  try {
    parseConfig(text, 'c.yaml', { env, ...options });
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n');
    throw error;
  }
  throw new Error('loaded without error');
}

describe('loadConfig', () => {
  it('loads config/default.yaml with no environment variables at all', () => {
    const config = loadConfig('config/default.yaml', { env: {} });
    expect(config.mode).toBe('dry-run');
    expect(config.venue.url).toBeNull();
    expect(config.venue.apiKey).toBeNull();
    expect(config.strategies[0]?.module).toBe('sma-cross');
  });

  it('loads the examples when the variables they reference are set', () => {
    const env = {
      PERPFLOW_VENUE_URL: 'https://api.example.com',
      PERPFLOW_SUBACCOUNT: SUBACCOUNT,
      PERPFLOW_API_KEY: API_KEY,
    };
    const live = loadConfig('config/examples/live.example.yaml', { env });
    expect(live.venue.apiKey).toBe(API_KEY);
    expect(live.venue.subaccount).toBe(SUBACCOUNT.toLowerCase());
    expect(loadConfig('config/examples/sim.yaml', { env: {} }).mode).toBe('sim');
  });

  it('fills every section left out with its defaults', () => {
    const config = parseConfig(RISK, 'c.yaml', { env: {} });
    expect(config.venue).toMatchObject({ chainId: 42161, solver: 'PERPS_HUB', timeoutMs: 10_000, burst: 20 });
    expect(config.simulator.fillLatencyMs).toEqual({ min: 300, max: 2000 });
    expect(config.simulator.limitTtlMs).toBe(86_400_000);
    expect(config.execution.poll.deadlineMs).toBe(300_000);
    expect(config.risk.killSwitch.closeAllOnHalt).toBe(false);
    expect(config.strategies).toEqual([]);
    expect(config.logging).toEqual({ level: 'info', file: 'var/perpflow.log' });
  });

  it('reads a log-normal fill latency, and names what is wrong with a mixed or half one', () => {
    const ok = parseConfig(`${RISK}simulator:\n  fillLatencyMs: { median: 800, p99: 4000 }\n`, 'c.yaml', {
      env: {},
    });
    expect(ok.simulator.fillLatencyMs).toEqual({ median: 800, p99: 4000 });
    const mixed = issuesOf(`${RISK}simulator:\n  fillLatencyMs: { min: 1, median: 800, p99: 4000 }\n`).join(
      '\n',
    );
    expect(mixed).toMatch(/simulator\.fillLatencyMs.*give either min and max \(uniform\) or median and p99/);
    const half = issuesOf(`${RISK}simulator:\n  fillLatencyMs: { median: 800 }\n`).join('\n');
    expect(half).toMatch(/simulator\.fillLatencyMs\.p99.*required with median and p99/);
    const reversed = issuesOf(`${RISK}simulator:\n  fillLatencyMs: { median: 900, p99: 400 }\n`).join('\n');
    expect(reversed).toMatch(/median \(900\) must not exceed p99 \(400\)/);
  });

  it('resolves a reference inside a longer string', () => {
    const config = parseConfig(`${RISK}journal:\n  path: var/\${env:RUN}.sqlite\n`, 'c.yaml', {
      env: { RUN: 'r7' },
    });
    expect(config.journal.path).toBe('var/r7.sqlite');
  });

  it('treats an empty environment variable as missing', () => {
    expect(issuesOf(`${RISK}venue:\n  apiKey: \${env:K}\n`, { K: '' })).toEqual([
      `c.yaml:4:11 venue.apiKey: environment variable K is not set (referenced as ${envRef('K')})`,
    ]);
  });

  it('reports every problem of a file at once, in file order', () => {
    const text = `mode: paper\nvenue:\n  timeoutMs: -1\n  colour: red\n${RISK}schedule:\n  - { name: a, cron: nope }\n`;
    const lines = issuesOf(text);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^c\.yaml:1:7 mode: /);
    expect(lines[1]).toMatch(/^c\.yaml:3:14 venue\.timeoutMs: /);
    expect(lines[2]).toMatch(/^c\.yaml:4:3 venue\.colour: unknown key/);
    expect(lines[3]).toMatch(/^c\.yaml:8:22 schedule\[0\]\.cron: /);
  });

  it('still runs cross-field checks when another section is invalid', () => {
    const text = `mode: live\nvenue:\n  timeoutMs: 0\n${RISK}`;
    const lines = issuesOf(text);
    expect(lines.some((l) => l.includes('venue.timeoutMs'))).toBe(true);
    expect(lines.some((l) => l.includes('venue.apiKey: mode live needs an API key'))).toBe(true);
  });

  it('accepts http to a loopback simulator and rejects the ftp scheme', () => {
    expect(
      parseConfig(`${RISK}venue:\n  url: http://127.0.0.1:8080\n`, 'c.yaml', { env: {} }).venue.url,
    ).toBe('http://127.0.0.1:8080');
    expect(issuesOf(`${RISK}venue:\n  url: ftp://example.com\n`)[0]).toContain('expected an https URL');
  });

  it('says which file it could not read', () => {
    expect(() => loadConfig('config/nope.yaml')).toThrow('config/nope.yaml no such file');
  });
});

describe('strategy parameters', () => {
  const text = `${RISK}strategies:\n  - id: sma\n    module: ./a.ts\n    markets: [BTCUSDT]\n    params: { fast: -3, slow: 30 }\n`;
  const plugin = z.strictObject({
    fast: z.int().positive(),
    slow: z.int().positive(),
    source: z.string().default('close'),
  });

  it('validates params with the plugin schema and names the parameter', () => {
    expect(issuesOf(text, {}, { strategyParams: () => plugin })).toEqual([
      'c.yaml:7:21 strategies[0].params.fast: expected a positive integer',
    ]);
  });

  it('keeps what the plugin schema produced, defaults included', () => {
    const ok = text.replace('fast: -3', 'fast: 10');
    const config = parseConfig(ok, 'c.yaml', { env: {}, strategyParams: () => plugin });
    expect(config.strategies[0]?.params).toEqual({ fast: 10, slow: 30, source: 'close' });
  });

  it('points at an unknown parameter by its key', () => {
    const typo = text.replace('fast: -3', 'fsat: 10');
    expect(issuesOf(typo, {}, { strategyParams: () => plugin })).toContain(
      'c.yaml:7:15 strategies[0].params.fsat: unknown key; did you mean "fast"?',
    );
  });

  it('turns a plugin that cannot be loaded into an issue at its module', () => {
    const failing = () => {
      throw new Error('Cannot find module ./a.ts');
    };
    expect(issuesOf(text, {}, { strategyParams: failing })).toEqual([
      "c.yaml:5:13 strategies[0].module: cannot load the strategy's parameter schema: Cannot find module ./a.ts",
    ]);
  });
});

describe('secrets in messages', () => {
  it('never shows a resolved secret, even when a plugin message echoes it', () => {
    // Block style: inside a flow mapping `{ … }` a reference has to be quoted.
    const text = `${RISK}strategies:\n  - id: sma\n    module: ./a.ts\n    markets: [BTCUSDT]\n    params:\n      signalToken: \${env:SIGNAL_TOKEN}\n`;
    const echoing = z.object({
      signalToken: z.string().refine(() => false, { error: (i) => `bad token ${String(i.input)}` }),
    });
    const secret = 'tok-9f8e7d6c5b4a3210';
    const lines = issuesOf(text, { SIGNAL_TOKEN: secret }, { strategyParams: () => echoing });
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines[0]).toContain('strategies[0].params.signalToken: bad token tok-…3210');
  });

  it('masks an API key that reaches a message through any path', () => {
    const key = `ix.${'0f'.repeat(32)}`;
    const lines = issuesOf(`${RISK}venue:\n  solver: \${env:SOLVER}\n`, { SOLVER: key });
    expect(lines.join('\n')).not.toContain(key);
    expect(lines[0]).toContain('venue.solver: expected a solver name');
  });
});
