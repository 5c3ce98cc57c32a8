import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
  it('is relative to config/ by default in a perpflow clone, and a config there validates with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-newpath-'));
    writeFileSync(join(dir, 'package.json'), '{"name":"perpflow","private":true}\n');
    const made = await run(NODE, [MAIN, 'new', 'strategy', 'my-idea'], { cwd: dir });
    expect(made.stdout).toContain('module: ../strategies/my-idea/index.ts');
    validates(dir, 'config/bot.yaml', '../strategies/my-idea/index.ts');
    expect(existsSync(join(dir, 'README.md'))).toBe(false);
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

describe('perpflow new strategy outside a perpflow clone makes a strategy repository', () => {
  it('writes the config --config names, naming the strategy, and it validates as written', async () => {
    const { dir } = await scaffold('--config', 'bot.yaml');
    expect(loadConfig(join(dir, 'bot.yaml'), { env: {}, checkPaths: true }).strategies[0]).toMatchObject({
      id: 'my-idea',
      module: './strategies/my-idea/index.ts',
    });
  });

  it('writes bot.yaml without --config, and package.json with perpflow, vitest and npm test', async () => {
    const { dir, module } = await scaffold();
    expect(module).toBe('./strategies/my-idea/index.ts');
    expect(existsSync(join(dir, 'bot.yaml'))).toBe(true);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({ type: 'module', scripts: { test: 'vitest run' } });
    expect(Object.keys(pkg.dependencies)).toEqual(['perpflow']);
    expect(Object.keys(pkg.devDependencies)).toEqual(['vitest']);
  });

  it('keeps a config that is already there and what package.json already says', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-newpath-'));
    writeFileSync(join(dir, 'bot.yaml'), 'mine\n');
    writeFileSync(
      join(dir, 'package.json'),
      '{"name":"mine","dependencies":{"perpflow":"file:../pf.tgz"},"scripts":{"test":"vitest run --coverage"}}\n',
    );
    const made = await run(NODE, [MAIN, 'new', 'strategy', 'my-idea'], { cwd: dir });
    expect(made.stdout).toContain('name it in bot.yaml: module: ./strategies/my-idea/index.ts');
    expect(readFileSync(join(dir, 'bot.yaml'), 'utf8')).toBe('mine\n');
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toMatchObject({
      name: 'mine',
      dependencies: { perpflow: 'file:../pf.tgz' },
      scripts: { test: 'vitest run --coverage' },
      devDependencies: { vitest: expect.any(String) },
    });
  });
});
