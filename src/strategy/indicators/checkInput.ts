/**
 * Refuses a window length that is not a positive integer and an input that is not a finite
 * number: a NaN would otherwise sit in a running sum or a deque and poison every later result,
 * where the library's re-computed window would recover after `interval` updates.
 */
export function checkInterval(name: string, interval: number): number {
  if (!Number.isInteger(interval) || interval < 1)
    throw new RangeError(`${name}: the interval must be a positive integer, got ${interval}`);
  return interval;
}

export function checkFinite(name: string, value: number): number {
  if (!Number.isFinite(value)) throw new TypeError(`${name}: input ${value} is not a finite number`);
  return value;
}
