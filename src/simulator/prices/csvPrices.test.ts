import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { csvPrices, parseBarsCsv } from './csvPrices.ts';

const file = (text: string): string => {
  const f = join(mkdtempSync(join(tmpdir(), 'bars-')), 'bars.csv');
  writeFileSync(f, text);
  return f;
};

describe('csvPrices', () => {
  it('replays bar closes one timestamp per interval of the clock', async () => {
    const f = file(
      'timestamp,symbol,open,high,low,close\n1000,BTCUSDT,1,1,1,100\n1000,ETHUSDT,1,1,1,10\n2000,BTCUSDT,1,1,1,101\n',
    );
    const src = csvPrices(f, { intervalMs: 1_000 });
    expect(src.initial('BTCUSDT')).toBe(100);
    const clock = new VirtualClock();
    const seen: string[] = [];
    src.start(clock, (s, mark) => seen.push(`${s}=${mark}`));
    await clock.advance(2_000);
    expect(seen).toEqual(['BTCUSDT=100', 'ETHUSDT=10', 'BTCUSDT=101']);
  });

  it('names the file and line of a bad row', () => {
    expect(() => parseBarsCsv('timestamp,symbol,close\n1000,BTCUSDT,-5\n', 'bars.csv')).toThrow(
      /bars\.csv:2: close "-5"/,
    );
    expect(() => parseBarsCsv('ts,symbol,close\n', 'b.csv')).toThrow(/b\.csv:1: missing column "timestamp"/);
  });
});
