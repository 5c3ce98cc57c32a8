/** Where a backtest took a market's funding rates from, so the output can say so. */
export type FundingSource =
  | { readonly kind: 'series'; readonly file: string }
  | { readonly kind: 'constant'; readonly rate: number }
  | { readonly kind: 'spec'; readonly rate: number };

/**
 * Each market's source in the driver's order of precedence: `--funding SYMBOL=FILE`, else
 * `backtest.fundingRate`, else the market spec's (its rate given when known).
 */
export function fundingSources(
  symbols: readonly string[],
  files: readonly { readonly symbol: string; readonly file: string }[] | undefined,
  fundingRate: number | undefined,
  specRate: (symbol: string) => number = () => 0,
): Record<string, FundingSource> {
  const out: Record<string, FundingSource> = {};
  for (const s of symbols) {
    const file = files?.find((f) => f.symbol === s)?.file;
    out[s] =
      file !== undefined
        ? { kind: 'series', file }
        : fundingRate !== undefined
          ? { kind: 'constant', rate: fundingRate }
          : { kind: 'spec', rate: specRate(s) };
  }
  return out;
}

/** One line per source: "funding: XRPUSDT series data/….csv; BTCUSDT the market spec's default (0)". */
export function describeFunding(sources: Readonly<Record<string, FundingSource>>): string {
  const parts = Object.entries(sources).map(([s, f]) =>
    f.kind === 'series'
      ? `${s} from the series ${f.file}`
      : f.kind === 'constant'
        ? `${s} at the constant backtest.fundingRate ${f.rate}`
        : `${s} at the market spec's default rate ${f.rate}`,
  );
  return `funding: ${parts.join('; ')}`;
}
