/** a / b, or null when either is missing, b is 0, or the quotient is not finite. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || b === 0) return null;
  const q = a / b;
  return Number.isFinite(q) ? q : null;
}
