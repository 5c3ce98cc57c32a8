import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { smaReverseConfig, writeRandomWalkCsv } from '../../test/bench/support/randomWalkCsv.ts';
import { backtestFromFiles, COLLECT_FROM_BARS } from '../backtestFromFiles.ts';
import { readData } from '../data/readData.ts';
import { runSweepJob } from './runSweepJob.ts';

const dir = mkdtempSync(join(tmpdir(), 'perpflow-sweepjob-'));
const configFile = join(dir, 'sma.yaml');
const csv = join(dir, 'WALK.csv');
writeFileSync(configFile, smaReverseConfig('lastClose'));
writeRandomWalkCsv(csv, COLLECT_FROM_BARS);
const request = { configFile, data: [{ symbol: 'WALK', file: csv }] };
const had = Reflect.get(globalThis, 'gc');

describe('runSweepJob', () => {
  afterEach(() => Reflect.set(globalThis, 'gc', had));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs a set without the collection a lone backtest of as many bars makes before its report', async () => {
    let calls = 0;
    Reflect.set(globalThis, 'gc', () => calls++);
    await backtestFromFiles(request);
    expect(calls).toBe(1);
    const answer = await runSweepJob(
      { index: 0, request, params: { '*': { fast: 5 } } },
      ['sma-cross'],
      readData(request),
    );
    expect(answer.ok).toBe(true);
    expect(calls).toBe(1);
  });
});
