import type { ConfigPath } from './configPath.ts';
import type { PerpflowConfig } from './schema.ts';

export interface ConfigProblem {
  readonly path: ConfigPath;
  readonly message: string;
}

/** Levenshtein distance: how many single-character edits turn `a` into `b`. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** Up to `n` listed symbols nearest to `symbol`, nearest first (ties alphabetical). */
export function closestMarkets(symbol: string, listed: readonly string[], n = 3): string[] {
  return [...listed]
    .map((s) => ({ s, d: distance(symbol, s) }))
    .sort((x, y) => x.d - y.d || x.s.localeCompare(y.s))
    .slice(0, n)
    .map((x) => x.s);
}

/**
 * Each strategy market the venue does not list, at `strategies[i].markets[j]`, with the closest
 * listed ones: a market nobody lists would otherwise be polled and refused every second, forever.
 */
export function unlistedMarkets(
  config: Pick<PerpflowConfig, 'strategies'>,
  listed: readonly string[],
  venue: string,
): ConfigProblem[] {
  const known = new Set(listed);
  const problems: ConfigProblem[] = [];
  config.strategies.forEach((s, i) => {
    if (!s.enabled) return;
    s.markets.forEach((m, j) => {
      if (known.has(m)) return;
      const near = closestMarkets(m, listed);
      problems.push({
        path: ['strategies', i, 'markets', j],
        message: `${venue} does not list market ${m}${near.length > 0 ? ` (closest: ${near.join(', ')})` : ' (it lists no market)'}`,
      });
    });
  });
  return problems;
}
