import type { Rng } from '../rng.ts';

/**
 * How long the solver takes from accept to fill, in whole milliseconds: uniform in [min, max],
 * or log-normal with a median and a 99th percentile — the long tail of a real solver, where
 * most fills are quick and a few take many times longer. The tail is cut at 10 × p99.
 */
export type FillLatency =
  | { readonly min: number; readonly max: number }
  | { readonly median: number; readonly p99: number };

/** z of the 99th percentile of the standard normal. */
const Z99 = 2.326347874040841;

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
