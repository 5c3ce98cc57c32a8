import type { MarketSpec } from '../domain/market.ts';
import { decodeValue, encodeValue } from '../kernel/record/recordCodec.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';
import { defaultMarkets, type SimMarket } from '../simulator/markets.ts';

/** Each market's first recorded mark: where the replay's simulator starts its prices. */
export function firstMarks(lines: readonly RecordLine[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of lines)
    if (l.k === 'p') for (const [symbol, mark] of l.r ?? []) if (!(symbol in out)) out[symbol] = mark;
  return out;
}

/**
 * The markets of the replay's simulator: the recorded venue's catalog as the recorded process
 * read it (ids, precisions, fees, limits), so a new request is sized and checked as that venue
 * would; what a catalog does not say (the solver's spread, margin, funding, hours) is the
 * simulator's own for that symbol, or its first market's for a symbol it does not list.
 */
export function simulatorMarkets(lines: readonly RecordLine[]): readonly SimMarket[] {
  const defaults = defaultMarkets();
  const read = lines.find((l) => l.k === 'c' && l.op === 'markets' && l.r !== undefined);
  if (read?.k !== 'c') return defaults;
  const marks = firstMarks(lines);
  const fallback = defaults[0];
  return decodeValue<MarketSpec[]>(encodeValue(read.r)).flatMap((spec) => {
    const own = defaults.find((m) => m.spec.symbol === spec.symbol);
    const base = own ?? fallback;
    if (base === undefined) return [];
    const { hours: _hours, ...rest } = base;
    return [
      {
        ...rest,
        spec,
        initialPrice: marks[spec.symbol] ?? base.initialPrice,
        ...(own?.hours === undefined ? {} : { hours: own.hours }),
      },
    ];
  });
}
