import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loadConfig.ts';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const NODE = join(REPO, 'node_modules/.bin/node');
const MAIN = join(REPO, 'src/cli/main.ts');

const RISK = `risk:
  account: { maxOpenPositions: 3, maxNotionalPerPosition: 1000, maxTotalNotional: 3000, maxLeverage: 5, maxIntentsPerMinute: 30, dailyLossLimit: 200, maxDrawdownPct: 10 }
`;

/** Runs `perpflow new strategy ARGS` in a fresh folder; returns the folder and the `module:` it printed. */
async function scaffold(...args: string[]): Promise<{ dir: string; module: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pf-newpath-'));
  const made = await run(NODE, [MAIN, 'new', 'strategy', 'my-idea', ...args], { cwd: dir });
  const module = /module: (\S+)/.exec(made.stdout)?.[1];
  if (module === undefined) throw new Error(`no module path in: ${made.stdout}`);
  return { dir, module };
}

/** Writes a config at `file` (under `dir`) naming `module` and validates its paths on disk. */
function validates(dir: string, file: string, module: string): void {
  const path = join(dir, file);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(
    path,
    `${RISK}strategies:\n  - { id: idea, module: ${module}, markets: [BTCUSDT], params: { quantity: 0.01 } }\n`,
  );
  expect(() => loadConfig(path, { env: {}, checkPaths: true })).not.toThrow();
}

describe('perpflow new strategy prints a module path a config can use as is', () => {
  it('is relative to config/ by default, and a config there validates with it', async () => {
    const { dir, module } = await scaffold();
    expect(module).toBe('../strategies/my-idea/index.ts');
    validates(dir, 'config/bot.yaml', module);
  });

  it('is relative to the folder of the config named with --config', async () => {
    const { dir, module } = await scaffold('--config', 'bots/eu/live.yaml');
    expect(module).toBe('../../strategies/my-idea/index.ts');
    validates(dir, 'bots/eu/live.yaml', module);
  });

  it('starts with ./ for a config in the working directory and follows --dir', async () => {
    const { dir, module } = await scaffold('--config', 'bot.yaml', '--dir', 'src/strats');
    expect(module).toBe('./src/strats/my-idea/index.ts');
    validates(dir, 'bot.yaml', module);
  });
});
