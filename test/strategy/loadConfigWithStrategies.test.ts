import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';

const RISK = `risk:
  account: { maxOpenPositions: 3, maxNotionalPerPosition: 1000, maxTotalNotional: 3000, maxLeverage: 5, maxIntentsPerMinute: 30, dailyLossLimit: 200, maxDrawdownPct: 10 }
`;
const FIXTURES = join(import.meta.dirname, 'fixtures', 'configs');

/** Writes a config into a fresh folder, so relative module paths are taken from there. */
function configFile(strategies: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pf-strat-'));
  const file = join(dir, 'bot.yaml');
  writeFileSync(file, `${RISK}strategies:\n${strategies}`);
  return file;
}

async function issues(file: string): Promise<string[]> {
  try {
    await loadConfigWithStrategies(file, { env: {} });
  } catch (error) {
    if (error instanceof ConfigError)
      return error.message.split('\n').map((l) => l.replace(file, 'bot.yaml'));
    throw error;
  }
  throw new Error('loaded without error');
}

describe('loadConfigWithStrategies', () => {
  it('loads a built-in by name with its params defaulted by its own schema', async () => {
    const file = configFile(
      '  - { id: a, module: sma-cross, markets: [BTCUSDT], params: { notional: 100 } }\n',
    );
    const { config, strategies } = await loadConfigWithStrategies(file, { env: {} });
    expect(strategies.get('a')?.name).toBe('sma-cross');
    expect(config.strategies[0]?.params).toEqual({
      fast: 10,
      slow: 30,
      notional: 100,
      leverage: 1,
      mode: 'reverse',
      slippage: 0.01,
    });
  });

  it('loads a TypeScript module by a path relative to the config file', async () => {
    const file = configFile(
      '  - { id: b, module: PLACEHOLDER, markets: [BTCUSDT], params: { threshold: 2 } }\n',
    );
    const rel = relative(join(file, '..'), join(FIXTURES, 'myStrategy.ts'));
    writeFileSync(
      file,
      `${RISK}strategies:\n  - { id: b, module: "${rel}", markets: [BTCUSDT], params: { threshold: 2 } }\n`,
    );
    const { strategies } = await loadConfigWithStrategies(file, { env: {} });
    expect(strategies.get('b')?.name).toBe('my-strategy');
  });

  it('names file:line:col of a bad parameter by the strategy schema', async () => {
    const file = configFile(
      [
        '  - id: a',
        '    module: sma-cross',
        '    markets: [BTCUSDT]',
        '    params:',
        '      notional: 100',
        '      fast: 40',
        '',
      ].join('\n'),
    );
    expect(await issues(file)).toEqual([
      'bot.yaml:9:13 strategies[0].params.fast: fast must be shorter than slow',
    ]);
  });

  it('reports an unknown built-in and a module without a strategy at their module line', async () => {
    const js = join(FIXTURES, 'notAStrategy.js');
    const file = configFile(
      [
        '  - { id: a, module: sma-crossover, markets: [BTCUSDT] }',
        `  - { id: b, module: "${js}", markets: [BTCUSDT] }`,
        '',
      ].join('\n'),
    );
    expect(await issues(file)).toEqual([
      `bot.yaml:4:22 strategies[0].module: cannot load the strategy's parameter schema: no built-in strategy named "sma-crossover" (built-ins: sma-cross, breakout, grid, dca, funding-carry; or give a path)`,
      `bot.yaml:5:22 strategies[1].module: cannot load the strategy's parameter schema: ${js} has no default export made by defineStrategy (export default defineStrategy({ … }))`,
    ]);
  });
});
