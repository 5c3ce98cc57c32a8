import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const NODE = join(REPO, 'node_modules/.bin/node');
const GOOG = join(REPO, 'data/samples/GOOG-1d.csv');

function perpflow(entry: string, cwd: string, ...args: string[]) {
  const r = spawnSync(NODE, [entry, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A folder of the user's own, outside the checkout: no node_modules, no package.json. */
function ownFolder(): string {
  return mkdtempSync(join(tmpdir(), 'my-strategies-'));
}

/** Scaffolds `idea` with `perpflow new strategy` and writes bot.yaml naming it, for a GOOG backtest. */
function scaffold(entry: string, dir: string): void {
  const made = perpflow(entry, dir, 'new', 'strategy', 'idea', '--config', 'bot.yaml');
  expect(made.code).toBe(0);
  writeFileSync(
    join(dir, 'bot.yaml'),
    'mode: backtest\nstrategies:\n  - { id: idea, module: ./strategies/idea/index.ts, markets: [GOOG], interval: 1d, params: { quantity: 1 } }\n',
  );
}

function expectItTrades(entry: string, dir: string): void {
  expect(perpflow(entry, dir, 'config', 'validate', 'bot.yaml')).toMatchObject({
    code: 0,
    stdout: 'ok: bot.yaml\n',
  });
  const run = perpflow(entry, dir, 'backtest', 'bot.yaml', '--data', `GOOG=${GOOG}`);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/\b[1-9]\d* trades; final equity/);
}

/** A module that fails to load, in a config beside it; returns what `config validate` printed. */
function loadFailure(file: string, source: string): { file: string; stderr: string } {
  const dir = ownFolder();
  writeFileSync(join(dir, file), source);
  writeFileSync(join(dir, 'bot.yaml'), `strategies:\n  - { id: s, module: ./${file}, markets: [BTCUSDT] }\n`);
  const run = perpflow(join(REPO, 'src/cli/main.ts'), dir, 'config', 'validate', 'bot.yaml');
  expect(run.code).toBe(2);
  return { file: join(dir, file), stderr: run.stderr };
}

describe('a strategy in its own folder, anywhere on disk', () => {
  it("runs from a clone: `import … from 'perpflow'` and 'zod' resolve with no node_modules beside it", () => {
    const dir = ownFolder();
    const entry = join(REPO, 'src/cli/main.ts');
    scaffold(entry, dir);
    expectItTrades(entry, dir);
  });

  it("runs with perpflow installed in the user's project (a copy under node_modules, not a link)", () => {
    const project = ownFolder();
    const installed = join(project, 'node_modules', 'perpflow');
    mkdirSync(installed, { recursive: true });
    for (const part of ['package.json', 'bin', 'src', 'strategies', 'backtest'])
      cpSync(join(REPO, part), join(installed, part), { recursive: true });
    // npm hoists perpflow's dependencies beside it.
    for (const dep of readdirSync(join(REPO, 'node_modules')))
      if (dep !== 'perpflow')
        symlinkSync(join(REPO, 'node_modules', dep), join(project, 'node_modules', dep));
    const entry = join(installed, 'bin', 'perpflow.js');
    scaffold(entry, project);
    expectItTrades(entry, project);
    // A sweep's worker threads load perpflow's TypeScript too: through the hooks, registered in each.
    const sweep = perpflow(
      entry,
      project,
      'backtest',
      'bot.yaml',
      '--data',
      `GOOG=${GOOG}`,
      '--sweep',
      'quantity=1..2:1',
    );
    expect(sweep.stderr).toBe('');
    expect(sweep.code).toBe(0);
    expect(sweep.stdout).toMatch(/^1 +quantity=2 /m);
  });
});

describe('a strategy that fails to load is reported at file:line:column of its own source', () => {
  it('a TypeScript syntax error', () => {
    const r = loadFailure(
      'bad.ts',
      "import { z } from 'zod';\nexport default {\n  params: z.object({ n: 1 +, }),\n};\n",
    );
    expect(r.stderr).toContain(`${r.file}:3:28: failed to load: SyntaxError: Expression expected`);
  });

  it('a JavaScript syntax error', () => {
    const r = loadFailure('bad.js', 'const a = 1;\nexport default {\n  x: a +,\n};\n');
    expect(r.stderr).toContain(`${r.file}:3:9: failed to load: SyntaxError: Unexpected token ','`);
  });

  it('an error thrown while the module body runs', () => {
    const r = loadFailure(
      'throws.ts',
      "export const n = 1;\nthrow new Error('no API key for my signals');\n",
    );
    expect(r.stderr).toContain(`${r.file}:2:7: failed to load: no API key for my signals`);
  });

  it('an import that cannot be found', () => {
    const r = loadFailure(
      'imports.ts',
      "export const n = 1;\nimport { x } from './helper.ts';\nexport default x;\n",
    );
    expect(r.stderr).toContain(`${r.file}:2:19: failed to load: Cannot find module`);
  });
});
