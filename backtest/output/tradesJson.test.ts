import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PositionSide } from '../../src/domain/side.ts';
import type { TradeRecord } from '../metrics/TradeRecord.ts';
import { ByteFile } from './ByteFile.ts';
import { tradeJson, writeTradeItems } from './tradesJson.ts';

const dir = mkdtempSync(join(tmpdir(), 'trades-json-'));

/** The file's text after `lead` then the trades' items, through a buffer of `size` bytes. */
function written(size: number, lead: string, trades: readonly TradeRecord[]): string {
  const file = join(dir, 'out.json');
  const out = new ByteFile(file, size);
  // The lead's bytes put straight at the buffer's start (text() might flush them).
  out.buf.write(lead, 0, 'latin1');
  out.pos = lead.length;
  writeTradeItems(out, trades);
  out.close();
  return readFileSync(file, 'utf8');
}

/** The items as JSON.stringify writes each trade, one per line. */
const stringified = (trades: readonly TradeRecord[]) =>
  trades.map((t) => `\n    ${JSON.stringify(tradeJson(t))}`).join(',');

const TRADE: TradeRecord = {
  strategy: 'sma-cross',
  market: 'BTCUSDT',
  side: PositionSide.LONG,
  quantity: 1,
  entryTime: 0,
  exitTime: 0,
  entryPrice: 1,
  exitPrice: 1,
  pnl: 0,
  fees: 0,
  funding: 0,
};

describe('writeTradeItems', () => {
  it("writes each trade as JSON.stringify's line: awkward numbers, names and times, across many flushes", () => {
    const prices = [99.8077, 101.0654, 0.000123, 65_000.5, 1e-7, 3];
    const varied = (k: number): TradeRecord => ({
      strategy: k % 3 === 0 ? 'sma-cross' : `s${'x'.repeat(k % 17)}`,
      market: k % 2 === 0 ? 'BTCUSDT' : 'ÉTH€',
      side: k % 2 === 0 ? PositionSide.LONG : PositionSide.SHORT,
      quantity: (k % 5) + 0.25,
      entryTime: Date.UTC(2024, 0, 1) + k * 3_600_123,
      exitTime: Date.UTC(2024, 0, 1) + k * 3_600_123 + 59_999,
      entryPrice: prices[k % 6] ?? 1,
      exitPrice: (prices[(k + 1) % 6] ?? 1) * 1.01,
      pnl: ((k % 7) - 3) * 1.594000000000051,
      fees: k % 4 === 0 ? 0 : 0.1 * k,
      funding: k % 9 === 0 ? -0 : -0.01 * k,
    });
    const trades = Array.from({ length: 1_000 }, (_, k) => varied(k));
    expect(written(2_000, '', trades)).toBe(stringified(trades));
  });

  it('fits the longest trade wherever in the buffer it starts', () => {
    // The longest times and numbers: a trade's most bytes besides its names.
    const long = -0.0000012345678901234567;
    const numbers = {
      quantity: long,
      entryPrice: long,
      exitPrice: long,
      pnl: long,
      fees: long,
      funding: long,
    };
    const t = { ...TRADE, ...numbers, entryTime: -8.64e15, exitTime: 8.64e15 };
    for (let lead = 0; lead < 1_000; lead++)
      expect(written(1_000, '#'.repeat(lead), [t, t])).toBe('#'.repeat(lead) + stringified([t, t]));
  });
});
