import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const GOOG = join(REPO, 'data/samples/GOOG-1d.csv');

function backtest(interval: string) {
  const dir = mkdtempSync(join(tmpdir(), 'pf-interval-'));
  writeFileSync(
    join(dir, 'bt.yaml'),
    `mode: backtest\nstrategies:\n  - { id: fast, module: sma-cross, markets: [GOOG], ${interval} params: { fast: 10, slow: 30, notional: 1000 } }\n`,
  );
  return spawnSync(
    join(REPO, 'node_modules/.bin/node'),
    [join(REPO, 'src/cli/main.ts'), 'backtest', 'bt.yaml', '--data', `GOOG=${GOOG}`],
    { cwd: dir, encoding: 'utf8' },
  );
}

describe('perpflow backtest of data whose bars differ from the interval a strategy entry sets', () => {
  it('says so on stdout and stderr, and still runs (exit 0)', () => {
    const r = backtest('interval: 3s,');
    expect(r.status).toBe(0);
    const message = 'fast is set to 3s bars but the GOOG data has 1d bars: it runs on 1d bars';
    expect(r.stdout).toContain(`warning: ${message}\n`);
    expect(r.stderr).toBe(`warn INTERVAL_MISMATCH: ${message}\n`);
  });

  it('says nothing when the entry sets the data interval, or none', () => {
    for (const interval of ['interval: 1d,', '']) {
      const r = backtest(interval);
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
    }
  });
});
