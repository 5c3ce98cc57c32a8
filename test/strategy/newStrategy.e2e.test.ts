import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const NODE = join(REPO, 'node_modules/.bin/node');

/** A fresh project folder that resolves `perpflow`, `zod` and `vitest` as an installed project would. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pf-new-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(REPO, join(dir, 'node_modules', 'perpflow'));
  for (const dep of ['zod', 'vitest'])
    symlinkSync(join(REPO, 'node_modules', dep), join(dir, 'node_modules', dep));
  return dir;
}

describe('perpflow new strategy', () => {
  it('scaffolds a module whose own test passes and which a config can name', async () => {
    const dir = project();
    const made = await run(NODE, [join(REPO, 'src/cli/main.ts'), 'new', 'strategy', 'my-idea'], { cwd: dir });
    expect(made.stdout).toContain('wrote strategies/my-idea/{index.ts,index.test.ts,README.md}');
    const tested = await run(NODE, [join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir], {
      cwd: dir,
    });
    expect(tested.stdout).toMatch(/3 passed/);
    writeFileSync(
      join(dir, 'bot.yaml'),
      `risk:
  account: { maxOpenPositions: 3, maxNotionalPerPosition: 1000, maxTotalNotional: 3000, maxLeverage: 5, maxIntentsPerMinute: 30, dailyLossLimit: 200, maxDrawdownPct: 10 }
strategies:
  - { id: idea, module: ./strategies/my-idea/index.ts, markets: [BTCUSDT], params: { quantity: 0.01 } }
`,
    );
    const { strategies, config } = await loadConfigWithStrategies(join(dir, 'bot.yaml'), { env: {} });
    expect(strategies.get('idea')?.name).toBe('my-idea');
    expect(config.strategies[0]?.params).toEqual({ lookback: 3, quantity: 0.01, leverage: 1 });
  });

  it('says what it wrote as JSON under --json: in a folder that is not a clone, the repository files too, and the module relative to bot.yaml', async () => {
    const dir = project();
    const made = await run(NODE, [join(REPO, 'src/cli/main.ts'), 'new', 'strategy', 'other-idea', '--json'], {
      cwd: dir,
    });
    expect(JSON.parse(made.stdout)).toEqual({
      wrote: 'strategies/other-idea',
      files: ['index.ts', 'index.test.ts', 'README.md'],
      created: ['package.json', 'bot.yaml', 'README.md', '.gitignore'],
      module: './strategies/other-idea/index.ts',
    });
  });

  it('refuses a name that is not lower-case-with-dashes, writing nothing (exit 2)', async () => {
    const dir = project();
    const err = await run(NODE, [join(REPO, 'src/cli/main.ts'), 'new', 'strategy', 'My Idea'], {
      cwd: dir,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 2 });
    expect((err as { stderr: string }).stderr).toContain(
      'strategy name "My Idea": use lower-case letters, digits and dashes',
    );
    expect(existsSync(join(dir, 'strategies'))).toBe(false);
  });
});
