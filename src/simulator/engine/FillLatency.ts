import type { FillLatency } from '../../config/sections/simulator.ts';
import type { Rng } from '../rng.ts';

export type { FillLatency };

/** z of the 99th percentile of the standard normal. */
const Z99 = 2.326347874040841;

/**
 * One fill delay: uniform, or log-normal (the long tail of a real solver, where most fills are
 * quick and a few take many times longer), cut at 10 × p99.
 */
export function sampleLatency(l: FillLatency, rng: Rng): number {
  if ('min' in l) return rng.int(l.min, l.max);
  if (l.median === l.p99) return l.median;
  const sigma = Math.log(l.p99 / l.median) / Z99;
  const ms = Math.round(l.median * Math.exp(sigma * rng.normal()));
  return Math.min(ms, 10 * l.p99);
}

export function describeLatency(l: FillLatency): string {
  return 'min' in l ? `uniform ${l.min}–${l.max} ms` : `log-normal, median ${l.median} ms, p99 ${l.p99} ms`;
}
