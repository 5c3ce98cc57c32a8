import { type BarsHeader, barsHeader } from './barsHeader.ts';
import { IssueList } from './IssueList.ts';
import type { ReadBarsOptions } from './parseBarsCsvText.ts';
import { textProblem } from './parseTextProblem.ts';
import { splitCsvLine } from './splitCsvLine.ts';
import { SYMBOL_PATTERN, symbolFromFileName } from './symbolFromFileName.ts';

const CR = 13;
const QUOTE = 34;

/** What each column of a row is read as. */
export const Cell = { skip: 0, number: 1, time: 2 } as const;

/** How the byte parser reads a file's rows: decided once, from its header line. */
export interface BarBytesPlan {
  readonly symbol: string;
  readonly header: BarsHeader;
  /** A Cell per column. */
  readonly kinds: Uint8Array;
}

/** The header line as readTextFile and parseBarColumnsFast see it, or undefined. */
function headerLine(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    // readTextFile's decoder: it drops a leading byte-order mark, and refuses bad UTF-8.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // parseBarColumnsFast drops a (second) mark too, and a CR before the LF.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.charCodeAt(text.length - 1) === CR ? text.slice(0, -1) : text;
}

/**
 * The plan for a file whose header line (without its LF) is `line`; undefined whenever the text
 * path must read the file instead — a quote in the header, a symbol column, a bad name or option
 * — for it words the error. The rows' own quotes are the row parser's to refuse.
 */
export function barBytesPlan(line: Uint8Array, file: string, o: ReadBarsOptions): BarBytesPlan | undefined {
  const symbol = o.symbol?.trim().toUpperCase() ?? symbolFromFileName(file);
  if (symbol === undefined || !SYMBOL_PATTERN.test(symbol) || line.indexOf(QUOTE) >= 0) return undefined;
  if (o.intervalMs !== undefined && !(o.intervalMs > 0)) return undefined;
  const text = headerLine(line);
  if (text === undefined) return undefined;
  const h = barsHeader(splitCsvLine(text), 1, new IssueList(file));
  if (h === undefined || h.symbol >= 0 || text.trim() === '' || textProblem(text, 'CSV')) return undefined;
  const kinds = new Uint8Array(h.width);
  for (const c of [h.open, h.high, h.low, h.close, h.volume]) if (c >= 0) kinds[c] = Cell.number;
  kinds[h.time] = Cell.time;
  return { symbol, header: h, kinds };
}
