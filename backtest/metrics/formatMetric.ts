/** How a metric prints: null is "N/A"; fractions as percentages, ratios to 2 decimals, durations in days. */
export function formatMetric(
  value: number | null,
  unit: 'percent' | 'ratio' | 'money' | 'count' | 'ms',
): string {
  if (value === null) return 'N/A';
  switch (unit) {
    case 'percent':
      return `${(value * 100).toFixed(2)} %`;
    case 'ratio':
      return value.toFixed(2);
    case 'money':
      return value.toFixed(2);
    case 'count':
      return String(value);
    case 'ms':
      return `${(value / 86_400_000).toFixed(2)} d`;
  }
}
