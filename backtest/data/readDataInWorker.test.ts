import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { readData } from './readData.ts';
import { readDataInWorker } from './readDataInWorker.ts';

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
});
