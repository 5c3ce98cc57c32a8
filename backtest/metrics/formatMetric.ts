export type MetricUnit = 'percent' | 'ratio' | 'money' | 'count' | 'ms';

/**
 * `x` to `digits` significant digits, trailing zeros dropped: 0.0022, 12.34, 522.1. Numbers of
 * `digits` or more integer digits keep them all (10009136.6 → 10009137); tiny ones go exponential.
 */
export function significant(x: number, digits = 4): string {
  if (Math.abs(x) >= 10 ** digits) return Math.round(x).toString();
  // The rounded decimal read back as a number prints without trailing zeros, in exponent form
  // below 1e-6 (a value rounding up to 1e-6 prints as 0.000001, as 1e-6 itself does).
  return Number(x.toPrecision(digits)).toString();
}

/**
 * "10009136.60" → "10,009,136.60": thousands apart, whatever the machine's locale (the HTML cards;
 * the terminal keeps plain numbers, which scripts read back).
 */
export function groupThousands(text: string): string {
  const [whole = '', cents] = text.split('.');
  const g = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents === undefined ? g : `${g}.${cents}`;
}

const DURATION_UNITS = [
  [86_400_000, 'd'],
  [3_600_000, 'h'],
  [60_000, 'min'],
  [1_000, 's'],
] as const;

/**
 * How a metric prints, each at the precision its magnitude needs: null is "N/A"; fractions as
 * percentages to 4 significant digits (0.000022 → "0.0022 %", not "0.00 %"); ratios to 4;
 * money to the cent (below 1, 4 significant digits); durations in their largest whole unit.
 */
export function formatMetric(value: number | null, unit: MetricUnit): string {
  if (value === null) return 'N/A';
  switch (unit) {
    case 'percent':
      return `${significant(value * 100)} %`;
    case 'ratio':
      return significant(value);
    case 'money':
      return Math.abs(value) >= 1 ? value.toFixed(2) : significant(value);
    case 'count':
      return String(value);
    case 'ms': {
      const [size, name] = DURATION_UNITS.find(([u]) => Math.abs(value) >= u) ?? [1, 'ms'];
      return `${significant(value / size, 3)} ${name}`;
    }
  }
}
