import { readFileSync } from 'node:fs';
import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import type { PriceSink, PriceSource } from './PriceSource.ts';

interface Row {
  readonly ts: number;
  readonly symbol: string;
  readonly close: number;
}

/**
 * Parses bars `timestamp,symbol,open,high,low,close[,volume]` (header required; timestamp in
 * epoch ms or ISO). Every error names the file and line.
 */
export function parseBarsCsv(text: string, file: string): readonly Row[] {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new ConfigError(`${file}:1: missing column "${name}" in the header`);
    return i;
  };
  const [iTs, iSym, iClose] = [col('timestamp'), col('symbol'), col('close')];
  const rows: Row[] = [];
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n]?.trim();
    if (!line) continue;
    const cells = line.split(',');
    const rawTs = cells[iTs]?.trim() ?? '';
    const ts = /^\d+$/.test(rawTs) ? Number(rawTs) : Date.parse(rawTs);
    const close = Number(cells[iClose]);
    const symbol = cells[iSym]?.trim() ?? '';
    if (!Number.isFinite(ts)) throw new ConfigError(`${file}:${n + 1}: timestamp "${rawTs}" is not a date`);
    if (!(close > 0))
      throw new ConfigError(`${file}:${n + 1}: close "${cells[iClose]}" is not a positive number`);
    if (!symbol) throw new ConfigError(`${file}:${n + 1}: symbol is empty`);
    rows.push({ ts, symbol, close });
  }
  if (rows.length === 0) throw new ConfigError(`${file}: no bars`);
  return rows.sort((a, b) => a.ts - b.ts);
}

/**
 * Replays bar closes as marks: one bar timestamp per `intervalMs` of the clock, in file order;
 * when the file ends the last prices stay. Bar timestamps order the replay, the clock paces it.
 */
export function csvPrices(file: string, o: { intervalMs?: number } = {}): PriceSource {
  const rows = parseBarsCsv(readFileSync(file, 'utf8'), file);
  const intervalMs = o.intervalMs ?? 1_000;
  const first = new Map<string, number>();
  for (const r of rows) if (!first.has(r.symbol)) first.set(r.symbol, r.close);
  return {
    kind: 'csv',
    initial: (symbol) => first.get(symbol),
    start(clock: Clock, sink: PriceSink) {
      let i = 0;
      let handle: TimerHandle | undefined;
      const step = (): void => {
        const ts = rows[i]?.ts;
        while (i < rows.length && rows[i]?.ts === ts) {
          const r = rows[i++] as Row;
          sink(r.symbol, r.close, r.close, clock.now());
        }
        if (i < rows.length) handle = clock.setTimeout(step, intervalMs);
      };
      handle = clock.setTimeout(step, intervalMs);
      return () => {
        if (handle) clock.clearTimeout(handle);
      };
    },
  };
}
