const UNIT_MS = new Map([
  ['s', 1_000],
  ['m', 60_000],
  ['h', 3_600_000],
  ['d', 86_400_000],
  ['w', 604_800_000],
]);

/** `30s`, `1m`, `5m`, `1h`, `4h`, `1d`, `1w` → milliseconds; anything else is refused by name. */
export function parseInterval(text: string): number {
  const m = /^(\d+)([smhdw])$/.exec(text.trim());
  const unitMs = UNIT_MS.get(m?.[2] ?? '');
  if (m === null || unitMs === undefined || Number(m[1]) === 0)
    throw new RangeError(`not a bar interval: ${JSON.stringify(text)} (expected like 30s, 1m, 5m, 1h, 1d)`);
  return Number(m[1]) * unitMs;
}

/** Milliseconds → the interval as `parseInterval` reads it, in the largest unit that divides it (`3600000` → `1h`). */
export function intervalText(ms: number): string {
  for (const [unit, size] of [...UNIT_MS].reverse()) if (ms % size === 0) return `${ms / size}${unit}`;
  return `${ms / 1000}s`;
}
