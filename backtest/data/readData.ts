import { ConfigError } from '../../src/errors/ConfigError.ts';
import { type BarColumns, readBarColumns } from '../../src/market/readBarColumns.ts';
import { type FundingRate, readFundingRates } from '../../src/market/readFundingRates.ts';

/** `SYMBOL=FILE` as given to --data and --funding. */
export interface SymbolFile {
  readonly symbol: string;
  readonly file: string;
}

/** What `data` and `funding` hold, read and checked. */
export interface LoadedData {
  readonly feeds: readonly BarColumns[];
  readonly funding: Readonly<Record<string, readonly FundingRate[]>>;
}

/** Reads every --data and --funding file; a problem is a ConfigError naming the file or flag. */
export function readData(req: {
  readonly data: readonly SymbolFile[];
  readonly funding?: readonly SymbolFile[] | undefined;
}): LoadedData {
  return withFunding(
    req,
    req.data.map((d) => readBarColumns(d.file, { symbol: d.symbol })),
  );
}

/** The feeds with the --funding files read and matched to them. */
export function withFunding(
  req: { readonly funding?: readonly SymbolFile[] | undefined },
  feeds: readonly BarColumns[],
): LoadedData {
  const have = new Set<string>(feeds.map((f) => f.symbol));
  const funding: Record<string, readonly FundingRate[]> = {};
  for (const f of req.funding ?? []) {
    if (!have.has(f.symbol))
      throw new ConfigError(`--funding ${f.symbol}=${f.file}: no --data ${f.symbol}=FILE to apply it to`);
    funding[f.symbol] = readFundingRates(f.file);
  }
  return { feeds, funding };
}
