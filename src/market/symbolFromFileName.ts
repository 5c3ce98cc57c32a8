import { basename } from 'node:path';

export const SYMBOL_PATTERN = /^[A-Z0-9]{2,20}$/;

/**
 * The market a file is named after: the part before the first `-`, `_` or `.`, upper-cased
 * (`XRPUSDT-PERP-1h.csv` → `XRPUSDT`, `EURUSD-1h.csv` → `EURUSD`); undefined when that part is
 * not 2–20 letters or digits.
 */
export function symbolFromFileName(file: string): string | undefined {
  const name = basename(file);
  let end = 0;
  while (end < name.length && name[end] !== '-' && name[end] !== '_' && name[end] !== '.') end++;
  const symbol = name.slice(0, end).toUpperCase();
  return SYMBOL_PATTERN.test(symbol) ? symbol : undefined;
}
