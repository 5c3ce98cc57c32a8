import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { writeRandomWalkCsv } from '../../test/bench/support/randomWalkCsv.ts';
import { readData } from './readData.ts';
import { readDataInWorker, startReadingData } from './readDataInWorker.ts';

const fixture = (name: string) => join(import.meta.dirname, '../../test/fixtures', name);

describe('readDataInWorker', () => {
  it('reads the same columns and funding as reading on this thread', async () => {
    const req = {
      data: [{ symbol: 'XRPUSDT', file: fixture('bars/XRPUSDT-PERP-1h.csv') }],
      funding: [{ symbol: 'XRPUSDT', file: fixture('bars/XRPUSDT-funding-8h.csv') }],
    };
    const here = readData(req);
    const there = await readDataInWorker(req).result;
    expect(there?.feeds[0]?.length).toBe(25);
    expect(there).toEqual(here);
  });

  it('answers undefined for a malformed file, which reading on this thread then names by line and column', async () => {
    const req = { data: [{ symbol: 'XRPUSDT', file: fixture('data/XRPUSDT-bad-number.csv') }] };
    await expect(readDataInWorker(req).result).resolves.toBeUndefined();
    expect(() => readData(req)).toThrow(ConfigError);
    expect(() => readData(req)).toThrow(/XRPUSDT-bad-number\.csv:3:24 high: "1;5" is not a number/);
  });

  it('answers undefined for a missing file', async () => {
    const req = { data: [{ symbol: 'XRPUSDT', file: fixture('data/no-such-file.csv') }] };
    await expect(readDataInWorker(req).result).resolves.toBeUndefined();
  });

  it('starts a thread for large files only, and never for a sweep', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-read-'));
    try {
      const big = join(dir, 'WALK-1m.csv');
      writeRandomWalkCsv(big, 80_000);
      const small = fixture('bars/XRPUSDT-PERP-1h.csv');
      expect(startReadingData({ data: [`XRPUSDT=${small}`] })).toBeUndefined();
      expect(startReadingData({ data: [`WALK=${big}`], sweep: ['fast=5..10:5'] })).toBeUndefined();
      expect(startReadingData({ data: ['not a flag'] })).toBeUndefined();
      const reading = startReadingData({ data: [`WALK=${big}`] });
      const loaded = await reading?.result;
      expect(loaded?.feeds[0]?.length).toBe(80_000);
      expect(loaded).toEqual(readData({ data: [{ symbol: 'WALK', file: big }] }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
