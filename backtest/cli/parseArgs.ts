import { ConfigError } from '../../src/errors/ConfigError.ts';
import { parseBarTime } from '../../src/market/parseBarTime.ts';
import type { SymbolFile } from '../data/readData.ts';

/** `SYMBOL=FILE` of --data and --funding; the symbol as the config's markets spell it. */
export function parseSymbolFile(flag: string, raw: string): SymbolFile {
  const eq = raw.indexOf('=');
  const symbol = eq > 0 ? raw.slice(0, eq) : '';
  const file = eq > 0 ? raw.slice(eq + 1) : '';
  if (!/^[A-Z0-9]{2,20}$/.test(symbol) || file === '')
    throw new ConfigError(
      `${flag} ${raw}: expected SYMBOL=FILE with SYMBOL in upper-case letters and digits, like ${flag} BTCUSDT=data/btc-1h.csv`,
    );
  return { symbol, file };
}

/** --from / --to: ISO 8601 UTC (or YYYY-MM-DD), as epoch ms. */
export function parseWhen(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  let ms: number | undefined;
  try {
    ms = parseBarTime(raw);
  } catch {
    ms = undefined;
  }
  if (ms === undefined || !Number.isFinite(ms))
    throw new ConfigError(
      `${flag} ${raw}: expected an ISO 8601 UTC time, like 2021-11-17T00:00:00Z or 2021-11-17`,
    );
  return ms;
}
