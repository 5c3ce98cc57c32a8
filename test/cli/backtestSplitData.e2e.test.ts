import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORTH_SPLITTING } from '../../src/market/readBarColumnsSplit.ts';
import { smaReverseConfig, writeRandomWalkCsv } from '../bench/support/randomWalkCsv.ts';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'backtest-split-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = join(dir, 'walk.yaml');
writeFileSync(config, smaReverseConfig('lastOpen'));

/** A random walk written as pandas writes floats, larger than the size at which it is parsed on several threads. */
const big = join(dir, 'walk.csv');
writeRandomWalkCsv(big, 360_000, 'float');
const text = readFileSync(big, 'latin1');

/**
 * A --json report by its figures and its digest: the reports are tens of MB, too long for a diff
 * of the text to be readable (or quick) when they differ.
 */
function summary(doc: string) {
  const d = JSON.parse(doc) as { finalEquity: number; metrics: { overall: { trades: number } } };
  const sha256 = createHash('sha256').update(doc).digest('hex');
  return { finalEquity: d.finalEquity, trades: d.metrics.overall.trades, sha256 };
}

/** `perpflow backtest` through the launcher, as a user runs it. */
function backtest(data: string, json: string) {
  return spawnSync(
    process.execPath,
    [join(root, 'bin/perpflow.js'), 'backtest', config, '--data', `WALK=${data}`, '--json', json],
    { cwd: root, encoding: 'utf8', env: { ...process.env, PERPFLOW_HOST_DIR: dir } },
  );
}

describe('perpflow backtest --data with a file large enough to be parsed on several threads', () => {
  it('trades exactly as on the same rows read by the text path', () => {
    expect(text.length).toBeGreaterThan(WORTH_SPLITTING);
    // A quoted header name: the byte parser refuses the file, the one-thread text path reads it.
    const quoted = join(dir, 'walk-quoted.csv');
    writeFileSync(quoted, `"time"${text.slice(4)}`);
    const split = backtest(big, join(dir, 'split.json'));
    const plain = backtest(quoted, join(dir, 'plain.json'));
    expect(split.status, split.stderr).toBe(0);
    expect(plain.status, plain.stderr).toBe(0);
    const [a, b] = ['split.json', 'plain.json'].map((f) => summary(readFileSync(join(dir, f), 'utf8')));
    expect(a?.trades).toBeGreaterThan(1000);
    expect(a).toEqual(b);
  });

  it('names the line of a malformed row in the second half, in the words of the one-thread path', () => {
    const bad = join(dir, 'walk-bad.csv');
    const row = text.indexOf('\n', Math.floor(text.length * 0.75)) + 1;
    const open = text.indexOf(',', row) + 1;
    writeFileSync(bad, `${text.slice(0, open)}1;5${text.slice(text.indexOf(',', open))}`);
    const line = text.slice(0, row).split('\n').length;
    const r = backtest(bad, join(dir, 'bad.json'));
    expect(r.stderr).toBe(`error: ${bad}:${line}:26 open: "1;5" is not a number\n`);
    expect(r.status).toBe(2);
  });
});
