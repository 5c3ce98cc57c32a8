import type { Choice, SearchSpace } from '../../src/config/searchSpace.ts';
import { type Axis, axisOf, type Point } from './coordinate.ts';
import { logNormalMass, truncatedNormal } from './normal.ts';
import type { Rng } from './rng.ts';

type Dim =
  | {
      readonly kind: 'number';
      readonly name: string;
      readonly axis: Axis;
      readonly mu: Float64Array;
      readonly sigma: Float64Array;
      readonly logZ: Float64Array;
      readonly stepped: boolean;
    }
  | {
      readonly kind: 'choice';
      readonly name: string;
      readonly choices: readonly Choice[];
      readonly logP: readonly Float64Array[];
    };

/** Optuna's multivariate bandwidth: 0.2 · n^(−1/(d+4)) of the axis (Scott's rule for d dimensions). */
const SIGMA0 = 0.2;
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

/**
 * A multivariate Parzen estimator as Optuna's TPE (multivariate=True) builds one: one kernel per
 * observation plus a prior kernel (the axis's middle, the axis's width, weight `priorWeight`),
 * each a product over parameters of a truncated normal on the parameter's axis (log axis on a
 * log scale) or a categorical that puts 1 on the observed choice plus priorWeight/k on every choice.
 * Bandwidths are clipped to [width/min(100, 1 + kernels), width] (Optuna's "magic clip").
 *
 * A continuous kernel's log density leaves out −log σ, as Optuna 3.1's truncnorm.logpdf does.
 * The observation kernels share one σ, so this only raises the wide prior kernel against them,
 * by (σ_prior/σ)^d: far from every observation the prior decides. With −log σ in, the median
 * best of 10-d Rosenbrock (100 trials, 20 seeds) was 11,920 against Optuna's 3,777; without, 3,766.
 */
export class ParzenEstimator {
  readonly #weights: Float64Array;
  readonly #logWeights: Float64Array;
  readonly #dims: readonly Dim[];

  constructor(
    space: SearchSpace,
    observations: readonly Point[],
    weights: readonly number[],
    priorWeight = 1,
  ) {
    const n = observations.length;
    const k = n + 1;
    const w = Float64Array.from([...weights, priorWeight]);
    const total = w.reduce((a, b) => a + b, 0);
    this.#weights = w.map((x) => x / total);
    this.#logWeights = this.#weights.map(Math.log);
    const d = space.params.length;
    this.#dims = space.params.map(({ name, domain }): Dim => {
      if (domain.kind === 'categorical') {
        const c = domain.choices.length;
        const logP = Array.from({ length: k }, (_, i) => {
          // Optuna 3.1's smoothing: priorWeight / (observations + 1) on every choice.
          const row = new Float64Array(c).fill(priorWeight / k);
          if (i < n) {
            const at = domain.choices.indexOf(observations[i]?.[name] ?? '');
            if (at >= 0) row[at] = (row[at] ?? 0) + 1;
          }
          const s = row.reduce((a, b) => a + b, 0);
          return row.map((x) => Math.log(x / s));
        });
        return { kind: 'choice', name, choices: domain.choices, logP };
      }
      const axis = axisOf(domain);
      const width = axis.high - axis.low;
      const mu = new Float64Array(k);
      const sigma = new Float64Array(k);
      const bandwidth = SIGMA0 * Math.max(n, 1) ** (-1 / (d + 4)) * width;
      const minSigma = width / Math.min(100, 1 + k);
      for (let i = 0; i < k; i++) {
        const v = observations[i]?.[name];
        mu[i] = i < n && typeof v === 'number' ? axis.to(v) : 0.5 * (axis.low + axis.high);
        sigma[i] = Math.min(Math.max(i < n ? bandwidth : width, minSigma), width);
      }
      const logZ = mu.map((m, i) =>
        logNormalMass((axis.low - m) / (sigma[i] ?? 1), (axis.high - m) / (sigma[i] ?? 1)),
      );
      // A log-scale int is continuous on its log axis, then rounded (as Optuna 3.1).
      return {
        kind: 'number',
        name,
        axis,
        mu,
        sigma,
        logZ,
        stepped: domain.step !== undefined && !domain.log,
      };
    });
  }

  sample(rng: Rng): Point {
    let u = rng();
    let k = 0;
    while (k < this.#weights.length - 1 && u >= (this.#weights[k] ?? 0)) u -= this.#weights[k++] ?? 0;
    const point: Record<string, Choice> = {};
    for (const dim of this.#dims) {
      if (dim.kind === 'choice') {
        let v = rng();
        const row = dim.logP[k] ?? new Float64Array();
        let c = 0;
        while (c < row.length - 1 && v >= Math.exp(row[c] ?? 0)) v -= Math.exp(row[c++] ?? 0);
        point[dim.name] = dim.choices[c] ?? '';
        continue;
      }
      const m = dim.mu[k] ?? 0;
      const s = dim.sigma[k] ?? 1;
      const z = truncatedNormal((dim.axis.low - m) / s, (dim.axis.high - m) / s, rng());
      point[dim.name] = dim.axis.from(m + s * z);
    }
    return point;
  }

  /** log density (of the cell, for a stepped parameter) of the point under the mixture. */
  logPdf(point: Point): number {
    const k = this.#weights.length;
    const terms = Float64Array.from(this.#logWeights);
    for (const dim of this.#dims) {
      const v = point[dim.name];
      if (dim.kind === 'choice') {
        const at = dim.choices.indexOf(v ?? '');
        for (let i = 0; i < k; i++)
          terms[i] = (terms[i] ?? 0) + (dim.logP[i]?.[at] ?? Number.NEGATIVE_INFINITY);
        continue;
      }
      const value = typeof v === 'number' ? v : Number.NaN;
      const [c0, c1] = dim.stepped ? dim.axis.cell(value) : [dim.axis.to(value), 0];
      const lo = Math.max(c0, dim.axis.low);
      const hi = Math.min(c1, dim.axis.high);
      for (let i = 0; i < k; i++) {
        const m = dim.mu[i] ?? 0;
        const s = dim.sigma[i] ?? 1;
        const logp = dim.stepped
          ? logNormalMass((lo - m) / s, (hi - m) / s)
          : -0.5 * ((lo - m) / s) ** 2 - HALF_LOG_2PI; // no − log σ: see the class comment
        terms[i] = (terms[i] ?? 0) + logp - (dim.logZ[i] ?? 0);
      }
    }
    let max = Number.NEGATIVE_INFINITY;
    for (const t of terms) if (t > max) max = t;
    if (max === Number.NEGATIVE_INFINITY) return max;
    let sum = 0;
    for (const t of terms) sum += Math.exp(t - max);
    return max + Math.log(sum);
  }
}
