import { ConfigError } from '../../src/errors/ConfigError.ts';
import type { LoadedData } from '../data/readData.ts';

/** The data's time range [start, end), within --from/--to, as walkForward measures it. */
export function dataRange(loaded: LoadedData, from?: number, to?: number): { start: number; end: number } {
  const times = loaded.feeds.map((f) => f.time);
  const start = Math.max(from ?? Number.NEGATIVE_INFINITY, Math.min(...times.map((t) => t[0] ?? Number.NaN)));
  const end = Math.min(
    to ?? Number.POSITIVE_INFINITY,
    Math.max(...times.map((t) => t.at(-1) ?? Number.NaN)) + 1,
  );
  return { start, end };
}

/** `--train 70%`: the fraction of the range the search sees (1–99%). */
export function parseTrain(raw: string): number {
  const m = /^(\d{1,2})%$/.exec(raw);
  const pct = Number(m?.[1]);
  if (m === null || !(pct >= 1 && pct <= 99))
    throw new ConfigError(`--train ${raw}: expected the share the search sees, 1% to 99%, like --train 70%`);
  return pct / 100;
}

/** The training head and the held-out tail of the range, split in time. */
export function splitRange(range: { start: number; end: number }, fraction: number) {
  const at = Math.round(range.start + fraction * (range.end - range.start));
  return { train: { from: range.start, to: at }, test: { from: at, to: range.end } };
}
