import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'backtest-startup-'));
const seen = join(dir, 'seen.json');
/**
 * Preloaded into the process: records every module loaded, every `import` of node:http (an ES
 * import builds its export facade, whose WebSocket getters load undici), and whether perpflow's
 * own module hooks were registered by the time the process exits.
 */
const watcher = join(dir, 'watch.mjs');
writeFileSync(
  watcher,
  `import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = [];
const httpImports = [];
registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    if (r.url === 'node:http' && context.conditions?.includes('import')) httpImports.push(context.parentURL);
    return r;
  },
  load(url, context, next) {
    loaded.push(url);
    return next(url, context);
  },
});
process.on('exit', () => writeFileSync(${JSON.stringify(seen)}, JSON.stringify({
  loaded, httpImports, hooks: globalThis[Symbol.for('perpflow.moduleHooks')] === true,
})));
`,
);

interface Seen {
  readonly loaded: readonly string[];
  readonly httpImports: readonly string[];
  readonly hooks: boolean;
}

/** `perpflow backtest` of the GOOG sample with --json, through the launcher, watched. */
function backtest(): Seen {
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'bin/perpflow.js'),
      'backtest',
      'test/fixtures/backtest/sma-reference-GOOG.yaml',
      '--data',
      'GOOG=data/samples/GOOG-1d.csv',
      '--json',
      join(dir, 'out.json'),
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--import=${watcher}` } },
  );
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(readFileSync(seen, 'utf8')) as Seen;
}

describe('a single backtest loads what it runs', () => {
  let s: Seen = { loaded: [], httpImports: [], hooks: true };
  beforeAll(() => {
    s = backtest();
  });
  const loaded = (part: string) => s.loaded.filter((u) => u.includes(part));

  it('and not the sweep, the terminal progress bar or the HTML report', () => {
    expect(loaded('/backtest/cli/backtestCommand.ts')).toHaveLength(1);
    expect(loaded('/backtest/sweep/')).toEqual([]);
    expect(loaded('/node_modules/cli-progress/')).toEqual([]);
    expect(loaded('/backtest/output/backtestHtml.ts')).toEqual([]);
  });

  it('with no ES import of node:http', () => {
    expect(s.httpImports).toEqual([]);
  });

  it("without perpflow's module hooks in a clone with a built-in strategy", () => {
    expect(loaded('/strategies/sma-cross/index.ts')).toHaveLength(1);
    expect(s.hooks).toBe(false);
  });
});
