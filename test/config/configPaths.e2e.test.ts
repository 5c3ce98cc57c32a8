import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const NODE = join(process.cwd(), 'node_modules/.bin/node');
const MAIN = join(process.cwd(), 'src/cli/main.ts');
const DEFAULT = readFileSync('config/default.yaml', 'utf8');

/** config/default.yaml with some lines replaced, written to a fresh directory with a fault profile beside it. */
function configWith(replace: readonly (readonly [string, string])[]): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-config-paths-'));
  writeFileSync(join(dir, 'flaky.yaml'), 'errorRate: 0.1\n');
  let text = DEFAULT.replace('path: var/perpflow.sqlite', `path: ${join(dir, 'var/perpflow.sqlite')}`);
  for (const [from, to] of replace) {
    if (!text.includes(from)) throw new Error(`config/default.yaml has no "${from}"`);
    text = text.replace(from, to);
  }
  const file = join(dir, 'perpflow.yaml');
  writeFileSync(file, text);
  return { dir, file };
}

function validate(file: string, ...flags: string[]) {
  const r = spawnSync(NODE, [MAIN, 'config', 'validate', ...flags, file], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const lineOf = (file: string, text: string): number =>
  readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1;

describe('perpflow config validate checks every path the file names', () => {
  it('says ok when the strategy module, fault profile and journal directory are all there', () => {
    const { file } = configWith([['faults: null', 'faults: flaky.yaml']]);
    const cwd = file.replace(/perpflow\.yaml$/, '');
    const r = spawnSync(NODE, [MAIN, 'config', 'validate', file], { encoding: 'utf8', cwd });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('reports a strategy module that does not exist, relative to the config file, at file:line:col', () => {
    const { dir, file } = configWith([['module: sma-cross', 'module: ./nope.ts']]);
    const r = validate(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${file}:${lineOf(file, 'module:')}:13 strategies[0].module: no strategy module at ${dir}/nope.ts (relative to the config file)\n`,
    );
  });

  it('reports a built-in strategy name that has no strategies/<name>/index.ts', () => {
    const { file } = configWith([['module: sma-cross', 'module: no-such-builtin']]);
    const r = validate(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${file}:${lineOf(file, 'module:')}:13 strategies[0].module: no built-in strategy "no-such-builtin" (strategies/no-such-builtin/index.ts)\n`,
    );
  });

  it('reports a missing fault profile and a missing price CSV, each on its line', () => {
    const { file } = configWith([
      ['faults: null', 'faults: /nonexistent/flaky.yaml'],
      ['prices: gbm', 'prices: /nonexistent/bars.csv:BTCUSDT'],
    ]);
    const r = validate(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${file}:${lineOf(file, 'prices:')}:11 simulator.prices: no price CSV at /nonexistent/bars.csv\n` +
        `${file}:${lineOf(file, 'faults:')}:11 simulator.faults: no fault profile at /nonexistent/flaky.yaml\n`,
    );
  });

  it.skipIf(process.getuid?.() === 0)('reports a journal directory that cannot be written', () => {
    const { dir, file } = configWith([]);
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/path: .*perpflow\.sqlite/, `path: ${locked}/j.sqlite`),
    );
    const r = validate(file);
    chmodSync(locked, 0o700);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${file}:${lineOf(file, 'j.sqlite')}:9 journal.path: cannot create the journal: directory ${locked} is not writable\n`,
    );
  });

  it('prints {"ok":true} under --json, and the issues as a JSON error on stderr', () => {
    const good = configWith([]);
    expect(validate(good.file, '--json')).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ ok: true, file: good.file })}\n`,
      stderr: '',
    });
    const bad = configWith([['module: sma-cross', 'module: ./nope.ts']]);
    const r = validate(bad.file, '--json');
    expect(r.code).toBe(2);
    const error = (JSON.parse(r.stderr) as { error: { code: string; issues: { path: string }[] } }).error;
    expect(error.code).toBe('CONFIG');
    expect(error.issues.map((i) => i.path)).toEqual(['strategies[0].module']);
  });

  it('gives a negative account maxOpenPositions one error, without blaming the strategy limit', () => {
    const { file } = configWith([['maxOpenPositions: 4', 'maxOpenPositions: -1']]);
    const r = validate(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${file}:${lineOf(file, 'maxOpenPositions: -1')}:23 risk.account.maxOpenPositions: expected an integer from 1 to 1000\n`,
    );
  });

  // Built from parts: a literal dollar-brace in a plain string reads like a template mistake.
  const empty = ['$', '{env:}'].join('');
  const unclosed = ['$', '{env:X'].join('');
  it.each([
    [empty, `empty variable name in "${empty}"`],
    [unclosed, `unclosed environment reference "${unclosed}": it lacks its closing }`],
  ])('gives %s the right reason', (value, reason) => {
    const { file } = configWith([['solver: PERPS_HUB', `solver: "${value}"`]]);
    const r = validate(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${file}:${lineOf(file, 'solver:')}:11 venue.solver: ${reason}; write \${env:NAME}, NAME of letters, digits and _\n`,
    );
  });
});
