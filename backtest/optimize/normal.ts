/**
 * The standard normal's tails with relative accuracy (Numerical Recipes' erfc, fractional error
 * below 1.2e-7 everywhere), so log-densities far from a kernel stay finite and ordered.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Φ(z), the standard normal CDF. */
export const normalCdf = (z: number): number => 0.5 * erfc(-z / Math.SQRT2);

/** log(Φ(b) − Φ(a)) for a < b, computed on the side of the tail that keeps precision. */
export function logNormalMass(a: number, b: number): number {
  const mass = a > 0 ? normalCdf(-a) - normalCdf(-b) : normalCdf(b) - normalCdf(a);
  return Math.log(Math.max(mass, 1e-300));
}

/** Acklam's inverse normal CDF (relative error below 1.2e-9), for p in (0, 1). */
export function normalPpf(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0] = a;
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0] = b;
  const [c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0] = c;
  const [d0 = 0, d1 = 0, d2 = 0, d3 = 0] = d;
  const q0 = Math.min(Math.max(p, 1e-300), 1 - 1e-16);
  if (q0 < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(q0));
    return (
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  if (q0 > 1 - 0.02425) return -normalPpf(1 - q0);
  const q = q0 - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/** A draw of N(0, 1) truncated to [a, b], by inversion on the tail side that keeps precision. */
export function truncatedNormal(a: number, b: number, u: number): number {
  if (a > 0) return -truncatedNormal(-b, -a, 1 - u);
  const lo = normalCdf(a);
  const hi = normalCdf(b);
  const z = normalPpf(lo + u * (hi - lo));
  return Math.min(Math.max(z, a), b);
}
